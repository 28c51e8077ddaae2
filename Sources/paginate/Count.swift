import ArgumentParser
import PaginateKit

/// `paginate count <input>`: prints the number of pages and nothing else.
struct Count: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the number of pages the text fills (the same pages render writes)."
    )

    @Argument(help: ArgumentHelp("The text file, or - for standard input.", valueName: "input"))
    var input: String

    @OptionGroup var layout: LayoutOptions

    func run() throws {
        try reportingErrors {
            let job = try Job.run(inputPath: input, options: layout, includeRuns: false)
            print(job.layout.pageCount)
        }
    }
}
