import Foundation
import XCTest
@testable import PaginateKit

/// Fonts measured by FreeType, coverage, fallback in a layout, and the errors for unusable files.
final class FontTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("paginate-font-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }

    // MARK: Metrics

    func testDejaVuWidthsFromFreeType() throws {
        let font = try Font(path: UnitSupport.dejaVuPath)
        XCTAssertEqual(font.name, "DejaVuSerif")
        XCTAssertEqual(font.faceIndex, 0)
        let a = try XCTUnwrap(font.width(of: 0x41))
        XCTAssertGreaterThan(a, 0)
        XCTAssertEqual(a, 722, "1479 design units of 2048, truncated to thousandths")
        let space = try XCTUnwrap(font.width(of: 0x20))
        let m = try XCTUnwrap(font.width(of: 0x6D))
        XCTAssertLessThan(space, m)
        XCTAssertLessThan(try XCTUnwrap(font.width(of: 0x69)), m, "i is narrower than m: not a monospace font")
        XCTAssertEqual(font.width(of: 0x301), 0, "a combining mark does not advance")
        XCTAssertGreaterThan(font.ascent, 0.5)
        XCTAssertLessThan(font.ascent, 1.5)
        XCTAssertGreaterThan(font.descent, 0, "the descent is positive, below the baseline")
        XCTAssertGreaterThan(font.missingGlyphWidth, 0)
        // Widths are stable: a second query (cached) answers the same.
        XCTAssertEqual(font.width(of: 0x41), a)
    }

    func testCoverage() throws {
        let dejaVu = try Font(path: UnitSupport.dejaVuPath)
        let droid = try Font(path: UnitSupport.droidPath)
        XCTAssertFalse(dejaVu.covers(0x91D1), "DejaVu Serif has no 金")
        XCTAssertNil(dejaVu.width(of: 0x91D1))
        XCTAssertTrue(droid.covers(0x91D1))
        XCTAssertEqual(droid.width(of: 0x91D1), 1000, "ideographs are one em wide")
        XCTAssertTrue(dejaVu.covers(0x41))
        XCTAssertTrue(dejaVu.covers(0x3B1), "Greek")
        XCTAssertTrue(dejaVu.covers(0x416), "Cyrillic")
        XCTAssertTrue(dejaVu.covers(0xFFFD))
        XCTAssertFalse(dejaVu.covers(0x0E01), "no Thai")
        XCTAssertFalse(droid.covers(0x0E01), "no Thai")
        XCTAssertNil(dejaVu.width(of: 0x10FFFF))
    }

    func testBundledChain() throws {
        let chain = try FontChain.bundled()
        XCTAssertEqual(chain.fonts.map(\.name), ["DejaVuSerif", "DroidSansFallback"])
        XCTAssertEqual(FontChain.bundledFontFiles, ["DejaVuSerif.ttf", "DroidSansFallback-Flat.ttf"])
    }

    // MARK: Fallback in a layout

    func testFallbackPicksTheCJKFont() throws {
        let fonts = try UnitSupport.fonts()
        let settings = UnitSupport.settings(fontSize: 10, mode: .lines)
        let layout = try LayoutManager(fonts: fonts, settings: settings).layout(TextStorage("abc 金剛 def"))
        let line = layout.pages[0].lines[0]
        XCTAssertEqual(line.runs.map(\.fontIndex), [0, 1, 0])
        XCTAssertEqual(line.runs.map(\.text), ["abc ", "金剛", " def"])
        XCTAssertEqual(line.text, "abc 金剛 def")
        XCTAssertEqual(line.runs.map(\.sourceRange), [0..<4, 4..<10, 10..<14])
        let primary = fonts.fonts[0]
        let abcSpace = "abc ".unicodeScalars.reduce(0) { $0 + primary.width(of: $1.value)! }
        XCTAssertEqual(line.runs[1].x, Double(abcSpace) * 10 / 1000, accuracy: 1e-9)
        XCTAssertEqual(line.runs[1].width, 20, accuracy: 1e-9, "two ideographs of one em at 10 pt")
        XCTAssertEqual(line.runs[2].x, line.runs[1].x + line.runs[1].width, accuracy: 1e-9)
        XCTAssertEqual(layout.diagnostics.uncoveredCharacters, 0)
    }

    func testClusterStaysInOneFont() throws {
        // e + combining acute: DejaVu has both, so the whole cluster is drawn by font 0.
        let layout = try UnitSupport.layout("cafe\u{301}", UnitSupport.settings(mode: .lines))
        XCTAssertEqual(layout.pages[0].lines[0].runs.map(\.fontIndex), [0])
        XCTAssertEqual(layout.pages[0].lines[0].text, "cafe\u{301}")
        // Kana with a combining voiced mark: only the CJK font has both.
        let kana = try UnitSupport.layout("か\u{3099}", UnitSupport.settings(mode: .lines))
        XCTAssertEqual(kana.pages[0].lines[0].runs.map(\.fontIndex), [1])
    }

    func testUncoveredCharactersAreReplacedAndCounted() throws {
        // U+0378 is unassigned, so no installed font can stand in for it either.
        let layout = try UnitSupport.layout("a\u{0378}b", UnitSupport.settings(mode: .lines))
        XCTAssertEqual(layout.diagnostics.uncoveredCharacters, 1)
        let line = layout.pages[0].lines[0]
        XCTAssertEqual(line.text, "a\u{FFFD}b", "drawn with the primary font's U+FFFD")
        XCTAssertEqual(line.runs.map(\.fontIndex), [0])
        XCTAssertNotNil(layout.diagnostics.summary)
    }

    // MARK: Errors

    private func assertFontError(_ path: String, faceIndex: Int = 0, line: UInt = #line, _ check: (FontError) -> Void) {
        do {
            _ = try Font(path: path, faceIndex: faceIndex)
            XCTFail("opening \(path) should fail", line: line)
        } catch {
            check(error)
        }
    }

    func testMissingFile() {
        let path = scratch.appendingPathComponent("missing.ttf").path
        assertFontError(path) { XCTAssertEqual($0, .unreadable(path: path, reason: "no such file")) }
    }

    func testDirectory() {
        let path = scratch.path
        assertFontError(path) { XCTAssertEqual($0, .unreadable(path: path, reason: "it is a directory")) }
    }

    func testNotAFont() throws {
        let url = scratch.appendingPathComponent("notes.ttf")
        try Data("This is a plain text file, not a font.\n".utf8).write(to: url)
        assertFontError(url.path) { error in
            XCTAssertEqual(error, .unreadable(path: url.path, reason: "not a font file FreeType understands"))
            XCTAssertTrue(error.description.contains(url.path))
        }
        let empty = scratch.appendingPathComponent("empty.ttf")
        try Data().write(to: empty)
        assertFontError(empty.path) { error in
            guard case .unreadable(let path, _) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(path, empty.path)
        }
    }

    func testTruncatedFont() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: UnitSupport.dejaVuPath))
        let url = scratch.appendingPathComponent("truncated.ttf")
        try bytes.prefix(200).write(to: url)
        assertFontError(url.path) { error in
            guard case .unreadable(let path, _) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(path, url.path)
        }
    }

    /// DejaVu Serif with its `glyf` table's tag rewritten, so FreeType still opens it.
    private func fontWithRenamedGlyf(_ tag: String, name: String) throws -> URL {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: UnitSupport.dejaVuPath)))
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        var renamed = false
        for index in 0..<tables {
            let record = 12 + 16 * index
            if Array(bytes[record..<(record + 4)]) == Array("glyf".utf8) {
                bytes.replaceSubrange(record..<(record + 4), with: Array(tag.utf8))
                renamed = true
            }
        }
        XCTAssertTrue(renamed, "DejaVu Serif has a glyf table")
        let url = scratch.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    func testVariablePostScriptOutlinesAreRejected() throws {
        let url = try fontWithRenamedGlyf("CFF2", name: "variable.otf")
        assertFontError(url.path) { error in
            XCTAssertEqual(error, .notTrueType(path: url.path))
            XCTAssertTrue(error.description.contains("CFF2"))
        }
    }

    func testCIDKeyedCFFFontIsMeasuredAndAddressedByCID() throws {
        // Noto Sans CJK (fonts-noto-cjk): CID-keyed CFF outlines in a collection.
        let file = try FontCatalog().resolve(name: "Noto Sans CJK SC")
        let font = try Font(path: file.path, faceIndex: file.faceIndex)
        XCTAssertEqual(font.outlines, .cff)
        XCTAssertTrue(font.isCIDKeyed)
        let glyph = try XCTUnwrap(font.glyph(for: 0x4E2D), "中")
        XCTAssertEqual(font.width(of: 0x4E2D), 1000)
        XCTAssertEqual(font.width(ofGlyph: glyph), 1000)
        XCTAssertNotNil(font.characterIdentifier(ofGlyph: glyph))
        XCTAssertNil(font.glyph(for: 0x10FFFD), "a private-use plane character it has no glyph for")
    }

    func testNominalGlyphsBeyondTheBMP() throws {
        let font = try Font(path: UnitSupport.dejaVuPath)
        XCTAssertEqual(font.outlines, .trueType)
        XCTAssertFalse(font.isCIDKeyed)
        let glyph = try XCTUnwrap(font.glyph(for: 0x1D434), "mathematical italic A")
        XCTAssertNotEqual(glyph, try XCTUnwrap(font.glyph(for: 0x41)))
        XCTAssertEqual(font.width(ofGlyph: glyph), font.width(of: 0x1D434))
        XCTAssertNil(font.characterIdentifier(ofGlyph: glyph), "TrueType glyphs have no CID")
        XCTAssertEqual(font.width(ofGlyph: 0), font.missingGlyphWidth)
    }

    func testNoOutlinesAtAll() throws {
        let url = try fontWithRenamedGlyf("zzzz", name: "outlineless.ttf")
        assertFontError(url.path) {
            XCTAssertEqual($0, .unreadable(path: url.path, reason: "it has neither TrueType (glyf) nor PostScript (CFF) outlines"))
        }
    }

    func testFaceIndexOutOfRange() throws {
        let path = UnitSupport.dejaVuPath
        assertFontError(path, faceIndex: 3) { XCTAssertEqual($0, .faceIndexOutOfRange(path: path, index: 3, count: 1)) }
        XCTAssertThrowsError(try FontChain(paths: [path + "#2"])) { error in
            XCTAssertEqual(error as? FontError, .faceIndexOutOfRange(path: path, index: 2, count: 1))
        }
        XCTAssertEqual(try FontChain(paths: [path + "#0"]).fonts.first?.faceIndex, 0)
    }

    func testChainReportsTheFirstBadPath() throws {
        let missing = scratch.appendingPathComponent("nope.ttf").path
        XCTAssertThrowsError(try FontChain(paths: [UnitSupport.dejaVuPath, missing])) { error in
            XCTAssertEqual(error as? FontError, .unreadable(path: missing, reason: "no such file"))
        }
    }
}
