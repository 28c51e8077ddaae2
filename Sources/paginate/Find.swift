import ArgumentParser
import PaginateExport
import PaginateKit

/// `paginate find <input> PHRASE`: every occurrence of a phrase, with its page, line and rectangles.
struct Find: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print every occurrence of a phrase: its page, its line on the page and its byte range.",
        discussion: """
            Matching is exact (case-sensitive) except for white space: any run of white space in \
            PHRASE matches any run of white space in the text, so a phrase the source wraps across \
            lines is found. Occurrences do not overlap and come in text order.

            Prints one line per occurrence, three fields separated by tabs: \
            '<page><TAB><line><TAB><start>-<end>', e.g. '1<TAB>12<TAB>2190-2230': the 1-based page and \
            the 1-based line on that page (over all columns, in reading order) where the occurrence \
            starts, and its half-open byte range.

            --json prints one JSON object per line and per occurrence: {"version": 1, "start": 2190, \
            "end": 2230, "page": 1, "line": 12, "rects": [{"page": 1, "x": 200.5, "y": 181.2, "width": \
            137.6, "height": 13.2}, …]}. 'rects' holds one rectangle per laid-out line the occurrence \
            touches, in reading order, each with its page: an occurrence broken across lines or pages \
            has several. Rectangles are in page coordinates: points, origin at the page's top-left \
            corner, y growing down.

            Only the text up to the page of the last occurrence is laid out.

            Exit codes: 0 found; 1 no occurrence (nothing is printed, like grep); 64 usage error; 65 a \
            page cannot hold one line; 66 the input or a font cannot be read.

            Examples:
              paginate find book.txt "Mr. Darcy"
              paginate find book.txt "Mr. Darcy" --max-count 3 --json
              paginate find book.txt "my dear" --page a6 --size 9
            """
    )

    @Argument(help: ArgumentHelp("The text file, or - for standard input.", valueName: "input"))
    var input: String

    @Argument(help: ArgumentHelp("The phrase to find.", valueName: "phrase"))
    var phrase: String

    @Option(name: .customLong("max-count"), help: ArgumentHelp("Stop after this many occurrences.", valueName: "n"))
    var maxCount: Int?

    @Flag(help: "Print JSON lines: one object per occurrence, with its rectangles.")
    var json = false

    @OptionGroup var layout: LayoutOptions

    func validate() throws {
        guard !phrase.allSatisfy(\.isWhitespace) else { throw ValidationError("give a phrase that is not empty") }
        if let maxCount, maxCount < 1 { throw ValidationError("--max-count must be 1 or more (got \(maxCount))") }
    }

    func run() throws {
        try reportingErrors {
            var found: [Range<Int>] = []
            // Rectangles need caret stops, so runs are laid out too; only as far as the last occurrence.
            let job = try Job.run(inputPath: input, options: layout, includeRuns: true) { input in
                found = input.storage.occurrences(of: phrase, limit: maxCount ?? .max)
                guard let last = found.last else { throw ExitCode(1) }
                return max(last.lowerBound, last.upperBound - 1)
            }
            let layout = job.layout
            for range in found {
                guard let pageIndex = layout.pageIndex(containing: range.lowerBound) else { continue }
                let line = layout.locateLine(containing: range.lowerBound)?.lineNumber
                if json {
                    print(
                        QueryJSON.occurrence(
                            range, page: pageIndex + 1, line: line, rects: layout.rects(for: range), origin: job.input.origin))
                } else {
                    let bytes = job.input.origin.originalRange(range)
                    print("\(pageIndex + 1)\t\(line.map(String.init) ?? "-")\t\(bytes.lowerBound)-\(bytes.upperBound)")
                }
            }
        }
    }
}
