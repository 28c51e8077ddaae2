import ArgumentParser
import PaginateExport
import PaginateKit

/// `paginate map <input>`: prints the JSON page map.
struct Map: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the page map as JSON: each page's byte range [start, end) and line count, with the settings used."
    )

    @Argument(help: ArgumentHelp("The text file, or - for standard input.", valueName: "input"))
    var input: String

    @OptionGroup var layout: LayoutOptions

    func run() throws {
        try reportingErrors {
            let job = try Job.run(inputPath: input, options: layout, includeRuns: false)
            print(PageMapJSON.render(job.layout, source: input == "-" ? nil : input), terminator: "")
        }
    }
}
