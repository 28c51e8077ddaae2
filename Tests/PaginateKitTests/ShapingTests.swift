import XCTest
@testable import PaginateKit

/// Shaping and bidi in layout: complex-script paragraphs are measured and drawn from HarfBuzz's
/// glyphs, right-to-left text is reordered per line, and simple scripts stay unshaped.
final class ShapingTests: XCTestCase {
    private static let noto = "/usr/share/fonts/truetype/noto/"

    /// The bundled serif first, then an installed face for the script under test (fonts-noto-core).
    private func chain(_ file: String) throws -> FontChain {
        let path = ShapingTests.noto + file
        guard FileManager.default.fileExists(atPath: path) else {
            throw XCTSkip("\(file) is not installed (Debian fonts-noto-core)")
        }
        return try FontChain(paths: [UnitSupport.dejaVuPath, path])
    }

    private func lines(
        _ text: String, fonts: FontChain, width: Double = 400, alignment: TextAlignment = .left,
        direction: TextDirection = .auto
    ) throws -> [LineFragment] {
        var settings = UnitSupport.settings(width: width)
        settings.typography.alignment = alignment
        settings.typography.direction = direction
        return try LayoutManager(fonts: fonts, settings: settings).layout(TextStorage(text)).pages.flatMap(\.lines)
    }

    func testSimpleScriptsAreNotShaped() throws {
        for text in ["However little known the feelings—or views—of such a man", "如是我聞。一時佛在舍衛國。", "Ёлка. Άλφα Έψιλον"] {
            let prepared = PreparedParagraph(UnitSupport.paragraph(text), fonts: try UnitSupport.fonts())
            XCTAssertNil(prepared.shaping, text)
            XCTAssertNil(prepared.bidi, text)
            let runs = try lines(text, fonts: UnitSupport.fonts()).flatMap(\.runs)
            XCTAssertTrue(runs.allSatisfy { $0.glyphs.isEmpty && !$0.isRightToLeft }, text)
        }
    }

    func testArabicJoinsAndRunsRightToLeft() throws {
        let fonts = try chain("NotoSansArabic-Regular.ttf")
        // "مرحبا بالعالم" (hello, world): two words, every letter joined to its neighbours.
        let text = "مرحبا بالعالم"
        let line = try XCTUnwrap(try lines(text, fonts: fonts).first)
        XCTAssertEqual(line.runs.count, 2, "one run per word")
        XCTAssertTrue(line.runs.allSatisfy(\.isRightToLeft))
        // The first word read is the rightmost drawn.
        XCTAssertEqual(line.runs.map(\.text), ["بالعالم", "مرحبا "])
        XCTAssertLessThan(line.runs[0].x, line.runs[1].x)
        XCTAssertEqual(line.text, text, "the line reads in logical order")
        // Joined forms are other glyphs than the letters' own (isolated) ones.
        let font = fonts.fonts[1]
        let nominal = Set("بالعالم".unicodeScalars.compactMap { font.glyph(for: $0.value) })
        let drawn = Set(line.runs[0].glyphs.map(\.glyph))
        XCTAssertFalse(drawn.isSubset(of: nominal), "initial/medial/final forms are drawn: \(drawn) vs \(nominal)")
        // A right-to-left paragraph starts at the right edge.
        XCTAssertEqual(line.origin.x + line.width, 400 - 2 * 36, accuracy: 0.01)
    }

    func testHebrewInsideEnglishKeepsTheLineLeftToRight() throws {
        let fonts = try chain("NotoSansHebrew-Regular.ttf")
        let line = try XCTUnwrap(try lines("Say שלום עולם twice", fonts: fonts).first)
        XCTAssertEqual(line.origin.x, 0, accuracy: 0.01, "an English paragraph starts at the left edge")
        let texts = line.runs.map(\.text)
        // Visual order: "Say ", the Hebrew words right to left, the space after them (at the
        // paragraph's level, between Hebrew and English), then "twice".
        XCTAssertEqual(texts, ["Say ", "עולם", "שלום ", " ", "twice"])
        XCTAssertEqual(line.runs.map(\.isRightToLeft), [false, true, true, false, false])
        for (left, right) in zip(line.runs, line.runs.dropFirst()) {
            XCTAssertEqual(left.x + left.width, right.x, accuracy: 0.001, "runs sit edge to edge")
        }
        XCTAssertEqual(line.text, "Say שלום עולם twice")
    }

    func testARangeAcrossAChangeOfDirectionGivesSeveralRectangles() throws {
        let fonts = try chain("NotoSansHebrew-Regular.ttf")
        let text = "Say שלום עולם twice"
        let layout = try LayoutManager(fonts: fonts, settings: UnitSupport.settings()).layout(TextStorage(text))
        let line = layout.pages[0].lines[0]
        let hebrewRuns = line.runs.filter(\.isRightToLeft)
        let shalom = try XCTUnwrap(hebrewRuns.first { $0.text.hasPrefix("שלום") })
        let olam = try XCTUnwrap(hebrewRuns.first { $0.text.hasPrefix("עולם") })
        // "Say שלום" (bytes 0..<12): "Say " at the left edge, then — not next to it — "שלום",
        // drawn to the right of "עולם".
        let rects = layout.rects(for: 0..<12)
        XCTAssertEqual(rects.count, 2, "\(rects)")
        XCTAssertEqual(rects[0].rect.minX, 36, accuracy: 0.01)
        // The word without the space after it, which right to left is drawn at the run's left end.
        XCTAssertEqual(rects[1].rect.maxX, 36 + line.origin.x + shalom.x + shalom.width, accuracy: 0.01)
        XCTAssertGreaterThan(rects[1].rect.minX, 36 + line.origin.x + shalom.x + 0.5)
        XCTAssertGreaterThan(rects[1].rect.minX, 36 + olam.x + olam.width - 0.01, "a gap where עולם is drawn")
        // One direction only: one rectangle, over both Hebrew words.
        XCTAssertEqual(layout.rects(for: 4..<21).count, 1)
        // A click near the right end of שלום — its start, right to left — gives its first byte.
        let clickX = 36 + line.origin.x + shalom.x + shalom.width - 1
        XCTAssertEqual(layout.offset(at: Point(x: clickX, y: 36 + line.origin.y + 2), onPage: 1), 4)
    }

    func testDevanagariConjunctsTakeFewerGlyphsThanLetters() throws {
        let fonts = try chain("NotoSansDevanagari-Regular.ttf")
        // "क्षत्रिय" (kṣatriya): क्ष and त्र are conjuncts, ि is drawn before its consonant.
        let line = try XCTUnwrap(try lines("क्षत्रिय", fonts: fonts).first)
        let glyphs = line.runs.flatMap(\.glyphs)
        XCTAssertFalse(glyphs.isEmpty)
        XCTAssertLessThan(glyphs.count, "क्षत्रिय".unicodeScalars.count)
        // The measured width is the sum of the drawn advances.
        XCTAssertEqual(line.width, glyphs.reduce(0) { $0 + $1.advance }, accuracy: 0.001)
    }

    func testCombiningMarksSitOnTheirBase() throws {
        // "e" + COMBINING ACUTE has a precomposed glyph (é), which the shaper draws; "x" + COMBINING
        // ACUTE has none, so the mark is placed over the x (GPOS mark attachment, or HarfBuzz's
        // fallback positioning).
        let composed = try XCTUnwrap(try lines("e\u{301}", fonts: UnitSupport.fonts()).first)
        XCTAssertEqual(composed.runs.flatMap(\.glyphs).map(\.glyph), [try XCTUnwrap(try UnitSupport.fonts().fonts[0].glyph(for: 0xE9))])
        let line = try XCTUnwrap(try lines("x\u{301} q", fonts: UnitSupport.fonts()).first)
        let glyphs = line.runs.flatMap(\.glyphs)
        XCTAssertEqual(glyphs.count, 4)
        let acute = glyphs[1]
        XCTAssertEqual(acute.advance, 0, "a mark takes no room")
        XCTAssertLessThan(acute.x, glyphs[0].x + glyphs[0].advance, "the acute is drawn over the e, not after it")
        XCTAssertGreaterThanOrEqual(acute.x, glyphs[0].x - 0.01, "…and not before it")
    }

    func testForcedRightToLeftParagraphAlignsRight() throws {
        let line = try XCTUnwrap(try lines("abc def", fonts: UnitSupport.fonts(), direction: .rightToLeft).first)
        XCTAssertEqual(line.origin.x + line.width, 400 - 2 * 36, accuracy: 0.01)
        // Latin words inside a right-to-left paragraph keep their order within the embedded level 2 run.
        XCTAssertEqual(line.text, "abc def")
    }

    func testLigaturesOnlyWhenAskedFor() throws {
        var settings = UnitSupport.settings()
        let plain = try LayoutManager(fonts: UnitSupport.fonts(), settings: settings).layout(TextStorage("fine flour"))
        XCTAssertTrue(plain.pages[0].lines[0].runs.allSatisfy(\.glyphs.isEmpty), "unshaped by default")
        settings.typography.ligatures = true
        let ligated = try LayoutManager(fonts: UnitSupport.fonts(), settings: settings).layout(TextStorage("fine flour"))
        let line = ligated.pages[0].lines[0]
        let glyphs = line.runs.flatMap(\.glyphs)
        // "fi" and "fl" each become one glyph; the text stays the letters.
        XCTAssertEqual(glyphs.count, "fine flour".count - 2)
        XCTAssertEqual(line.text, "fine flour")
        XCTAssertEqual(line.width, glyphs.reduce(0) { $0 + $1.advance }, accuracy: 0.001)
    }

    func testRightToLeftIndentIsOnTheRight() throws {
        let fonts = try chain("NotoSansHebrew-Regular.ttf")
        var settings = UnitSupport.settings(width: 200)
        settings.typography.firstLineIndent = 20
        let text = String(repeating: "שלום עולם ", count: 8)
        let lines = try LayoutManager(fonts: fonts, settings: settings).layout(TextStorage(text)).pages[0].lines
        XCTAssertGreaterThan(lines.count, 2)
        let column = 200 - 2 * 36.0
        XCTAssertEqual(
            lines[0].origin.x + lines[0].width, column - 20, accuracy: 0.01, "the first line ends an indent short of the right edge")
        XCTAssertEqual(lines[1].origin.x + lines[1].width, column, accuracy: 0.01)
    }

    func testVisualOrderReversesOddLevels() {
        func run(_ text: String, _ width: Double) -> TextRun {
            TextRun(fontIndex: 0, text: text, x: 0, width: width, sourceRange: 0..<0)
        }
        let runs = [run("a", 1), run("b", 2), run("c", 3), run("d", 4)]
        let ordered = ShapedRuns.visuallyOrdered(runs, levels: [0, 1, 1, 0])
        XCTAssertEqual(ordered.map(\.text), ["a", "c", "b", "d"])
        XCTAssertEqual(ordered.map(\.x), [0, 1, 4, 6])
        XCTAssertEqual(ShapedRuns.visuallyOrdered(runs, levels: [1, 2, 2, 1]).map(\.text), ["d", "b", "c", "a"])
    }
}
