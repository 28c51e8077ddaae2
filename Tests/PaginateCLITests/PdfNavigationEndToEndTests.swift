import Foundation
import TestSupport
import XCTest

/// `render`'s reader-facing PDF options end to end: folios, metadata, the chapter outline, page
/// labels and facing pages, read back with qpdf and poppler.
final class PdfNavigationEndToEndTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory.make(prefix: "navigation")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func render(_ extra: [String], corpus: Corpus = .prideAndPrejudice, name: String = "book.pdf") throws -> URL {
        let pdf = folder.appendingPathComponent(name)
        let run = try PaginateBinary.run([corpus.url.path, "-o", pdf.path] + Corpus.options + extra)
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertTrue(run.output.hasPrefix("wrote \(pdf.path): "), run.output)
        return pdf
    }

    /// The words `pdftotext -bbox` finds on pages `pages`, as (text, xMin, yMin, xMax, yMax).
    private func words(_ pdf: URL, pages: ClosedRange<Int>) throws -> [[(text: String, box: [Double])]] {
        try pages.map { page in
            let html = try PDFTools.run("pdftotext", ["-enc", "UTF-8", "-bbox", "-f", String(page), "-l", String(page), pdf.path, "-"])
                .output
            return html.components(separatedBy: "<word ").dropFirst().compactMap { entry in
                let box = ["xMin", "yMin", "xMax", "yMax"].compactMap { name -> Double? in
                    guard let range = entry.range(of: "\(name)=\"") else { return nil }
                    return Double(entry[range.upperBound...].prefix { $0 != "\"" })
                }
                guard box.count == 4, let open = entry.firstIndex(of: ">"), let close = entry.range(of: "</word>") else { return nil }
                return (String(entry[entry.index(after: open)..<close.lowerBound]), box)
            }
        }
    }

    // MARK: - Folios

    func testPdfHasBottomFoliosByDefaultAndTheTextDoesNotMove() throws {
        let numbered = try words(try render([]), pages: 10...12)
        let plain = try words(try render(["--folio", "none"], name: "plain.pdf"), pages: 10...12)
        for (index, (withFolio, without)) in zip(numbered, plain).enumerated() {
            let page = 10 + index
            let folios = withFolio.filter { $0.box[1] >= 564 }
            XCTAssertEqual(folios.map(\.text), [String(page)], "page \(page)")
            if let folio = folios.first {
                XCTAssertEqual((folio.box[0] + folio.box[2]) / 2, 200, accuracy: 0.5)
                XCTAssertEqual((folio.box[1] + folio.box[3]) / 2, 582, accuracy: 0.5)
            }
            let body = withFolio.filter { $0.box[1] < 564 }
            XCTAssertEqual(body.map(\.text), without.map(\.text), "page \(page)")
            XCTAssertEqual(body.map(\.box), without.map(\.box), "page \(page)")
        }
    }

    func testOuterAndTopFolios() throws {
        let outer = try words(try render(["--folio", "outer"]), pages: 1...2)
        XCTAssertEqual(outer[0].last?.text, "1")
        XCTAssertEqual(outer[0].last?.box[2] ?? 0, 364, accuracy: 0.5, "recto: right")
        XCTAssertEqual(outer[1].last?.text, "2")
        XCTAssertEqual(outer[1].last?.box[0] ?? 0, 36, accuracy: 0.5, "verso: left")
        let top = try words(try render(["--folio", "top"], name: "top.pdf"), pages: 5...5)[0]
        let folio = top.filter { $0.box[3] <= 36 }
        XCTAssertEqual(folio.map(\.text), ["5"])
    }

    func testRunningHeader() throws {
        let pages = try words(try render(["--header", "Pride and Prejudice"]), pages: 1...2)
        XCTAssertFalse(pages[0].contains { $0.box[3] <= 36 }, "no header on the first page")
        XCTAssertEqual(pages[1].filter { $0.box[3] <= 36 }.map(\.text), ["Pride", "and", "Prejudice"])
        XCTAssertEqual(pages[1].last?.text, "2", "the folio stays at the bottom")
    }

    // MARK: - Metadata, outline, labels, layout

    func testMetadataOutlineLabelsAndFacingPages() throws {
        let pdf = try render(["--title", "Pride and Prejudice", "--author", "Jane Austen", "--subject", "A novel", "--spread", "2"])
        let info = try PDFTools.run("pdfinfo", [pdf.path]).output
        XCTAssertTrue(info.contains("Title:           Pride and Prejudice"), info)
        XCTAssertTrue(info.contains("Author:          Jane Austen"), info)
        XCTAssertTrue(info.contains("Subject:         A novel"), info)
        XCTAssertEqual(try PDFTools.check(pdf).status, 0)

        let json = try PDFTools.run("qpdf", ["--json", "--json-key=outlines", "--json-key=pagelabels", pdf.path]).stdout
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let outlines = try XCTUnwrap(object["outlines"] as? [[String: Any]])
        XCTAssertEqual(outlines.count, 61, "one entry per chapter heading")
        XCTAssertEqual(outlines.first?["title"] as? String, "Chapter I.]")
        XCTAssertEqual(outlines.last?["title"] as? String, "CHAPTER LXI.")
        XCTAssertTrue(outlines.allSatisfy { $0["open"] as? Bool == true })
        let labels = try XCTUnwrap(object["pagelabels"] as? [[String: Any]])
        XCTAssertEqual(labels.count, 1)
        XCTAssertEqual((labels.first?["label"] as? [String: Any])?["/S"] as? String, "/D")

        // The pages `map` gives for the chapter lines are the outline's targets.
        let source = try Corpus.prideAndPrejudice.bytes()
        var lineStarts = [0]
        for (index, byte) in source.enumerated() where byte == 0x0A { lineStarts.append(index + 1) }
        let chapterLines = lineStarts.indices.dropLast().filter { line in
            let start = lineStarts[line]
            let text = String(decoding: source[start..<min(start + 8, source.count)], as: UTF8.self)
            return text.hasPrefix("CHAPTER ") || text.hasPrefix("Chapter ")
        }
        XCTAssertEqual(chapterLines.count, 61)
        let map = try PageMap(json: try PaginateBinary.run(["map", Corpus.prideAndPrejudice.url.path] + Corpus.options).stdout)
        XCTAssertEqual(outlines.compactMap { $0["destpageposfrom1"] as? Int }, chapterLines.map { map.page(holding: lineStarts[$0]) ?? -1 })
        // And `locate` agrees for the first, a middle and the last chapter.
        for index in [0, 30, 60] {
            let located = try PaginateBinary.run(
                ["locate", "--line", String(chapterLines[index] + 1), Corpus.prideAndPrejudice.url.path] + Corpus.options)
            XCTAssertEqual(
                Int(located.output.trimmingCharacters(in: .whitespacesAndNewlines)), outlines[index]["destpageposfrom1"] as? Int,
                "chapter \(index + 1)")
        }

        let catalog = try PDFTools.run("qpdf", ["--show-object=1", pdf.path]).output
        XCTAssertTrue(catalog.contains("/PageLayout /TwoColumnRight"), catalog)
    }

    /// The catalog's `/Lang`, read with qpdf's JSON (`u:` marks a text string), or `nil`.
    private func catalogLanguage(_ pdf: URL) throws -> String? {
        let json = try PDFTools.run("qpdf", ["--json=2", "--json-key=qpdf", pdf.path]).stdout
        let top = try XCTUnwrap(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let objects = try XCTUnwrap((top["qpdf"] as? [Any])?.last as? [String: Any])
        let trailer = try XCTUnwrap((objects["trailer"] as? [String: Any])?["value"] as? [String: Any])
        let root = try XCTUnwrap(trailer["/Root"] as? String)
        let catalog = try XCTUnwrap((objects["obj:" + root] as? [String: Any])?["value"] as? [String: Any])
        return catalog["/Lang"] as? String
    }

    func testLanguageIsRecordedOnlyWhenGiven() throws {
        let tagged = try render(["--lang", "en-GB"], name: "tagged.pdf")
        XCTAssertEqual(try catalogLanguage(tagged), "u:en-GB")
        XCTAssertEqual(try PDFTools.check(tagged).status, 0)
        let plain = try render([], name: "plain.pdf")
        XCTAssertNil(try catalogLanguage(plain), "no /Lang without --lang: the text's language is not guessed")

        let malformed = try PaginateBinary.run([Corpus.prideAndPrejudice.url.path, "--lang", "en GB", "-o", "x.pdf"])
        XCTAssertEqual(malformed.status, 64, malformed.summary)
        XCTAssertEqual(malformed.errorLines.count, 1, malformed.summary)
        XCTAssertTrue(malformed.errors.contains("--lang must be a BCP 47 language tag"), malformed.summary)
    }

    func testSinglePageLayoutAndNoOutlineOnRequest() throws {
        let pdf = try render(["--spread", "1", "--no-outline"])
        let trailer = try PDFTools.run("qpdf", ["--show-object=trailer", pdf.path]).output
        let root = try XCTUnwrap(trailer.range(of: #"/Root \d+"#, options: .regularExpression).map { trailer[$0].split(separator: " ")[1] })
        let catalog = try PDFTools.run("qpdf", ["--show-object=\(root)", pdf.path]).output
        XCTAssertFalse(catalog.contains("/PageLayout"), catalog)
        XCTAssertFalse(catalog.contains("/Outlines"), catalog)
    }

    func testTwoUpSheetsReportTheLayoutsPageCount() throws {
        let pdf = folder.appendingPathComponent("sheets.pdf")
        let run = try PaginateBinary.run([Corpus.diamondSutra.url.path, "-o", pdf.path, "--impose", "2up"] + Corpus.options)
        XCTAssertEqual(run.status, 0, run.summary)
        let count = try PaginateBinary.run(["count", Corpus.diamondSutra.url.path] + Corpus.options)
        let pages = try XCTUnwrap(Int(count.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        XCTAssertEqual(run.output, "wrote \(pdf.path): \(pages) page\(pages == 1 ? "" : "s")\n", "pages, not sheets")
        XCTAssertEqual(try PDFTools.pageCount(pdf), (pages + 1) / 2)
        XCTAssertEqual(try PDFTools.pageSizes(pdf, pages: 1)[1], "800 x 600 pts")
        XCTAssertEqual(try PDFTools.check(pdf).status, 0)
    }

    // MARK: - Bad values

    func testBadValuesAreOneLineUsageErrors() throws {
        let input = Corpus.prideAndPrejudice.url.path
        for arguments in [["--folio", "middle"], ["--spread", "3"], ["--folio"], ["--impose", "4up"]] {
            let run = try PaginateBinary.run([input, "-o", folder.appendingPathComponent("bad.pdf").path] + arguments)
            XCTAssertEqual(run.status, 64, "\(arguments): \(run.summary)")
            XCTAssertEqual(run.errorLines.count, 1, "\(arguments): \(run.errors)")
            XCTAssertTrue(run.errors.hasPrefix("paginate: error: "), run.errors)
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad.pdf").path))
        }
    }
}
