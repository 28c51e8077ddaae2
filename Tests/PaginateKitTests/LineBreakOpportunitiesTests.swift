import XCTest
@testable import PaginateKit

final class LineBreakOpportunitiesTests: XCTestCase {
    /// The text with "÷" at each allowed break and "!" at each mandatory one, except the final
    /// mandatory break at the end of text.
    private func marked(_ text: String) -> String {
        let scalars = text.unicodeScalars.map(\.value)
        let actions = LineBreakOpportunities.compute(scalars)
        XCTAssertEqual(actions.count, scalars.count)
        if !actions.isEmpty { XCTAssertEqual(actions.last, .mandatory) }
        var result = ""
        for (index, scalar) in text.unicodeScalars.enumerated() {
            result.unicodeScalars.append(scalar)
            guard index < actions.count - 1 else { break }
            switch actions[index] {
            case .allowed: result += "÷"
            case .mandatory: result += "!"
            case .prohibited: break
            }
        }
        return result
    }

    func testEmptyAndSingle() {
        XCTAssertEqual(LineBreakOpportunities.compute([UInt32]()), [])
        XCTAssertEqual(LineBreakOpportunities.compute([0x61]), [.mandatory])
        XCTAssertEqual(LineBreakOpportunities.compute([0x0A]), [.mandatory])
    }

    func testBreaksAfterSpacesNotBefore() {
        XCTAssertEqual(marked("hello world"), "hello ÷world")
        XCTAssertEqual(marked("a   b"), "a   ÷b")
        XCTAssertEqual(marked("end. Next"), "end. ÷Next")
    }

    func testHyphenAllowsBreakAfterOnly() {
        XCTAssertEqual(marked("well-known"), "well-÷known")
        // LB25: a hyphen before a digit is a minus sign.
        XCTAssertEqual(marked("x -5"), "x ÷-5")
    }

    func testMandatoryBreaks() {
        XCTAssertEqual(marked("a\nb"), "a\n!b")
        let crlf = LineBreakOpportunities.compute([0x61, 0x0D, 0x0A, 0x62])
        XCTAssertEqual(crlf, [.prohibited, .prohibited, .mandatory, .mandatory])
        XCTAssertEqual(marked("a\u{2028}b"), "a\u{2028}!b")
    }

    func testIdeographsBreakBetweenEachOther() {
        XCTAssertEqual(marked("漢字仮名"), "漢÷字÷仮÷名")
    }

    func testNoBreakBeforeIdeographicFullStop() {
        XCTAssertEqual(LineBreakClass.of(0x3002), .CL)
        XCTAssertEqual(marked("日本。語"), "日÷本。÷語")
        // Small kana are NS (CJ resolved by LB1): no break before them.
        XCTAssertEqual(marked("キャ"), "キャ")
        XCTAssertEqual(marked("「日本」"), "「日÷本」")
    }

    func testEmDash() {
        XCTAssertEqual(LineBreakClass.of(0x2014), .B2)
        XCTAssertEqual(marked("a—b"), "a÷—÷b")
        XCTAssertEqual(marked("a——b"), "a÷——÷b")
    }

    func testURLBreaksOnlyAfterSlashes() {
        XCTAssertEqual(marked("https://example.com/a/b"), "https://÷example.com/÷a/÷b")
    }

    func testNumbers() {
        XCTAssertEqual(marked("$1,000.50"), "$1,000.50")
        XCTAssertEqual(marked("(12)%"), "(12)%")
        XCTAssertEqual(marked("50% off"), "50% ÷off")
    }

    func testCombiningMarksStayWithTheirBase() {
        XCTAssertEqual(marked("e\u{301} x\u{301}"), "e\u{301} ÷x\u{301}")
        // A mark after a space has no base: it stands alone as AL (LB10).
        XCTAssertEqual(marked("a \u{301}b"), "a ÷\u{301}b")
        XCTAssertEqual(marked("\u{301}a"), "\u{301}a")
    }

    func testEmojiAndRegionalIndicators() {
        XCTAssertEqual(marked("👍🏽"), "👍🏽")
        XCTAssertEqual(marked("🇫🇷🇩🇪"), "🇫🇷÷🇩🇪")
        XCTAssertEqual(marked("👩\u{200D}💻"), "👩\u{200D}💻")
    }

    func testWordJoinerAndNoBreakSpace() {
        XCTAssertEqual(marked("a\u{2060}b c\u{A0}d"), "a\u{2060}b ÷c\u{A0}d")
        XCTAssertEqual(marked("a\u{200B}b"), "a\u{200B}÷b")
    }

    func testLineBreakClassLookupAppliesLB1() {
        XCTAssertEqual(LineBreakClass.of(0x61), .AL)
        XCTAssertEqual(LineBreakClass.of(0x30), .NU)
        XCTAssertEqual(LineBreakClass.of(0x0E01), .AL)  // Thai letter: SA, Lo
        XCTAssertEqual(LineBreakClass.of(0x0E31), .CM)  // Thai vowel sign: SA, Mn
        XCTAssertEqual(LineBreakClass.of(0x3041), .NS)  // small hiragana: CJ
        XCTAssertEqual(LineBreakClass.of(0xA7), .AL)  // section sign: AI
        XCTAssertEqual(LineBreakClass.of(0xD800), .AL)  // surrogate: SG
        XCTAssertEqual(LineBreakClass.of(0x3FFFD), .ID)  // unassigned, plane 3
        XCTAssertEqual(LineBreakClass.of(0x1F02C), .ID)  // unassigned, pictographic range
        XCTAssertEqual(LineBreakClass.of(0x20C1), .PR)  // unassigned currency symbol
        XCTAssertEqual(LineBreakClass.of(0x10FFFF), .AL)  // XX
        XCTAssertEqual(LineBreakClass.of(0x110000), LineBreakClass.of(0xFFFD))
        XCTAssertEqual(UnicodeTables.unicodeVersion, "15.0.0")
    }

    func testLinearOnLongInput() {
        // Long runs of marks and spaces exercise the look-ahead and look-behind state.
        let scalars = [UInt32](repeating: 0x301, count: 200_000) + [UInt32](repeating: 0x20, count: 200_000) + [0x61]
        let actions = LineBreakOpportunities.compute(scalars)
        XCTAssertEqual(actions.count, scalars.count)
        XCTAssertEqual(actions.dropLast().filter { $0 != .prohibited }.count, 1)
        XCTAssertEqual(actions[400_000 - 1], .allowed)
    }
}
