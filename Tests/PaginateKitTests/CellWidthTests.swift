import XCTest
@testable import PaginateKit

final class CellWidthTests: XCTestCase {
    func testNarrowAndWide() {
        XCTAssertEqual(CellWidth.of(0x61), 1)
        XCTAssertEqual(CellWidth.of(0x6F22), 2)  // 漢
        XCTAssertEqual(CellWidth.of(0x3042), 2)  // あ
        XCTAssertEqual(CellWidth.of(0xFF21), 2)  // fullwidth A
        XCTAssertEqual(CellWidth.of(0xFF71), 1)  // halfwidth katakana
        XCTAssertEqual(CellWidth.of(0x1F600), 2)  // emoji, EAW W
        XCTAssertEqual(CellWidth.of(0xAC00), 2)  // Hangul syllable
        XCTAssertEqual(CellWidth.of(0xA7), 1)  // ambiguous counts as narrow
        XCTAssertEqual(CellWidth.of(0x3FFFD), 2)  // unassigned CJK plane defaults to W
    }

    func testZeroWidth() {
        XCTAssertEqual(CellWidth.of(0x301), 0)  // Mn
        XCTAssertEqual(CellWidth.of(0x20DD), 0)  // Me
        XCTAssertEqual(CellWidth.of(0x200B), 0)  // ZWSP, Cf
        XCTAssertEqual(CellWidth.of(0x200D), 0)  // ZWJ
        XCTAssertEqual(CellWidth.of(0xFE0F), 0)  // variation selector
        XCTAssertEqual(CellWidth.of(0xAD), 0)  // soft hyphen, Cf
        XCTAssertEqual(CellWidth.of(0x1161), 0)  // conjoining Hangul vowel
        XCTAssertEqual(CellWidth.of(0x0A), 0)
        XCTAssertEqual(CellWidth.of(0x110000), 1)  // out of range: like U+FFFD
    }

    func testStrings() {
        XCTAssertEqual(CellWidth.of(""), 0)
        XCTAssertEqual(CellWidth.of("abc"), 3)
        XCTAssertEqual(CellWidth.of("日本語abc"), 9)
        XCTAssertEqual(CellWidth.of("e\u{301}"), 1)
        XCTAssertEqual(CellWidth.of("👩\u{200D}💻"), 4)
    }

    func testIsWide() {
        XCTAssertTrue(CellWidth.isWide(0x6F22))
        XCTAssertTrue(CellWidth.isWide(0x3002))  // 。
        XCTAssertTrue(CellWidth.isWide(0xFF01))  // fullwidth !
        XCTAssertFalse(CellWidth.isWide(0x61))
        XCTAssertFalse(CellWidth.isWide(0xFF71))
        XCTAssertFalse(CellWidth.isWide(0x20))
    }
}
