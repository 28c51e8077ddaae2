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
        var settings = LayoutSettings(
            page: PageSetup(size: Size(width: 900, height: 240), margins: EdgeInsets(all: 20)),
            fontSize: FontEmbeddingTests.fontSize)
        settings.paragraphMode = .lines
        let text = sample.lines.joined(separator: "\n\u{0C}\n") + "\n"
        let chain = try FontChain(files: [sample.font])
        let layout = try LayoutManager(fonts: chain, settings: settings).layout(TextStorage(text))
        XCTAssertEqual(layout.pages.count, sample.lines.count, "\(sample.name): one page per line")
        let renderer = PDFRenderer(fonts: chain, title: sample.name, creator: "paginate-tests", dateSource: .fixed(nil))
        return try PdfFixture.write(try renderer.render(layout))
    }

    /// `Scripts/compare-pdf-rendering.py` with `hb-view`'s drawing of each line as the reference.
    static func compareWithHarfBuzz(
        _ pdf: String, _ sample: FontEmbeddingTests.Sample
    ) throws -> (status: Int32, output: String, errors: String) {
        try Tool.run(
            FontEmbeddingTests.pictureCheck,
            [
                pdf, sample.path, "--font", "\(sample.font.path):\(sample.font.faceIndex)",
                "--size", "\(FontEmbeddingTests.fontSize)", "--reference", "shaped",
            ])
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
            let compared = try Self.compareWithHarfBuzz(pdf, sample)
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
            let compared = try Self.compareWithHarfBuzz(pdf, sample)
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
            let pointed = { (line: String) in
                name == "hebrew" && line.unicodeScalars.contains { $0.properties.generalCategory == .nonspacingMark }
            }
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

/// Marks with no letter before them — a "storm" of combining accents at a paragraph's start, an
/// Arabic vowel sign alone — are set on a dotted circle, as Unicode recommends, and never hang
/// into the margin.
final class MarkStormTests: XCTestCase {
    func testNoInkOutsideTheContentBox() throws {
        let margin = 36.0
        let text =
            "\u{301}\u{301}\u{301}\u{301}\u{301}\u{301} storm\n\n\u{64E}\u{64E} alone\n\n"
            + "\u{300}a\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301}\u{301} stacked\n"
        let settings = LayoutSettings(page: PageSetup(size: Size(width: 300, height: 300), margins: EdgeInsets(all: margin)), fontSize: 20)
        let fonts = try PdfFixture.fonts()
        let layout = try LayoutManager(fonts: fonts, settings: settings).layout(TextStorage(text))
        let pdf = try PdfFixture.write(
            try PDFRenderer(fonts: fonts, title: "storm", creator: "paginate-tests", dateSource: .fixed(nil)).render(layout))
        let prefix = pdf + "-page"
        let raster = try Tool.run("pdftoppm", ["-r", "144", "-gray", "-f", "1", "-l", "1", "-singlefile", pdf, prefix])
        XCTAssertEqual(raster.status, 0, raster.errors)
        let image = try Data(contentsOf: URL(fileURLWithPath: prefix + ".pgm"))
        // A binary grey map: "P5\n<width> <height>\n255\n" then one byte per pixel.
        let header = image.prefix(40).split(separator: 0x0A, maxSplits: 3, omittingEmptySubsequences: false)
        let size = String(decoding: header[1], as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        let (width, height) = (size[0], size[1])
        let pixels = [UInt8](image.suffix(width * height))
        let edge = Int(margin * 2)  // the margin in pixels at 144 dpi
        var inkLeftOfMargin = 0
        var inkInside = 0
        for y in 0..<height {
            for x in 0..<width where pixels[y * width + x] < 128 {
                if x < edge - 1 { inkLeftOfMargin += 1 } else { inkInside += 1 }
            }
        }
        XCTAssertGreaterThan(inkInside, 0, "the page shows the text")
        XCTAssertEqual(inkLeftOfMargin, 0, "ink in the left margin")
        // The first glyph of the storm is the dotted circle the marks stand on.
        let first = try XCTUnwrap(layout.pages[0].lines[0].runs.first?.glyphs.first)
        XCTAssertEqual(first.glyph, fonts.fonts[0].glyph(for: 0x25CC))
    }
}
