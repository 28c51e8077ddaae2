import ArgumentParser
import PaginateExport
import PaginateKit

/// `paginate locate <input> --offset N | --char N | --line N | --text PHRASE`: prints the page
/// that holds a place in the text.
struct Locate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the 1-based number of the page that holds a place in the text.",
        discussion: """
            Name the place with exactly one of:
              --offset BYTE   byte offset, 0-based, as 'grep -b' prints (length: the end)
              --char N        Unicode scalar index, 0-based; invalid UTF-8 counts as U+FFFD
              --line N        start of source line N, 1-based, as 'grep -n' prints
              --text PHRASE   first occurrence; white space matches any run of white space

            Offsets, lines and characters count in the whole file as it is on disk, also with \
            --encoding or a Project Gutenberg header left out (see 'paginate --help'); a phrase is \
            looked for in the text laid out.

            Prints the page number, e.g. 2. Only the text up to the end of that page is laid out, so \
            places early in a long book are answered quickly.

            --json prints one line: {"version": 1, "offset": 2263, "page": 2, "line": 3, "column": 0, \
            "rect": {"x": 36, "y": 62.4, "width": 301.1, "height": 13.2}, "lineRange": {"start": 2190, \
            "end": 2263}}. 'offset' is the byte offset located; 'line' the 1-based line on the page \
            (over all columns, in reading order) that holds it; 'column' the 0-based column; 'rect' that \
            line's box in page coordinates: points, origin at the page's top-left corner, y growing \
            down; 'lineRange' the half-open byte range the line accounts for (its text and the white \
            space after it). A page without lines gives null for line, column, rect and lineRange.

            Exit codes: 0 found; 1 the --text phrase does not occur; 64 usage error: not exactly one \
            selector, or a place beyond the end of the input; 65 a page cannot hold one line; 66 the \
            input or a font cannot be read.

            Examples:
              paginate locate book.txt --offset 20000
              paginate locate book.txt --line 1200 --json
              paginate locate book.txt --text "CHAPTER III."
            """
    )

    @Argument(help: ArgumentHelp("The text file, or - for standard input.", valueName: "input"))
    var input: String

    @Option(help: ArgumentHelp("A byte offset into the input (0-based; the input's length means its end).", valueName: "byte"))
    var offset: Int?

    @Option(name: .customLong("char"), help: ArgumentHelp("A character index: the N-th Unicode scalar, 0-based.", valueName: "n"))
    var character: Int?

    @Option(help: ArgumentHelp("A source line number, 1-based as 'grep -n' prints it: the line's first byte.", valueName: "n"))
    var line: Int?

    @Option(help: ArgumentHelp("A phrase: its first occurrence, white space matching any white space.", valueName: "phrase"))
    var text: String?

    @Flag(help: "Print a JSON object with the page, the line on the page and its rectangle.")
    var json = false

    @OptionGroup var layout: LayoutOptions

    func validate() throws {
        let given = [offset != nil, character != nil, line != nil, text != nil].filter { $0 }.count
        guard given == 1 else {
            throw ValidationError(
                given == 0
                    ? "name a place with one of --offset, --char, --line or --text"
                    : "give only one of --offset, --char, --line and --text (got \(given))")
        }
        if let offset, offset < 0 { throw ValidationError("--offset must be 0 or more (got \(offset))") }
        if let character, character < 0 { throw ValidationError("--char must be 0 or more (got \(character))") }
        if let line, line < 1 { throw ValidationError("--line must be 1 or more (got \(line))") }
        if let text, text.allSatisfy(\.isWhitespace) { throw ValidationError("--text needs a phrase that is not empty") }
    }

    func run() throws {
        try reportingErrors {
            if !json {
                // The page number alone comes from the page-map cache or a layout up to the place.
                let job = try PageMapJob.run(
                    inputPath: input, options: layout, offset: offset,
                    place: offset == nil ? { try place(in: $0) } : nil)
                let target = job.target ?? 0
                guard target <= job.map.sourceLength, let index = job.map.pageIndex(containing: target) else {
                    throw CLIError(message: "offset \(target) is beyond the end of the input (\(job.map.sourceLength) bytes)", code: .usage)
                }
                print(index + 1)
                return
            }
            let job = try Job.run(inputPath: input, options: layout, includeRuns: false) { input in
                try place(in: input)
            }
            let target = job.target ?? 0
            guard let index = job.layout.pageIndex(containing: target) else {
                throw CLIError(message: "offset \(target) is beyond the end of the input (\(job.layout.sourceLength) bytes)", code: .usage)
            }
            print(
                QueryJSON.location(
                    offset: target, page: index + 1, pageRange: job.layout.pages[index].range,
                    line: job.layout.locateLine(containing: target), origin: job.input.origin))
        }
    }

    /// The layout offset of the place the selector names, or a usage error when it is beyond the
    /// end or not laid out. Offsets, lines and characters count in the whole file; a phrase is
    /// looked for in the text laid out.
    private func place(in input: InputFile) throws -> Int {
        let storage = input.source.decoded
        if let offset {
            return try input.layoutOffset(ofFileOffset: offset)
        }
        if let character {
            guard let byte = storage.byteOffset(ofScalar: character) else {
                let count = Locate.scalarCount(storage)
                let message = "character \(character) is beyond the end of the input (it has \(count) characters, indexed from 0)"
                throw CLIError(message: message, code: .usage)
            }
            return try input.layoutOffset(ofDecodedOffset: byte, naming: "character \(character)")
        }
        if let line {
            guard let byte = storage.byteOffset(ofLine: line) else {
                let lines = Locate.lineCount(storage)
                let message = "line \(line) is beyond the end of the input (it has \(lines) line\(lines == 1 ? "" : "s"))"
                throw CLIError(message: message, code: .usage)
            }
            return try input.layoutOffset(ofDecodedOffset: byte, naming: "line \(line)")
        }
        let phrase = text ?? ""
        guard let first = input.storage.occurrences(of: phrase, limit: 1).first else {
            throw CLIError(message: "\"\(phrase)\" not found in \(input.displayName)", code: .failure)
        }
        return first.lowerBound
    }

    /// Lines as `byteOffset(ofLine:)` counts them: each LF ends one, and text after the last LF is one more.
    static func lineCount(_ storage: TextStorage) -> Int {
        let breaks = storage.bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return breaks + (storage.bytes.last.map { $0 != 0x0A } ?? true ? 1 : 0)
    }

    /// Scalars as `byteOffset(ofScalar:)` counts them (the index one past the last one is the end).
    static func scalarCount(_ storage: TextStorage) -> Int {
        // Binary search over the engine's own count, so invalid sequences are counted its way.
        var low = 0
        var high = storage.length
        while low < high {
            let middle = (low + high + 1) / 2
            if storage.byteOffset(ofScalar: middle) != nil { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
