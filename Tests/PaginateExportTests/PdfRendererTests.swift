import Foundation
import PaginateKit
@testable import PaginateExport
import TestSupport
import XCTest

/// Checks the PDF writer with the tools a reader of the file would use: qpdf and poppler.
final class PdfRendererTests: XCTestCase {
    private static let cjk = "如是我聞。一時佛在舍衛國。"

    // MARK: - Structure

    func testQpdfFindsNoErrors() throws {
        let pdf = try PdfFixture.write(try PdfFixture.renderer().render(PdfFixture.mixedLayout()))
        let check = try Tool.run("qpdf", ["--check", pdf])
        XCTAssertEqual(check.status, 0, check.output + check.errors)
    }

    func testPageCountSizeAndInfo() throws {
        let pdf = try PdfFixture.write(try PdfFixture.renderer(title: "Diamond Sūtra 金剛經").render(PdfFixture.mixedLayout()))
        let info = try Tool.run("pdfinfo", [pdf])
        XCTAssertEqual(info.status, 0, info.errors)
        XCTAssertTrue(info.output.contains("Pages:           3"), info.output)
        XCTAssertEqual(info.output.components(separatedBy: "Page size:       400 x 600 pts").count - 1, 1, info.output)
        XCTAssertTrue(info.output.contains("Title:           Diamond Sūtra 金剛經"), info.output)
        XCTAssertTrue(info.output.contains("Producer:        paginate"), info.output)
        XCTAssertTrue(info.output.contains("Creator:         paginate-tests"), info.output)
        XCTAssertFalse(info.output.contains("CreationDate"), "no dates unless asked for:\n\(info.output)")
    }

    func testEveryPageHasTheRequestedSize() throws {
        let pdf = try PdfFixture.write(try PdfFixture.renderer().render(PdfFixture.mixedLayout()))
        let info = try Tool.run("pdfinfo", ["-f", "1", "-l", "3", pdf])
        let sizes = info.output.split(separator: "\n").filter { $0.hasPrefix("Page ") && $0.contains(" size:") }
        XCTAssertEqual(sizes.count, 3, info.output)
        XCTAssertTrue(sizes.allSatisfy { $0.hasSuffix(" 400 x 600 pts") }, info.output)
    }

    // MARK: - Fonts

    func testBothFontsAreEmbedded() throws {
        let pdf = try PdfFixture.write(try PdfFixture.renderer().render(PdfFixture.mixedLayout()))
        let fonts = try PdfFixture.embeddedFonts(pdf)
        XCTAssertEqual(fonts["DejaVuSerif"], "yes", "\(fonts)")
        XCTAssertEqual(fonts["DroidSansFallback"], "yes", "\(fonts)")
        XCTAssertEqual(fonts.count, 2, "\(fonts)")
    }

    func testLatinOnlyBookDoesNotEmbedTheFallbackFont() throws {
        let layout = PdfFixture.layout([[[(0, "Only Latin text here.", 0)], [(0, "And a second line.", 0)]]])
        let bytes = try PdfFixture.renderer().render(layout)
        let fonts = try PdfFixture.embeddedFonts(try PdfFixture.write(bytes))
        XCTAssertEqual(Array(fonts.keys), ["DejaVuSerif"])
        XCTAssertLessThan(bytes.count, 200_000, "a Latin-only book should not carry the CJK font")
    }

    func testTheBoldFaceIsEmbeddedOnlyWhenAHeadingUsesIt() throws {
        let family = try FontChain.bundled(styles: [.bold])
        var settings = LayoutSettings.bookDefaults
        settings.typography.headingStyle = .bold
        let manager = LayoutManager(fonts: family, settings: settings)
        let renderer = PDFRenderer(fonts: family, title: "Styles", creator: "paginate-tests", dateSource: .fixed(nil))
        let withHeading = try renderer.render(try manager.layout(TextStorage("CHAPTER I.\n\nIt is a truth.\n")))
        let fonts = try PdfFixture.embeddedFonts(try PdfFixture.write(withHeading))
        XCTAssertEqual(fonts["DejaVuSerif-Bold"], "yes", "\(fonts)")
        XCTAssertEqual(fonts["DejaVuSerif"], "yes", "\(fonts)")
        let withoutHeading = try renderer.render(try manager.layout(TextStorage("It is a truth.\n")))
        XCTAssertEqual(
            Array(try PdfFixture.embeddedFonts(try PdfFixture.write(withoutHeading)).keys), ["DejaVuSerif"],
            "no heading, no bold face")
    }

    /// The engine measures with `Font.width(of:)`; the viewer places glyphs by the PDF's `/W`,
    /// keyed by CID, which is the glyph index. They must agree exactly, or text drifts along every line.
    func testPdfWidthsEqualEngineWidths() throws {
        let chain = try PdfFixture.fonts()
        let latin = "AWm fiß,.ÅŒ—"
        let ideographs = "。如是我聞、「」"
        let layout = PdfFixture.layout([[[(0, latin, 0)], [(1, ideographs, 0)]]])
        let expanded = try PdfFixture.expanded(try PdfFixture.write(try PdfFixture.renderer().render(layout)))
        for (fontIndex, text, baseFont) in [(0, latin, "DejaVuSerif"), (1, ideographs, "DroidSansFallback")] {
            let font = chain.fonts[fontIndex]
            let widths = try XCTUnwrap(PdfWidths(qdf: expanded, baseFont: baseFont), "no CIDFontType2 for \(baseFont)")
            for scalar in text.unicodeScalars where scalar != " " {
                let engine = try XCTUnwrap(font.width(of: scalar.value), "no glyph for \(scalar)")
                let glyph = try XCTUnwrap(font.glyph(for: scalar.value))
                XCTAssertEqual(
                    widths.width(ofCID: Int(glyph)), engine, "/W of '\(scalar)' U+\(String(scalar.value, radix: 16)) in \(baseFont)")
            }
            // Every listed glyph must agree too, and only drawn glyphs are listed (the ideographs
            // all have the default width, so the fallback font may list none).
            for (cid, width) in widths.widths.sorted(by: { $0.key < $1.key }) {
                XCTAssertEqual(width, font.width(ofGlyph: UInt32(cid)), "/W of glyph \(cid) in \(baseFont)")
            }
            XCTAssertLessThanOrEqual(widths.widths.count, text.unicodeScalars.count, baseFont)
        }
    }

    // MARK: - Text and positions

    func testTextIsExtractable() throws {
        let layout = PdfFixture.mixedLayout()
        let pdf = try PdfFixture.write(try PdfFixture.renderer().render(layout))
        let text = try Tool.run("pdftotext", ["-enc", "UTF-8", pdf, "-"])
        XCTAssertEqual(text.status, 0, text.errors)
        XCTAssertEqual(text.errors, "", "poppler complained")
        let expected = layout.pages.flatMap(\.lines).map(\.text).joined()
        XCTAssertEqual(PdfFixture.ink(text.output), PdfFixture.ink(expected))
        XCTAssertTrue(PdfFixture.ink(text.output).contains(PdfFixture.ink(Self.cjk)))
    }

    func testRunsAreDrawnExactlyWhereLaidOut() throws {
        let layout = PdfFixture.mixedLayout()
        let expanded = try PdfFixture.expanded(try PdfFixture.write(try PdfFixture.renderer().render(layout)))
        let drawn = PdfFixture.textMatrices(qdf: expanded)
        XCTAssertEqual(drawn.count, layout.pages.count)
        for (page, matrices) in zip(layout.pages, drawn) {
            var expected: [(Double, Double)] = []
            for container in page.containers {
                for line in container.lines {
                    for run in line.runs where !run.text.allSatisfy(\.isWhitespace) {
                        expected.append(
                            (
                                container.frame.minX + line.origin.x + run.x,
                                600 - (container.frame.minY + line.origin.y + line.baseline)
                            ))
                    }
                }
            }
            XCTAssertEqual(matrices.count, expected.count, "page \(page.number)")
            for (matrix, position) in zip(matrices, expected) {
                XCTAssertEqual(Array(matrix.prefix(4)), [1, 0, 0, 1])
                XCTAssertEqual(matrix[4], position.0, accuracy: 1e-4, "x on page \(page.number)")
                XCTAssertEqual(matrix[5], position.1, accuracy: 1e-4, "y on page \(page.number)")
            }
        }
    }

    func testWhitespaceRunsAreSkipped() throws {
        let layout = PdfFixture.layout([[[(0, "Left", 0), (0, " \u{3000}\u{A0}", 30), (0, "Right", 60)], [(0, "   ", 0)]]])
        let expanded = try PdfFixture.expanded(try PdfFixture.write(try PdfFixture.renderer().render(layout)))
        XCTAssertEqual(PdfFixture.textMatrices(qdf: expanded).first?.count, 2)
    }

    func testCharactersBeyondTheBMPAreDrawnWithTheirOwnGlyphs() throws {
        // DejaVu Serif has the mathematical italic letters (U+1D434 and on).
        let text = "a𝐴𝑥b"
        let layout = PdfFixture.layout([[[(0, text, 0)]]])
        let bytes = try PdfFixture.renderer().render(layout)
        let pdf = try PdfFixture.write(bytes)
        let extracted = try Tool.run("pdftotext", ["-enc", "UTF-8", pdf, "-"])
        XCTAssertEqual(extracted.errors, "", "poppler complained")
        XCTAssertEqual(PdfFixture.ink(extracted.output), text)
        let font = try PdfFixture.fonts().fonts[0]
        let glyphs = try text.unicodeScalars.map { try XCTUnwrap(font.glyph(for: $0.value), "DejaVu Serif lacks \($0)") }
        let hex = glyphs.map { String(format: "%04X", $0) }.joined()
        // qpdf writes hex strings in lower case when it normalises content.
        XCTAssertTrue(try PdfFixture.expanded(pdf).lowercased().contains("<\(hex.lowercased())> tj"), "the real glyphs \(hex) are drawn")
    }

    func testLargeFontSizesAreWrittenAsGiven() throws {
        // The engine allows sizes up to 1000 pt; PDF sets no limit on Tf.
        let layout = PdfFixture.layout([[[(0, "Big", 0)]]], fontSize: 1000, pageSize: Size(width: 3000, height: 2000))
        let pdf = try PdfFixture.write(try PdfFixture.renderer().render(layout))
        XCTAssertEqual(try Tool.run("qpdf", ["--check", pdf]).status, 0)
        let expanded = try PdfFixture.expanded(pdf)
        XCTAssertTrue(expanded.contains("/F1 1000 Tf"), "Tf at the laid-out size")
        let matrix = try XCTUnwrap(PdfFixture.textMatrices(qdf: expanded).first?.first)
        XCTAssertEqual(Array(matrix.prefix(4)), [1, 0, 0, 1])
        let bbox = try Tool.run("pdftotext", ["-bbox", pdf, "-"])
        XCTAssertTrue(bbox.output.contains(">Big<"), bbox.output)
    }

    // MARK: - Determinism and dates

    func testRenderingTwiceGivesIdenticalBytes() throws {
        let renderer = PdfFixture.renderer()
        let first = try renderer.render(PdfFixture.mixedLayout())
        let second = try renderer.render(PdfFixture.mixedLayout())
        XCTAssertEqual(first, second)
        let trailer = String(decoding: first.suffix(400), as: UTF8.self)
        XCTAssertFalse(trailer.contains("/ID"), "a file ID would need to be derived from the content:\n\(trailer)")
    }

    func testSourceDateEpochSetsBothDates() throws {
        let time = try XCTUnwrap(try PDFTimestamp.parse(sourceDateEpoch: "1700000000"))
        XCTAssertEqual(time.pdfDateString, "D:20231114221320Z00'00'")
        let renderer = PdfFixture.renderer(dates: time)
        let bytes = try renderer.render(PdfFixture.mixedLayout())
        XCTAssertEqual(bytes, try renderer.render(PdfFixture.mixedLayout()))
        let raw = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(raw.contains("/CreationDate (\(time.pdfDateString))"), "CreationDate")
        XCTAssertTrue(raw.contains("/ModDate (\(time.pdfDateString))"), "ModDate")
        let info = try Tool.run("pdfinfo", ["-isodates", try PdfFixture.write(bytes)])
        let dates = info.output.split(separator: "\n").filter { $0.hasPrefix("CreationDate:") || $0.hasPrefix("ModDate:") }
        XCTAssertEqual(dates.count, 2, info.output)
        XCTAssertTrue(dates.allSatisfy { $0.hasSuffix(" 2023-11-14T22:13:20Z") }, info.output)
    }

    func testSourceDateEpochValidation() throws {
        XCTAssertNil(try PDFTimestamp.parse(sourceDateEpoch: ""))
        XCTAssertEqual(try PDFTimestamp.parse(sourceDateEpoch: "0")?.pdfDateString, "D:19700101000000Z00'00'")
        XCTAssertEqual(try PDFTimestamp.parse(sourceDateEpoch: "253402300799")?.pdfDateString, "D:99991231235959Z00'00'")
        for bad in ["abc", "-5", "1.5", " 12", "253402300800", "99999999999999999999"] {
            XCTAssertThrowsError(try PDFTimestamp.parse(sourceDateEpoch: bad), bad) { error in
                XCTAssertEqual(error as? PDFError, .invalidSourceDateEpoch(bad))
                XCTAssertTrue("\(error)".contains("SOURCE_DATE_EPOCH"))
            }
        }
    }

    // MARK: - Errors

    func testFontTheSubsetterCannotReadIsReportedWithItsPath() throws {
        let notAFont = PdfFixture.repoRoot + "/Fonts/DejaVuSerif.LICENSE"
        XCTAssertThrowsError(try FontSubsetter(path: notAFont, faceIndex: 0)) { error in
            guard case .cannotEmbedFont(let path, _)? = error as? PDFError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, notAFont)
            XCTAssertTrue("\(error)".hasPrefix("cannot embed font '\(notAFont)': "), "\(error)")
            XCTAssertTrue("\(error)".contains("CFF OpenType"), "\(error)")
        }
        let missing = PdfFixture.repoRoot + "/Fonts/no-such-font.ttf"
        XCTAssertThrowsError(try FontSubsetter(path: missing, faceIndex: 0)) { error in
            XCTAssertEqual(error as? PDFError, .cannotEmbedFont(path: missing, reason: "the file cannot be read"))
        }
    }

    func testAFontObjectIsSharedByEveryPageAndWrittenOnce() throws {
        let layout = PdfFixture.layout([[[(0, "One", 0)]], [[(0, "Two", 0)]], [[(0, "Three", 0)]]])
        let expanded = try PdfFixture.expanded(try PdfFixture.write(try PdfFixture.renderer().render(layout)))
        XCTAssertEqual(expanded.components(separatedBy: "/Subtype /Type0").count - 1, 1, "one Type0 font for the one face")
        XCTAssertEqual(expanded.components(separatedBy: "/FontFile2").count - 1, 1, "one embedded program")
        XCTAssertEqual(expanded.components(separatedBy: "/F1 11 Tf").count - 1, 3, "each page selects it")
    }

    func testPageSizeOutsidePdfLimitsIsReported() throws {
        let layout = PdfFixture.layout([[[(0, "tiny", 0)]]], pageSize: Size(width: 2, height: 600))
        XCTAssertThrowsError(try PdfFixture.renderer().render(layout)) { error in
            XCTAssertEqual(error as? PDFError, .invalidPageSize(width: 2, height: 600))
            XCTAssertTrue("\(error)".contains("between 3 and 14400 points"), "\(error)")
        }
    }
}

// MARK: - Fixtures

/// Hand-made layouts: the tests check the writer, not the line breaker.
enum PdfFixture {
    static let repoRoot: String = Repository.root.path

    static func fonts() throws -> FontChain {
        try FontChain(paths: [repoRoot + "/Fonts/DejaVuSerif.ttf", repoRoot + "/Fonts/DroidSansFallback-Flat.ttf"])
    }

    // One chain for every renderer of the tests. XCTest runs the tests one after another on one
    // thread (`--parallel` uses processes), so the chain, which is not Sendable, is never used
    // from two threads at once.
    nonisolated(unsafe) private static let sharedFonts = Result { try fonts() }

    static func renderer(title: String = "Test Book", dates: PDFTimestamp? = nil) -> PDFRenderer {
        PDFRenderer(fonts: try! sharedFonts.get(), title: title, creator: "paginate-tests", dateSource: .fixed(dates))
    }

    /// A run as (font index, text, x); a line as runs; a container as lines; a page as containers.
    typealias RunSpec = (font: Int, text: String, x: Double)

    static func layout(
        _ pages: [[[RunSpec]]], columnsOnLastPage: [[[RunSpec]]]? = nil,
        fontSize: Double = 11, pageSize: Size = Size(width: 400, height: 600)
    ) -> Layout {
        let setup = PageSetup(size: pageSize, margins: EdgeInsets(all: 36), columns: 1)
        let settings = LayoutSettings(page: setup, fontSize: fontSize)
        var offset = 0
        var built: [Page] = []
        for (pageIndex, lines) in pages.enumerated() {
            let start = offset
            var containers: [ContainerLayout] = []
            var groups: [(Rect, [[RunSpec]])] = [(setup.columnFrame(0), lines)]
            if pageIndex == pages.count - 1, let columns = columnsOnLastPage {
                let twoColumns = PageSetup(size: pageSize, margins: EdgeInsets(all: 36), columns: 2, gutter: 18)
                groups = columns.enumerated().map { (twoColumns.columnFrame($0.offset), $0.element) }
            }
            for (frame, lines) in groups {
                var fragments: [LineFragment] = []
                for (lineIndex, runs) in lines.enumerated() {
                    let lineStart = offset
                    let textRuns = runs.map { spec -> TextRun in
                        let length = spec.text.utf8.count
                        defer { offset += length }
                        return TextRun(
                            fontIndex: spec.font, text: spec.text, x: spec.x,
                            width: Double(length) * 5.5, sourceRange: offset..<offset + length)
                    }
                    offset += 1
                    fragments.append(
                        LineFragment(
                            range: lineStart..<offset,
                            origin: Point(x: 0, y: Double(lineIndex) * fontSize * 1.2),
                            width: textRuns.last.map { $0.x + $0.width } ?? 0,
                            height: fontSize * 1.2, baseline: fontSize * 0.93, runs: textRuns))
                }
                containers.append(ContainerLayout(frame: frame, lines: fragments))
            }
            built.append(Page(number: pageIndex + 1, range: start..<offset, containers: containers))
        }
        return Layout(pages: built, sourceLength: offset, settings: settings, diagnostics: TextDiagnostics())
    }

    /// Three pages: Latin, Latin and CJK on one line, then two columns.
    static func mixedLayout() -> Layout {
        layout(
            [
                [
                    [(0, "It was a bright cold day in April,", 0)],
                    [(0, "and the clocks were striking thirteen.", 0)],
                    [],
                    [(0, "Thus have I heard:", 0), (1, "如是我聞。", 97.4375)],
                ],
                [
                    [(1, "一時佛在舍衛國。", 0)],
                    [(0, "Sūtra, ", 12.3333), (1, "祇樹給孤獨園", 50.0625), (0, "(Jeta Grove)", 116.0625)],
                ],
                [],
            ],
            columnsOnLastPage: [
                [[(0, "Left column,", 0)], [(0, "second line.", 0)]],
                [[(1, "右欄。", 0)], [(0, "Right column.", 4.5)]],
            ])
    }

    /// Writes bytes to a fresh temporary file and returns its path.
    static func write(_ bytes: [UInt8]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("paginate-pdf-\(UUID().uuidString).pdf")
        try Data(bytes).write(to: url)
        return url.path
    }

    /// The file rewritten by qpdf with every stream decompressed, as text.
    static func expanded(_ pdf: String) throws -> String {
        let output = pdf + ".qdf"
        let result = try Tool.run("qpdf", ["--qdf", "--object-streams=disable", pdf, output])
        guard result.status == 0 else { throw ProcessFailure(description: "qpdf --qdf failed: \(result.errors)") }
        return String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self)
    }

    /// `pdffonts` rows as base font name (subset tag removed) → "emb" column.
    static func embeddedFonts(_ pdf: String) throws -> [String: String] {
        let result = try Tool.run("pdffonts", [pdf])
        guard result.status == 0 else { throw ProcessFailure(description: "pdffonts failed: \(result.errors)") }
        var fonts: [String: String] = [:]
        for row in result.output.split(separator: "\n").dropFirst(2) {
            let fields = row.split(separator: " ")
            guard fields.count >= 7, let name = fields.first else { continue }
            let base = name.split(separator: "+", maxSplits: 1).last.map(String.init) ?? String(name)
            fonts[base] = String(fields[fields.count - 5])
        }
        return fonts
    }

    /// The operands of every `Tm` operator, grouped by page, from a QDF file.
    static func textMatrices(qdf: String) -> [[[Double]]] {
        let pages = qdf.components(separatedBy: "%% Contents for page ").dropFirst()
        return pages.map { page in
            let stream = page.components(separatedBy: "endstream").first ?? ""
            return stream.split(separator: "\n").compactMap { line -> [Double]? in
                let fields = line.split(separator: " ")
                guard fields.count == 7, fields[6] == "Tm" else { return nil }
                return fields.prefix(6).compactMap { Double($0) }
            }
        }
    }

    /// What a reader sees of a text: everything but white space, in order.
    static func ink(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
    }
}

/// The `/DW` and `/W` entries of one embedded CID font, read from a QDF file.
private struct PdfWidths {
    var defaultWidth = 1000
    var widths: [Int: Int] = [:]

    init?(qdf: String, baseFont: String) {
        guard
            let object = qdf.components(separatedBy: "endobj").first(where: {
                $0.contains("/Subtype /CIDFontType2") && $0.contains("+\(baseFont)\n")
            })
        else { return nil }
        let tokens = PdfWidths.tokens(object)
        if let dw = tokens.firstIndex(of: "/DW"), let value = Int(tokens[dw + 1]) { defaultWidth = value }
        guard let start = tokens.firstIndex(of: "/W"), tokens[start + 1] == "[" else { return }
        // /W holds "first [w1 w2 ...]" and "first last w" entries.
        var index = start + 2
        while index < tokens.count, tokens[index] != "]" {
            guard let first = Int(tokens[index]) else { return nil }
            if tokens[index + 1] == "[" {
                index += 2
                var cid = first
                while tokens[index] != "]" {
                    widths[cid] = Int(Double(tokens[index])!)
                    cid += 1
                    index += 1
                }
                index += 1
            } else {
                guard let last = Int(tokens[index + 1]), let width = Double(tokens[index + 2]) else { return nil }
                for cid in first...last { widths[cid] = Int(width) }
                index += 3
            }
        }
    }

    func width(ofCID cid: Int) -> Int { widths[cid] ?? defaultWidth }

    private static func tokens(_ text: String) -> [String] {
        text.replacingOccurrences(of: "[", with: " [ ").replacingOccurrences(of: "]", with: " ] ")
            .split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }
}
