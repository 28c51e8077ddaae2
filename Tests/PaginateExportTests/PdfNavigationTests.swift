import Foundation
import XCTest
import PaginateKit
@testable import PaginateExport

/// What a reader expects of a book beyond its text: page numbers in the margin, metadata, an
/// outline of the chapters, page labels and facing pages — read back with qpdf and poppler.
final class PdfNavigationTests: XCTestCase {
    /// Three chapters of several pages each, with the chapter lines the built-in rule recognises.
    private static let text: String = {
        let sentence = "It is a truth universally acknowledged that a single paragraph, repeated, fills pages. "
        let paragraph = String(repeating: sentence, count: 8)
        return ["CHAPTER I.", "CHAPTER II. The Ball", "Chapter the Last"].map { heading in
            heading + "\n\n" + Array(repeating: paragraph, count: 9).joined(separator: "\n\n")
        }.joined(separator: "\n\n")
    }()

    private func layout(margins: EdgeInsets = EdgeInsets(all: 36)) throws -> (Layout, TextStorage) {
        let settings = LayoutSettings(page: PageSetup(size: Size(width: 400, height: 600), margins: margins), fontSize: 11)
        let storage = TextStorage(PdfNavigationTests.text)
        return (try LayoutManager(fonts: try PdfFixture.fonts(), settings: settings).layout(storage), storage)
    }

    private func render(_ layout: Layout, _ configure: (inout PDFRenderer) -> Void = { _ in }) throws -> String {
        var renderer = PdfFixture.renderer()
        configure(&renderer)
        return try PdfFixture.write(try renderer.render(layout))
    }

    /// A word of `pdftotext -bbox` output, with its 1-based page; y grows downwards from the top.
    private struct Word: Equatable {
        var page: Int
        var text: String
        var xMin: Double, yMin: Double, xMax: Double, yMax: Double
        var midX: Double { (xMin + xMax) / 2 }
        var midY: Double { (yMin + yMax) / 2 }
    }

    private func words(_ pdf: String) throws -> [Word] {
        let html = try Tool.run("pdftotext", ["-bbox", pdf, "-"]).output
        var result: [Word] = []
        for (index, page) in html.components(separatedBy: "<page ").dropFirst().enumerated() {
            for entry in page.components(separatedBy: "<word ").dropFirst() {
                func attribute(_ name: String) -> Double {
                    guard let range = entry.range(of: "\(name)=\"") else { return .nan }
                    return Double(entry[range.upperBound...].prefix { $0 != "\"" }) ?? .nan
                }
                guard let open = entry.firstIndex(of: ">"), let close = entry.range(of: "</word>") else { continue }
                result.append(
                    Word(
                        page: index + 1, text: String(entry[entry.index(after: open)..<close.lowerBound]),
                        xMin: attribute("xMin"), yMin: attribute("yMin"), xMax: attribute("xMax"), yMax: attribute("yMax")))
            }
        }
        return result
    }

    /// Words outside the text area (36 pt margins on a 400 × 600 page): the folios.
    private func marginWords(_ words: [Word]) -> [Word] {
        words.filter { $0.yMax <= 36.5 || $0.yMin >= 563.5 }
    }

    // MARK: - Folios

    func testBottomFoliosAreCentredUnderTheTextInTheMiddleOfTheMargin() throws {
        let (layout, _) = try layout()
        XCTAssertGreaterThanOrEqual(layout.pageCount, 4)
        let folios = marginWords(try words(try render(layout) { $0.folio = .bottom }))
        XCTAssertEqual(folios.map(\.text), (1...layout.pageCount).map(String.init))
        for folio in folios {
            XCTAssertEqual(folio.text, String(folio.page))
            XCTAssertEqual(folio.midX, 200, accuracy: 0.5, "centred under the text block")
            XCTAssertEqual(folio.midY, 582, accuracy: 0.5, "centred in the bottom margin")
            XCTAssertLessThan(folio.yMax - folio.yMin, 11, "smaller than the text")
        }
    }

    func testOuterFoliosAlternateLikeABook() throws {
        let (layout, _) = try layout()
        let folios = marginWords(try words(try render(layout) { $0.folio = .outer }))
        XCTAssertEqual(folios.count, layout.pageCount)
        for folio in folios {
            if folio.page % 2 == 1 {
                XCTAssertEqual(folio.xMax, 364, accuracy: 0.5, "recto: flush with the text's right edge")
            } else {
                XCTAssertEqual(folio.xMin, 36, accuracy: 0.5, "verso: flush with the text's left edge")
            }
            XCTAssertEqual(folio.midY, 582, accuracy: 0.5)
        }
    }

    func testTopFoliosAreCentredInTheTopMargin() throws {
        let (layout, _) = try layout()
        let folios = marginWords(try words(try render(layout) { $0.folio = .top }))
        XCTAssertEqual(folios.map(\.text), (1...layout.pageCount).map(String.init))
        for folio in folios {
            XCTAssertEqual(folio.midX, 200, accuracy: 0.5)
            XCTAssertEqual(folio.midY, 18, accuracy: 0.5)
        }
    }

    func testFoliosLeaveTheTextWhereItWas() throws {
        let (layout, _) = try layout()
        let plain = try words(try render(layout))
        XCTAssertTrue(marginWords(plain).isEmpty, "no folios unless asked for")
        for position in [FolioPosition.bottom, .outer, .top] {
            let numbered = try words(try render(layout) { $0.folio = position })
            let body = numbered.filter { !marginWords([$0]).contains($0) }
            XCTAssertEqual(body, plain, "\(position)")
        }
    }

    func testAMarginTooLowForAFolioGetsNone() throws {
        let (layout, _) = try layout(margins: EdgeInsets(top: 6, right: 36, bottom: 6, left: 36))
        for position in [FolioPosition.bottom, .top] {
            let all = try words(try render(layout) { $0.folio = position })
            XCTAssertFalse(all.contains { $0.yMax <= 6.5 || $0.yMin >= 593.5 }, "\(position)")
        }
        let font = try PdfFixture.fonts().fonts[0]
        let setup = PageSetup(size: Size(width: 400, height: 600), margins: EdgeInsets(all: 10))
        let height = (font.ascent + font.descent) * 8.8
        XCTAssertNil(
            MarginPlacement.place(
                .bottom, pageNumber: 1, width: 5, size: 8.8, ascent: font.ascent, descent: font.descent,
                page: PageSetup(size: setup.size, margins: EdgeInsets(all: height - 0.01))))
        XCTAssertNotNil(
            MarginPlacement.place(
                .bottom, pageNumber: 1, width: 5, size: 8.8, ascent: font.ascent, descent: font.descent,
                page: PageSetup(size: setup.size, margins: EdgeInsets(all: height))))
        XCTAssertNil(MarginPlacement.place(.none, pageNumber: 1, width: 5, size: 8.8, ascent: 1, descent: 0, page: setup))
    }

    // MARK: - Running header

    func testRunningHeaderIsCentredInTheTopMarginFromThePageAfterTheFirst() throws {
        let (layout, _) = try layout()
        let all = try words(try render(layout) { $0.header = "Pride 傲慢" })
        let top = all.filter { $0.yMax <= 36.5 }
        XCTAssertFalse(top.contains { $0.page == 1 }, "no header on the first page")
        for page in 2...layout.pageCount {
            let line = top.filter { $0.page == page }
            XCTAssertEqual(line.map(\.text), ["Pride", "傲慢"], "page \(page)")
            guard let first = line.first, let last = line.last else { continue }
            XCTAssertEqual((first.xMin + last.xMax) / 2, 200, accuracy: 0.5)
            XCTAssertEqual(first.midY, 18, accuracy: 1)
        }
        let plain = try words(try render(layout))
        XCTAssertEqual(all.filter { $0.yMax > 36.5 }, plain, "the header leaves the text where it was")
    }

    func testATopFolioMovesToTheOuterCornerBesideAHeader() throws {
        let (layout, _) = try layout()
        let top = try words(
            try render(layout) {
                $0.header = "A Tale"
                $0.folio = .top
            }
        ).filter { $0.yMax <= 36.5 }
        for page in 1...layout.pageCount {
            let folio = try XCTUnwrap(top.first { $0.page == page && $0.text == String(page) }, "page \(page)")
            if page % 2 == 1 { XCTAssertEqual(folio.xMax, 364, accuracy: 0.5) } else { XCTAssertEqual(folio.xMin, 36, accuracy: 0.5) }
        }
    }

    func testALongHeaderIsShortenedToTheTextWidth() throws {
        let fonts = try PdfFixture.fonts()
        let long = String(repeating: "A very long running title ", count: 10)
        let line = MarginLine(long, fonts: fonts, size: 8.8, maxWidth: 328)
        XCTAssertLessThanOrEqual(line.width, 328)
        XCTAssertGreaterThan(line.width, 300)
        XCTAssertEqual(line.runs.last?.text.unicodeScalars.last, MarginLine.ellipsis)
        let short = MarginLine("  Two\nlines\t ", fonts: fonts, size: 8.8, maxWidth: 328)
        XCTAssertEqual(short.runs.map(\.text), ["Two lines"])
        let mixed = MarginLine("Sūtra 金剛經", fonts: fonts, size: 8.8, maxWidth: 328)
        XCTAssertEqual(mixed.runs.map(\.fontIndex), [0, 1])
    }

    // MARK: - Metadata and navigation

    func testAuthorAndSubjectAreRecorded() throws {
        let (layout, _) = try layout()
        let pdf = try render(layout) {
            $0.author = "Jane Austen"
            $0.subject = "Manners — 礼儀"
        }
        let info = try Tool.run("pdfinfo", [pdf]).output
        XCTAssertTrue(info.contains("Title:           Test Book"), info)
        XCTAssertTrue(info.contains("Author:          Jane Austen"), info)
        XCTAssertTrue(info.contains("Subject:         Manners — 礼儀"), info)
        let bare = try Tool.run("pdfinfo", [try render(layout)]).output
        XCTAssertFalse(bare.contains("Author:") || bare.contains("Subject:"), bare)
    }

    func testOutlineHasOneEntryPerHeadingOnItsPage() throws {
        let (layout, storage) = try layout()
        let headings = try storage.headings(settings: layout.settings)
        XCTAssertEqual(headings.map(\.text), ["CHAPTER I.", "CHAPTER II. The Ball", "Chapter the Last"])
        let pdf = try render(layout) { $0.outline = headings }
        let json = try Tool.run("qpdf", ["--json", "--json-key=outlines", pdf]).output
        let outlines = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["outlines"] as? [[String: Any]])
        XCTAssertEqual(outlines.compactMap { $0["title"] as? String }, headings.map(\.text))
        XCTAssertEqual(
            outlines.compactMap { $0["destpageposfrom1"] as? Int },
            headings.map { layout.pageIndex(containing: $0.offset)! + 1 })
        XCTAssertGreaterThan(Set(outlines.compactMap { $0["destpageposfrom1"] as? Int }).count, 1)
        XCTAssertEqual(try catalog(pdf).contains("/PageMode /UseOutlines"), true)
        XCTAssertEqual(try Tool.run("qpdf", ["--check", pdf]).status, 0)
    }

    func testOutlineTitlesKeepTheirUnicode() throws {
        let settings = LayoutSettings(page: PageSetup(size: Size(width: 400, height: 600), margins: EdgeInsets(all: 36)), fontSize: 11)
        let storage = TextStorage("第一章 開始\n\n如是我聞。\n\nChapter 2: Élan — “quoted”\n\nText.\n")
        var custom = settings
        custom.typography.headingPattern = "^(第|Chapter)"
        let layout = try LayoutManager(fonts: try PdfFixture.fonts(), settings: custom).layout(storage)
        let pdf = try render(layout) { $0.outline = try! storage.headings(settings: custom) }
        let json = try Tool.run("qpdf", ["--json", "--json-key=outlines", pdf]).output
        let outlines = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["outlines"] as? [[String: Any]])
        XCTAssertEqual(outlines.compactMap { $0["title"] as? String }, ["第一章 開始", "Chapter 2: Élan — “quoted”"])
    }

    func testPagesAreLabelledWithDecimalNumbers() throws {
        let (layout, _) = try layout()
        let json = try Tool.run("qpdf", ["--json", "--json-key=pagelabels", try render(layout)]).output
        XCTAssertTrue(json.contains("\"/S\": \"/D\""), json)
        XCTAssertTrue(json.contains("\"/St\": 1"), json)
    }

    func testFacingPagesOpenAsABook() throws {
        let (layout, _) = try layout()
        XCTAssertTrue(try catalog(try render(layout) { $0.facingPages = true }).contains("/PageLayout /TwoColumnRight"))
        let single = try catalog(try render(layout))
        XCTAssertFalse(single.contains("/PageLayout"), single)
        XCTAssertFalse(single.contains("/Outlines"), "no outline unless asked for: \(single)")
    }

    func testEverythingTogetherIsCleanAndReproducible() throws {
        let (layout, storage) = try layout()
        func bytes() throws -> [UInt8] {
            var renderer = PdfFixture.renderer()
            renderer.folio = .outer
            renderer.author = "A"
            renderer.subject = "S"
            renderer.facingPages = true
            renderer.outline = try storage.headings(settings: layout.settings)
            return try renderer.render(layout)
        }
        let first = try bytes()
        XCTAssertEqual(first, try bytes())
        let check = try Tool.run("qpdf", ["--check", try PdfFixture.write(first)])
        XCTAssertEqual(check.status, 0, check.output + check.errors)
    }

    // MARK: - Imposition

    func testTwoUpPutsTwoPagesOnEachSheetUnchanged() throws {
        let (layout, storage) = try layout()
        let plain = try words(try render(layout) { $0.folio = .outer })
        let pdf = try render(layout) {
            $0.folio = .outer
            $0.imposition = .twoUp
            $0.facingPages = true
            $0.outline = try! storage.headings(settings: layout.settings)
        }
        let info = try Tool.run("pdfinfo", ["-f", "1", "-l", "1", pdf]).output
        XCTAssertTrue(info.contains("Pages:           \((layout.pageCount + 1) / 2)"), info)
        XCTAssertTrue(info.contains("800 x 600 pts"), info)
        let moved = plain.map { word -> Word in
            var word = word
            let shift = Double((word.page - 1) % 2) * 400
            word.page = (word.page - 1) / 2 + 1
            word.xMin += shift
            word.xMax += shift
            return word
        }
        // Poppler's reading order on a sheet of two pages is its own; compare the words by place.
        func byPlace(_ words: [Word]) -> [Word] {
            words.sorted {
                ($0.page, ($0.yMin * 10).rounded(), ($0.xMin * 10).rounded()) < (
                    $1.page, ($1.yMin * 10).rounded(), ($1.xMin * 10).rounded()
                )
            }
        }
        let imposed = byPlace(try words(pdf))
        XCTAssertEqual(imposed.count, moved.count)
        for (actual, expected) in zip(imposed, byPlace(moved)) where actual != expected {
            XCTAssertEqual(actual.text, expected.text)
            XCTAssertEqual(actual.page, expected.page)
            XCTAssertEqual(actual.xMin, expected.xMin, accuracy: 0.01)
            XCTAssertEqual(actual.yMin, expected.yMin, accuracy: 0.01)
        }
        let json = try Tool.run("qpdf", ["--json", "--json-key=outlines", pdf]).output
        let outlines = try XCTUnwrap(
            (try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["outlines"] as? [[String: Any]])
        XCTAssertEqual(
            outlines.compactMap { $0["destpageposfrom1"] as? Int },
            try storage.headings(settings: layout.settings).map { layout.pageIndex(containing: $0.offset)! / 2 + 1 })
        let catalog = try catalog(pdf)
        XCTAssertFalse(
            catalog.contains("/PageLabels") || catalog.contains("/PageLayout"), "labels and layout would count sheets: \(catalog)")
        XCTAssertEqual(try Tool.run("qpdf", ["--check", pdf]).status, 0)
    }

    /// The document catalog as qpdf shows it.
    private func catalog(_ pdf: String) throws -> String {
        let trailer = try Tool.run("qpdf", ["--show-object=trailer", pdf]).output
        let root = try XCTUnwrap(trailer.range(of: #"/Root (\d+) 0 R"#, options: .regularExpression).map { trailer[$0] })
        let number = root.split(separator: " ")[1]
        return try Tool.run("qpdf", ["--show-object=\(number)", pdf]).output
    }
}
