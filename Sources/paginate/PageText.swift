import ArgumentParser
import PaginateExport
import PaginateKit

/// `paginate page <input> N[-M]`: prints the text of pages exactly as they are laid out.
struct PageText: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "page",
        abstract: "Print the text of a page or a range of pages, line by line as laid out.",
        discussion: """
            PAGES is N (one page), N-M (pages N to M) or N- (page N to the last); pages count from 1.

            Prints one output line per laid-out line, in reading order (with --columns, the first \
            column top to bottom, then the next): the drawn text with trailing white space removed, a \
            tab where tab stops leave a gap; a blank line in the layout is an empty line. Between two \
            pages stands a line holding only a form feed (\\f), as pdftotext separates pages; there is \
            none after the last page.

            --json prints one document, one line object per output line: {"version": 1, "pages": \
            [{"page": 2, "lines": [{"line": 1, "column": 0, "text": "…", "start": 1834, "end": 1901, \
            "rect": {"x": 36, "y": 36, "width": 301.1, "height": 13.2}}, …]}, …]}. 'line' is 1-based on \
            its page over all columns, 'column' 0-based, start/end the half-open byte range the line \
            accounts for (its text and the white space after it), 'rect' the line box in page \
            coordinates: points, origin at the page's top-left corner, y down.

            Exit codes: 0 success; 64 usage error, e.g. a page beyond the last; 65 a page cannot hold \
            one line; 66 the input or a font cannot be read.

            Examples:
              paginate page book.txt 12
              paginate page book.txt 10-12 --page a5
              paginate page book.txt 300- --json
            """
    )

    @Argument(help: ArgumentHelp("The text file, or - for standard input.", valueName: "input"))
    var input: String

    @Argument(help: ArgumentHelp("A page number N, a range N-M, or N- for page N to the last.", valueName: "pages"))
    var pages: String

    @Flag(help: "Print a JSON document with every line's text, byte range and rectangle.")
    var json = false

    @OptionGroup var layout: LayoutOptions

    /// The pages asked for; `last == nil` means "to the last page".
    private var requested: (first: Int, last: Int?) {
        get throws {
            let parts = pages.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            func number(_ text: Substring) throws -> Int {
                guard let value = Int(text.trimmingWhitespace()), value >= 1 else {
                    throw ValidationError("pages must be N, N-M or N- with page numbers from 1 (got '\(pages)')")
                }
                return value
            }
            let first = try number(parts[0])
            guard parts.count == 2 else { return (first, first) }
            if parts[1].trimmingWhitespace().isEmpty { return (first, nil) }
            let last = try number(parts[1])
            guard last >= first else {
                throw ValidationError("page range \(pages) runs backwards; write the first page first (\(last)-\(first))")
            }
            return (first, last)
        }
    }

    func validate() throws {
        _ = try requested
    }

    func run() throws {
        try reportingErrors {
            let (first, last) = try requested
            let job = try Job.run(inputPath: input, options: layout, includeRuns: true)
            let count = job.layout.pageCount
            let end = last ?? count
            guard end <= count, first <= count else {
                let missing = first > count ? first : end
                let pages = "\(count) page\(count == 1 ? "" : "s")"
                let message = "page \(missing) does not exist: \(job.input.displayName) has \(pages) with these settings"
                throw CLIError(message: message, code: .usage)
            }
            if json {
                print(QueryJSON.pages(job.layout, first...end, origin: job.input.origin), terminator: "")
            } else {
                print(PageTextRenderer.render(job.layout, first...end), terminator: "")
            }
        }
    }
}
