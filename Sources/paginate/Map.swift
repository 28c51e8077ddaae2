import ArgumentParser
import PaginateExport
import PaginateKit

/// `paginate map <input>`: prints the JSON page map, optionally with every line.
struct Map: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the page map as JSON: each page's byte range [start, end) and line count, with the settings used.",
        discussion: """
            Format (version 1, keys in this order, one page per line): {"version": 1, "source": \
            "book.txt" (null for standard input), "bytes": N, "pageCount": N, "settings": {…}, "pages": \
            [{"page": 1, "start": 0, "end": 1834, "lines": 40}, …]}. Byte ranges are half-open and \
            partition the input in page order.

            --lines adds a top-level "lineFragments" array after "pages" (the rest is unchanged), one \
            object per laid-out line and per text line, in page and reading order: {"page": 1, "line": \
            1, "column": 0, "start": 0, "end": 52, "rect": {"x": 36, "y": 36, "width": 283.1, "height": \
            13.2}}. 'line' is 1-based on its page over all columns, 'column' 0-based, start/end the \
            half-open byte range the line accounts for (its text and the white space after it), 'rect' \
            the line box in page coordinates: points, origin at the page's top-left corner, y down.

            --json is accepted for symmetry with the other queries; the map is always JSON.

            Exit codes: 0 success; 64 usage error; 65 a page cannot hold one line; 66 the input or a \
            font cannot be read.

            Examples:
              paginate map book.txt > book.map.json
              paginate map book.txt --lines --columns 2
              paginate map book.txt | jq '.pages[] | select(.page == 10)'
            """
    )

    @Argument(help: ArgumentHelp("The text file, or - for standard input.", valueName: "input"))
    var input: String

    @Flag(help: "Add every line: its page, line number, byte range and rectangle.")
    var lines = false

    @Flag(help: "Print JSON (the default and only format; accepted for symmetry).")
    var json = false

    @OptionGroup var layout: LayoutOptions

    func run() throws {
        try reportingErrors {
            let source = input == "-" ? nil : input
            if lines {
                let job = try Job.run(inputPath: input, options: layout, includeRuns: false)
                print(PageMapJSON.render(job.layout, source: source, lines: true, origin: job.input.origin), terminator: "")
            } else {
                // Page ranges alone come from the cache or the parallel page-map path.
                let job = try PageMapJob.run(inputPath: input, options: layout)
                print(PageMapJSON.render(job.map, source: source, origin: job.origin), terminator: "")
            }
        }
    }
}
