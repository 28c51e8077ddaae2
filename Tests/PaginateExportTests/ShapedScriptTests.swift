import Foundation
import PaginateKit
import TestSupport
import XCTest
@testable import PaginateExport

/// Scripts that are shaped — right to left, joined, reordered, stacked — laid out by the engine and
/// drawn by the PDF writer, then checked as a reader would: every glyph has its outline, each
/// line looks like HarfBuzz's own `hb-view` drawing of it, and the text reads back in logical order.
final class ShapedScriptTests: XCTestCase {
    static let names = ["hebrew", "arabic", "persian", "devanagari", "thai", "emoji"]

    /// The sample laid out by the engine, one line per page (pages broken by form feeds), in its
    /// font alone at 24 pt; returns the PDF's path.
    static func render(_ sample: FontEmbeddingTests.Sample) throws -> String {
        var settings = LayoutSettings(page: PageSetup(size: Size(width: 900, height: 240), margins: EdgeInsets(all: 20)),
                                      fontSize: FontEmbeddingTests.fontSize)
        settings.paragraphMode = .lines
        let text = sample.lines.joined(separator: "\n\u{0C}\n") + "\n"
        let chain = try FontChain(files: [sample.font])
        let layout = try LayoutManager(fonts: chain, settings: settings).layout(TextStorage(text))
        XCTAssertEqual(layout.pages.count, sample.lines.count, "\(sample.name): one page per line")
        let renderer = PDFRenderer(fonts: chain, title: sample.name, creator: "paginate-tests", dateSource: .fixed(nil))
        return try PdfFixture.write(try renderer.render(layout))
    }

    func testEveryGlyphHasItsOutline() throws {
        for name in Self.names {
            let pdf = try Self.render(try FontEmbeddingTests.sample(name))
            let check = try Tool.run(FontEmbeddingTests.glyphCheck, [pdf])
            XCTAssertEqual(check.status, 0, "\(name): \(check.output)\(check.errors)")
        }
    }

    func testEveryLineLooksLikeHarfBuzzDrawingIt() throws {
        for name in Self.names {
            let sample = try FontEmbeddingTests.sample(name)
            let pdf = try Self.render(sample)
            let compared = try Tool.run(FontEmbeddingTests.pictureCheck,
                                        [pdf, sample.path, "--font", "\(sample.font.path):\(sample.font.faceIndex)",
                                         "--size", "\(FontEmbeddingTests.fontSize)", "--reference", "shaped"])
            XCTAssertEqual(compared.status, 0, "\(name):\n\(compared.output)\(compared.errors)")
        }
    }

    /// The shaped comparison is worth something only if unshaped text fails it: the same Arabic,
    /// Devanagari and Hebrew drawn glyph per code point in logical order, left to right — unjoined
    /// letters, conjuncts not formed, Hebrew reversed — as the writer drew them before shaping.
    func testThePictureCheckFailsOnUnshapedText() throws {
        for name in ["arabic", "devanagari", "hebrew"] {
            let sample = try FontEmbeddingTests.sample(name)
            let chain = try FontChain(files: [sample.font])
            let pages = sample.lines.map { [[PdfFixture.RunSpec(font: 0, text: $0, x: 0)]] }
            let layout = PdfFixture.layout(pages, fontSize: FontEmbeddingTests.fontSize, pageSize: Size(width: 900, height: 110))
            let renderer = PDFRenderer(fonts: chain, title: name, creator: "paginate-tests", dateSource: .fixed(nil))
            let pdf = try PdfFixture.write(try renderer.render(layout))
            let compared = try Tool.run(FontEmbeddingTests.pictureCheck,
                                        [pdf, sample.path, "--font", "\(sample.font.path):\(sample.font.faceIndex)",
                                         "--size", "\(FontEmbeddingTests.fontSize)", "--reference", "shaped"])
            XCTAssertEqual(compared.status, 1, "\(name): unshaped text passed:\n\(compared.output)\(compared.errors)")
        }
    }

    func testTextReadsBackInLogicalOrderAndToolsAreSilent() throws {
        for name in Self.names {
            let sample = try FontEmbeddingTests.sample(name)
            let pdf = try Self.render(sample)
            let check = try Tool.run("qpdf", ["--check", pdf])
            XCTAssertEqual(check.status, 0, "\(name): \(check.output)\(check.errors)")
            let text = try Tool.run("pdftotext", ["-enc", "UTF-8", pdf, "-"])
            XCTAssertEqual(text.errors, "", "\(name): poppler complained")
            // pdftotext marks right-to-left runs with embedding controls; the letters are in order.
            // Pointed Hebrew is left out: right to left, poppler orders a word's glyphs by position,
            // and the points drawn over their letters scatter the word (a known limit of
            // extraction; the picture test checks the drawing).
            let pointed = { (line: String) in name == "hebrew" && line.unicodeScalars.contains { $0.properties.generalCategory == .nonspacingMark } }
            let kept = sample.lines.filter { !pointed($0) }
            let extractedLines = text.output.split(whereSeparator: { $0 == "\n" || $0 == "\u{0C}" }).map(String.init).filter { line in
                line.unicodeScalars.contains { !$0.properties.isWhitespace && !(0x202A...0x202E).contains($0.value) }
            }
            func visible(_ scalar: Unicode.Scalar) -> Bool {
                !scalar.properties.isWhitespace && !(0x202A...0x202E).contains(scalar.value)
            }
            // The pointed lines come last in the sample (poppler may split one into two).
            XCTAssertEqual(sample.lines.prefix(kept.count), kept[...], "\(name): pointed lines must come last")
            XCTAssertGreaterThanOrEqual(extractedLines.count, sample.lines.count, "\(name): \(extractedLines)")
            let read = extractedLines.prefix(kept.count).flatMap { $0.unicodeScalars.filter(visible) }
            let written = kept.joined().unicodeScalars.filter(visible)
            XCTAssertEqual(String(String.UnicodeScalarView(read)), String(String.UnicodeScalarView(written)), name)
        }
    }
}
