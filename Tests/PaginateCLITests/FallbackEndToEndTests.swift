import TestSupport
import Foundation
import XCTest

/// Characters the bundled fonts lack, drawn with installed fonts fallback finds, through the built
/// binary: the PDF embeds them and reads back.
///
/// Relies on the fonts `Scripts/install-dependencies.sh` installs (fonts-noto-core for Hebrew,
/// fonts-symbola for emoji).
final class FallbackEndToEndTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory.make(prefix: "fallback")
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func testHebrewGreekAndEmojiAreEmbeddedAndReadBack() throws {
        let input = folder.appendingPathComponent("line.txt")
        let pdf = folder.appendingPathComponent("line.pdf")
        try Data("Shalom שלום, Greek καλημέρα, coffee ☕.\n".utf8).write(to: input)
        let run = try PaginateBinary.run([input.path, "-o", pdf.path, "--folio", "none", "--no-cache"])
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertFalse(run.errors.contains("not covered"), "every character has an installed font: \(run.errors)")

        let fonts = try PDFTools.fonts(pdf)
        XCTAssertTrue(fonts.allSatisfy(\.embedded), "\(fonts.map(\.name))")
        let families = fonts.map(\.family)
        XCTAssertTrue(families.contains("DejaVuSerif"), "\(families)")
        XCTAssertTrue(families.contains { $0.contains("Hebrew") }, "a Hebrew font is embedded: \(families)")
        XCTAssertTrue(families.contains("Symbola"), "the emoji font is embedded: \(families)")
        XCTAssertFalse(families.contains { $0.contains("Droid") }, "no CJK on the line: \(families)")

        let text = try PDFTools.text(pdf, order: .contentStream)
        XCTAssertFalse(text.contains("\u{FFFD}"), text)
        XCTAssertTrue(text.contains("Shalom"), text)
        XCTAssertTrue(text.contains("καλημέρα"), text)
        XCTAssertTrue(text.contains("☕"), text)
        // Drawn in logical order, left to right (no bidi yet): pdftotext, reading Hebrew right to
        // left, gives the word reversed; once bidi places it, it reads in logical order.
        XCTAssertTrue(text.contains("שלום") || text.contains("םולש"), text)
    }

    func testFontsSampleShowsWhereEachCharacterComesFrom() throws {
        let run = try PaginateBinary.run(["fonts", "dejavu serif", "--sample", "aש ☕\u{378}"])
        XCTAssertEqual(run.status, 0, run.summary)
        let blocks = run.output.components(separatedBy: "\n\n")
        XCTAssertEqual(blocks.count, 2, run.output)
        let rows = blocks[1].split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        XCTAssertEqual(rows.first, ["CHARACTER", "CODE", "POINTS", "FONT", "FILE"])
        XCTAssertEqual(rows.count, 5, blocks[1])
        XCTAssertEqual(rows[1].prefix(4), ["a", "U+0061", "DejaVu", "Serif"])
        XCTAssertEqual(rows[2].prefix(2), ["ש", "U+05E9"])
        XCTAssertTrue(rows[2].contains("Hebrew") && rows[2].contains("(fallback)"), "\(rows[2])")
        XCTAssertEqual(rows[3].prefix(4), ["☕", "U+2615", "Symbola", "(fallback)"])
        XCTAssertEqual(rows[4], ["\u{378}", "U+0378", "not", "covered", "-"])

        let json = try PaginateBinary.run(["fonts", "dejavu serif", "--json", "--sample", "ש\u{378}"])
        XCTAssertEqual(json.status, 0, json.summary)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let characters = try XCTUnwrap(document["characters"] as? [[String: Any]])
        XCTAssertEqual(characters.count, 2)
        XCTAssertEqual(characters[0]["codePoints"] as? [String], ["U+05E9"])
        XCTAssertEqual(characters[0]["fallback"] as? Bool, true)
        XCTAssertTrue((characters[0]["file"] as? String)?.hasSuffix(".ttf") == true, "\(characters[0])")
        XCTAssertTrue(characters[1]["font"] is NSNull, "\(characters[1])")
        XCTAssertEqual(characters[1]["fallback"] as? Bool, false)
        // Without --sample the document stays as it was.
        let plain = try PaginateBinary.run(["fonts", "dejavu serif", "--json"])
        let listing = try XCTUnwrap(JSONSerialization.jsonObject(with: plain.stdout) as? [String: Any])
        XCTAssertNil(listing["characters"])
    }
}
