import ArgumentParser
import PaginateKit

/// `paginate locate <input> --offset N`: prints the page that holds byte N.
struct Locate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the 1-based number of the page whose byte range holds the given byte offset."
    )

    @Argument(help: ArgumentHelp("The text file, or - for standard input.", valueName: "input"))
    var input: String

    @Option(help: ArgumentHelp("A byte offset into the input (0-based; the input's length means its end).", valueName: "bytes"))
    var offset: Int

    @OptionGroup var layout: LayoutOptions

    func validate() throws {
        guard offset >= 0 else { throw ValidationError("--offset must be 0 or more (got \(offset))") }
    }

    func run() throws {
        try reportingErrors {
            let job = try Job.run(inputPath: input, options: layout, includeRuns: false)
            guard let index = job.layout.pageIndex(containing: offset) else {
                throw CLIError(message: "offset \(offset) is beyond the end of the input (\(job.layout.sourceLength) bytes)", code: .usage)
            }
            print(index + 1)
        }
    }
}
