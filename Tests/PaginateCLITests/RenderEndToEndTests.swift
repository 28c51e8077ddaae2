import Foundation
import TestSupport
import XCTest

/// Renders both corpora with the built binary and reads the PDFs back with qpdf and poppler.
final class RenderEndToEndTests: XCTestCase {
    /// One corpus rendered once per test class: the PDF, the run that wrote it and the queries.
    struct Rendered {
        let source: Data
        let pdf: URL
        let render: ProcessResult
        let count: Int
        let map: PageMap
    }

    /// PDF pages number themselves by default; tests that compare the PDF's text with the source turn that off.
    static let noFolios = ["--folio", "none"]

    // Unsafe because they are plain static caches: XCTest runs the tests one after another on one
    // thread (`--parallel` uses processes), and only that thread reads and writes them.
    nonisolated(unsafe) private static var cache: [Corpus: Rendered] = [:]
    nonisolated(unsafe) private static var folder: URL?

    override class func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
        folder = nil
        cache = [:]
        super.tearDown()
    }

    /// Renders `corpus` to PDF the first time it is asked for, and queries its count and map.
    static func rendered(_ corpus: Corpus) throws -> Rendered {
        if let cached = cache[corpus] { return cached }
        let folder = try self.folder ?? TemporaryDirectory.make(prefix: "render")
        self.folder = folder
        let source = try corpus.bytes()
        let pdf = folder.appendingPathComponent("\(corpus.rawValue).pdf")
        // Without folios, so the PDF's text is the source's text alone (folios have their own tests).
        let render = try PaginateBinary.run([corpus.url.path, "-o", pdf.path] + Corpus.options + noFolios)
        guard render.status == 0 else { throw ProcessFailure(description: "rendering \(corpus.rawValue) failed: \(render.summary)") }
        let count = try PaginateBinary.run(["count", corpus.url.path] + Corpus.options)
        guard count.status == 0, let pages = Int(count.output.trimmingCharacters(in: .newlines)) else {
            throw ProcessFailure(description: "count \(corpus.rawValue) failed: \(count.summary)")
        }
        let map = try PaginateBinary.run(["map", corpus.url.path] + Corpus.options)
        guard map.status == 0 else { throw ProcessFailure(description: "map \(corpus.rawValue) failed: \(map.summary)") }
        let rendered = Rendered(source: source, pdf: pdf, render: render, count: pages, map: try PageMap(json: map.stdout))
        cache[corpus] = rendered
        return rendered
    }

    // MARK: - Structure

    func testPrideAndPrejudiceIsAValidPDFOfTheCountedPages() throws { try checkStructure(.prideAndPrejudice) }
    func testDiamondSutraIsAValidPDFOfTheCountedPages() throws { try checkStructure(.diamondSutra) }

    private func checkStructure(_ corpus: Corpus) throws {
        let rendered = try Self.rendered(corpus)
        XCTAssertEqual(rendered.render.output, "wrote \(rendered.pdf.path): \(rendered.count) page\(rendered.count == 1 ? "" : "s")\n")
        XCTAssertEqual(rendered.render.errors, "", "a clean corpus renders without warnings")

        let check = try PDFTools.check(rendered.pdf)
        XCTAssertEqual(check.status, 0, "qpdf --check: \(check.summary)")

        let pages = try PDFTools.pageCount(rendered.pdf)
        XCTAssertEqual(pages, rendered.count, "pdfinfo pages vs paginate count")
        XCTAssertEqual(pages, rendered.map.pageCount, "pdfinfo pages vs the map's pageCount")

        let sizes = try PDFTools.pageSizes(rendered.pdf, pages: pages)
        XCTAssertEqual(sizes.count, pages, "pdfinfo -f 1 -l \(pages) should list every page's size")
        let wrong = sizes.filter { $0.value != "400 x 600 pts" }.sorted { $0.key < $1.key }
        XCTAssertTrue(wrong.isEmpty, "pages not 400 x 600 pts: \(wrong.prefix(10).map { "\($0.key): \($0.value)" })")
    }

    // MARK: - Fonts

    func testPrideAndPrejudiceEmbedsDejaVuSerifAndItsBoldForHeadings() throws {
        try checkFonts(.prideAndPrejudice, families: ["DejaVuSerif", "DejaVuSerif-Bold"])
    }

    func testDiamondSutraEmbedsDroidSansFallback() throws {
        try checkFonts(.diamondSutra, families: ["DroidSansFallback"])
    }

    private func checkFonts(_ corpus: Corpus, families: Set<String>) throws {
        let rendered = try Self.rendered(corpus)
        let fonts = try PDFTools.fonts(rendered.pdf)
        XCTAssertFalse(fonts.isEmpty, "pdffonts lists no fonts")
        XCTAssertEqual(Set(fonts.map(\.family)), families, "fonts: \(fonts.map(\.name))")
        for font in fonts {
            XCTAssertTrue(font.embedded, "\(font.name) is not embedded")
        }
        // Every character found a font with its glyph: the engine would have warned otherwise.
        XCTAssertFalse(rendered.render.errors.contains("not covered"), rendered.render.errors)
        let text = try PDFTools.text(rendered.pdf, order: .contentStream)
        XCTAssertFalse(text.contains("\u{FFFD}"), "the PDF text holds replacement characters")
    }

    // MARK: - Text

    func testPrideAndPrejudiceTextIsTheSourceText() throws { try checkText(.prideAndPrejudice) }
    func testDiamondSutraTextIsTheSourceText() throws { try checkText(.diamondSutra) }

    /// The key check: the PDF draws every visible character of the source, once, in order.
    ///
    /// Two independent extractions must match the source exactly: the content stream order
    /// (`-raw`, what the writer drew, without heuristics) and the physical layout (`-layout`, line by
    /// line down each page). Page by page, each PDF page must hold exactly the bytes the page map
    /// gives it.
    private func checkText(_ corpus: Corpus) throws {
        let rendered = try Self.rendered(corpus)
        let source = String(decoding: rendered.source, as: UTF8.self)
        let expected = VisibleText.expected(fromSource: source)
        for order in [PDFTools.TextOrder.contentStream, .physical] {
            let actual = VisibleText.of(try PDFTools.text(rendered.pdf, order: order))
            if let difference = VisibleText.firstDifference(expected: expected, actual: actual) {
                XCTFail("pdftotext \(order.flags.joined()) of \(corpus.rawValue) differs from the source: \(difference)")
            }
        }

        let pages = try PDFTools.pageTexts(rendered.pdf, order: .contentStream)
        XCTAssertEqual(pages.count, rendered.map.pageCount)
        for (entry, text) in zip(rendered.map.pages, pages) {
            let slice = String(decoding: rendered.source[entry.start..<entry.end], as: UTF8.self)
            if let difference = VisibleText.firstDifference(expected: VisibleText.expected(fromSource: slice), actual: VisibleText.of(text))
            {
                XCTFail(
                    "PDF page \(entry.page) of \(corpus.rawValue) does not hold the map's bytes \(entry.start)..<\(entry.end): \(difference)"
                )
                break
            }
        }
    }

    /// Poppler's default reading order guesses blocks: it reads a line with a wide gap as two
    /// columns, and drops a hyphen that ends a line when it joins the line to the next. Apart from
    /// that, each page must hold the same characters.
    func testReadingOrderExtractionHoldsTheSameCharactersPerPage() throws {
        for corpus in Corpus.allCases {
            let rendered = try Self.rendered(corpus)
            let pages = try PDFTools.pageTexts(rendered.pdf, order: .reading)
            XCTAssertEqual(pages.count, rendered.map.pageCount)
            var exactPages = 0
            for (entry, text) in zip(rendered.map.pages, pages) {
                let slice = String(decoding: rendered.source[entry.start..<entry.end], as: UTF8.self)
                let expected = VisibleText.expected(fromSource: slice)
                let actual = VisibleText.of(text)
                if expected == actual { exactPages += 1; continue }
                func histogram(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar: Int] {
                    scalars.filter { $0 != "-" }.reduce(into: [:]) { $0[$1, default: 0] += 1 }
                }
                XCTAssertEqual(
                    histogram(expected), histogram(actual),
                    "page \(entry.page) of \(corpus.rawValue): \(VisibleText.firstDifference(expected: expected, actual: actual) ?? "")")
            }
            if corpus == .diamondSutra {
                XCTAssertEqual(exactPages, pages.count, "the sutra has no hyphens or gaps: its reading order should be exact")
            }
        }
    }

    // MARK: - Text spreads

    func testPrideAndPrejudiceSpreadsShowThePDFLines() throws { try checkSpreads(.prideAndPrejudice) }
    func testDiamondSutraSpreadsShowThePDFLines() throws { try checkSpreads(.diamondSutra) }

    private func checkSpreads(_ corpus: Corpus) throws {
        let rendered = try Self.rendered(corpus)
        let folder = try TemporaryDirectory.make(prefix: "spread")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("\(corpus.rawValue).txt")
        let run = try PaginateBinary.run([corpus.url.path, "-o", output.path] + Corpus.options)
        XCTAssertEqual(run.status, 0, run.summary)
        let spreads = try SpreadReader(String(decoding: try Data(contentsOf: output), as: UTF8.self))

        XCTAssertEqual(spreads.pages.map(\.number), Array(1...rendered.count), "the spread labels should number the PDF's pages")
        let pdfPages = try PDFTools.pageTexts(rendered.pdf, order: .contentStream)
        XCTAssertEqual(spreads.pages.count, pdfPages.count)

        func visibleLines(_ lines: [String]) -> [String] {
            lines.map { String(String.UnicodeScalarView(VisibleText.of($0))) }.filter { !$0.isEmpty }
        }
        // Line by line for the first pages: poppler's content-stream order keeps each drawn line
        // on its own line (its reading order would split lines with wide gaps into columns).
        for page in spreads.pages.prefix(3) {
            let pdfText = try PDFTools.text(rendered.pdf, order: .contentStream, pages: page.number...page.number)
            let pdfLines = visibleLines(pdfText.components(separatedBy: .newlines))
            XCTAssertEqual(visibleLines(page.rows), pdfLines, "lines of page \(page.number) of \(corpus.rawValue)")
        }
        // Every page: the same visible characters.
        for (page, pdfText) in zip(spreads.pages, pdfPages) {
            let expected = VisibleText.of(page.rows.joined(separator: "\n"))
            if let difference = VisibleText.firstDifference(expected: expected, actual: VisibleText.of(pdfText)) {
                XCTFail("page \(page.number) of \(corpus.rawValue): the spread (expected) and the PDF (actual) differ: \(difference)")
                break
            }
        }
    }

    // MARK: - Determinism and page breaks

    func testRenderingTwiceGivesIdenticalBytes() throws {
        let folder = try TemporaryDirectory.make(prefix: "twice")
        defer { try? FileManager.default.removeItem(at: folder) }
        for corpus in Corpus.allCases {
            let rendered = try Self.rendered(corpus)
            let again = folder.appendingPathComponent("\(corpus.rawValue)-again.pdf")
            let run = try PaginateBinary.run([corpus.url.path, "-o", again.path] + Corpus.options + Self.noFolios)
            XCTAssertEqual(run.status, 0, run.summary)
            let first = try Data(contentsOf: rendered.pdf)
            let second = try Data(contentsOf: again)
            XCTAssertTrue(first == second, "\(corpus.rawValue): two renders differ (\(first.count) vs \(second.count) bytes)")
        }
    }

    func testFormFeedStartsANewPage() throws {
        let folder = try TemporaryDirectory.make(prefix: "formfeed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("ff.txt")
        try Data("a\u{0C}b".utf8).write(to: input)
        let count = try PaginateBinary.run(["count", input.path])
        XCTAssertEqual(count.status, 0, count.summary)
        XCTAssertEqual(count.output, "2\n")

        let pdf = folder.appendingPathComponent("ff.pdf")
        let render = try PaginateBinary.run([input.path, "-o", pdf.path] + Self.noFolios)
        XCTAssertEqual(render.status, 0, render.summary)
        XCTAssertEqual(try PDFTools.check(pdf).status, 0)
        XCTAssertEqual(try PDFTools.pageCount(pdf), 2)
        let pages = try PDFTools.pageTexts(pdf, order: .contentStream).map { String(String.UnicodeScalarView(VisibleText.of($0))) }
        XCTAssertEqual(pages, ["a", "b"])
    }
}
