import ArgumentParser
import PaginateExport
import PaginateKit

/// `paginate [render] <input> -o <output>`: lays the text out and writes PDF, text spreads or JSON.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lay the text out and write the pages as PDF, plain-text spreads or a JSON page map.",
        discussion: """
            The format comes from --format, else from the output's extension (.pdf, .txt, .json), else \
            PDF. Without -o the output is <input name>.pdf in the current folder, or standard output \
            when reading standard input.

            Examples:
              paginate book.txt                (render is the default: writes book.pdf)
              paginate render book.txt --page a5 --align justify --hyphenate -o a5.pdf
              paginate render book.txt -o spreads.txt      (text spreads, two pages wide)
              cat book.txt | paginate render - --format json -o -
            """
    )

    /// Output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case pdf, text, json
    }

    @Argument(
        help: ArgumentHelp(
            "The text file to paginate (UTF-8 unless --encoding says otherwise), or - for standard input.", valueName: "input"))
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the result, or - for standard output.", valueName: "path"))
    var output: String?

    @Option(help: "Output format: pdf, text or json.")
    var format: Format?

    @Option(
        help:
            "Pages side by side: 1 or 2. Text spreads show that many pages per spread (default 2); a PDF with 2 opens as facing pages, like a book (default 1, the viewer's single page)."
    )
    var spread: Int?

    @Option(help: "Document title in the PDF (default: the input file's name).")
    var title: String?

    @Option(help: "Author recorded in the PDF.")
    var author: String?

    @Option(help: "Subject recorded in the PDF.")
    var subject: String?

    @Option(
        help: ArgumentHelp(
            "PDF page numbers, drawn in the margin: none, bottom (centred), outer (bottom outer corner, alternating like a book) or top.",
            valueName: "position"))
    var folio: FolioPosition = .bottom

    @Option(
        help: ArgumentHelp(
            "PDF imposition: none, or 2up (two pages side by side on each sheet, twice the page width). Page counts stay counts of pages, not sheets.",
            valueName: "mode"))
    var impose: Imposition = .none

    @Option(
        help: ArgumentHelp(
            "A running header for the PDF, centred in the top margin of every page but the first (e.g. the title).", valueName: "text"))
    var header: String?

    @Flag(inversion: .prefixedNo, help: "List the chapter headings as PDF bookmarks (outline).")
    var outline = true

    @OptionGroup var layout: LayoutOptions

    func validate() throws {
        if let spread, spread != 1 && spread != 2 { throw ValidationError("--spread must be 1 or 2 (got \(spread))") }
    }

    func run() throws {
        try reportingErrors {
            TemporaryFileGuard.install()
            let outputPath = output ?? (input == "-" ? "-" : InputFile.stemOf(input) + ".pdf")
            let format = self.format ?? Render.format(forPath: outputPath)
            let job = try Job.run(inputPath: input, options: layout, includeRuns: format != .json, includeCaretStops: false)
            let bytes: [UInt8]
            switch format {
            case .pdf:
                var renderer = PDFRenderer(fonts: job.fonts, title: title ?? (input == "-" ? "stdin" : InputFile.fileName(input)))
                renderer.author = author
                renderer.subject = subject
                renderer.folio = folio
                renderer.header = header
                renderer.imposition = impose
                renderer.facingPages = spread == 2
                renderer.language = layout.typography.lang
                if outline {
                    renderer.outline = try CLIError.wrap { () throws(LayoutError) in
                        try job.input.storage.headings(settings: job.layout.settings)
                    }
                }
                let bar = ProgressBar()
                renderer.progress = { bar.update("writing PDF", done: $0, total: $1, unit: "pages") }
                defer { bar.finish() }
                bytes = try Reporter.time("export") { try CLIError.wrap { try renderer.render(job.layout) } }
            case .text:
                bytes = Reporter.time("export") { Array(TextSpreadRenderer(pagesPerSpread: spread ?? 2).render(job.layout).utf8) }
            case .json:
                bytes = Reporter.time("export") {
                    Array(PageMapJSON.render(job.layout, source: input == "-" ? nil : input, origin: job.input.origin).utf8)
                }
            }
            try Reporter.time("write") { try OutputFile.write(bytes, to: outputPath, inputPath: input) }
            if outputPath != "-" {
                let pages = job.layout.pageCount
                Reporter.inform("wrote \(outputPath): \(pages) page\(pages == 1 ? "" : "s")")
            }
        }
    }

    static func format(forPath path: String) -> Format {
        let lower = path.lowercased()
        if lower.hasSuffix(".txt") || lower.hasSuffix(".text") { return .text }
        if lower.hasSuffix(".json") { return .json }
        return .pdf
    }
}

extension FolioPosition: ExpressibleByArgument {}

extension Imposition: ExpressibleByArgument {}
