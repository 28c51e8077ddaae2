import XCTest
@testable import PaginateKit

/// The break rules on their own: how many lines of a paragraph stay in a container, headings kept
/// with what follows them, chapter breaks and the first-line indent — counts and heights only.
final class BreakRulesTests: XCTestCase {
    private func rules(
        widows: Int = 2, orphans: Int = 2, spacing: Double? = nil, chapterBreak: Bool = false,
        indent: Double = 0
    ) -> BreakRules {
        var settings = UnitSupport.settings()
        settings.typography = Typography(
            widows: widows, orphans: orphans, firstLineIndent: indent, paragraphSpacing: spacing,
            chapterBreak: chapterBreak)
        return BreakRules(settings)
    }

    private func here(_ rules: BreakRules, remaining: Int, fitting: Int, atTop: Bool = false) -> Int {
        rules.linesHere(BreakRules.Measure(fitting: fitting, remaining: remaining, bottom: 0), atTop: atTop)
    }

    // MARK: Widows and orphans

    func testAParagraphThatFitsStaysWhole() {
        let rules = rules(widows: 3, orphans: 3)
        XCTAssertEqual(here(rules, remaining: 5, fitting: 5), 5)
        XCTAssertEqual(here(rules, remaining: 5, fitting: 9), 5)
        XCTAssertEqual(here(rules, remaining: 1, fitting: 1), 1)
    }

    func testTooFewLinesAtTheFootMoveTheParagraph() {
        let rules = rules(widows: 2, orphans: 3)
        XCTAssertEqual(here(rules, remaining: 10, fitting: 2), 0, "2 orphans < 3")
        XCTAssertEqual(here(rules, remaining: 10, fitting: 0), 0)
        XCTAssertEqual(here(rules, remaining: 10, fitting: 3), 3, "3 orphans are enough, 7 widows too")
    }

    func testTooFewLinesLeftOverTakeLinesFromHere() {
        let rules = rules(widows: 3, orphans: 2)
        XCTAssertEqual(here(rules, remaining: 10, fitting: 9), 7, "1 widow: 3 lines go over")
        XCTAssertEqual(here(rules, remaining: 10, fitting: 8), 7, "2 widows: 3 lines go over")
        XCTAssertEqual(here(rules, remaining: 10, fitting: 7), 7, "3 widows are enough")
    }

    func testWhenBothRulesCannotHoldTheParagraphMoves() {
        let rules = rules(widows: 2, orphans: 2)
        XCTAssertEqual(here(rules, remaining: 3, fitting: 2), 0, "3 lines cannot split 2 + 2")
        XCTAssertEqual(here(rules, remaining: 4, fitting: 3), 2, "4 lines split 2 + 2")
        XCTAssertEqual(here(rules, remaining: 4, fitting: 2), 2)
        XCTAssertEqual(here(rules, remaining: 2, fitting: 1), 0, "a two-line paragraph never splits")
    }

    func testAtTheTopOfAContainerTheBestPossibleStays() {
        let rules = rules(widows: 2, orphans: 2)
        XCTAssertEqual(here(rules, remaining: 41, fitting: 40, atTop: true), 39, "widows still hold")
        XCTAssertEqual(here(rules, remaining: 3, fitting: 2, atTop: true), 2, "too short for both rules: fill the container")
        XCTAssertEqual(here(rules, remaining: 5, fitting: 1, atTop: true), 1, "a container of one line")
        XCTAssertEqual(here(rules, remaining: 5, fitting: 0, atTop: true), 0, "nothing fits: the caller reports it")
    }

    func testOneAndOneIsPlainFilling() {
        let rules = rules(widows: 1, orphans: 1)
        for remaining in 1...6 {
            for fitting in 0...8 {
                XCTAssertEqual(here(rules, remaining: remaining, fitting: fitting), min(remaining, fitting), "\(remaining) \(fitting)")
                XCTAssertEqual(here(rules, remaining: remaining, fitting: fitting, atTop: true), min(remaining, fitting))
            }
        }
    }

    func testARemainingCountCappedAtFittingPlusWidowsDecidesTheSame() {
        for (widows, orphans) in [(1, 1), (2, 2), (3, 1), (1, 4), (5, 5)] {
            let rules = rules(widows: widows, orphans: orphans)
            for remaining in 1...20 {
                for fitting in 0...20 {
                    let capped = min(remaining, fitting + widows)
                    for atTop in [false, true] {
                        XCTAssertEqual(
                            here(rules, remaining: capped, fitting: fitting, atTop: atTop),
                            min(here(rules, remaining: remaining, fitting: fitting, atTop: atTop), capped),
                            "widows \(widows) orphans \(orphans) remaining \(remaining) fitting \(fitting)")
                    }
                }
            }
        }
    }

    // MARK: Keep with next

    /// Upcoming paragraphs of fixed line heights in a container `height` tall.
    private struct Script: UpcomingParagraphs {
        var paragraphs: [(upcoming: BreakRules.Upcoming, lines: Int)]
        let pitch: Double
        let height: Double

        func paragraph(_ offset: Int) -> BreakRules.Upcoming? {
            offset <= paragraphs.count ? paragraphs[offset - 1].upcoming : nil
        }

        mutating func measure(_ offset: Int, from y: Double) -> BreakRules.Measure {
            let lines = paragraphs[offset - 1].lines
            let fitting = min(lines, Int(((height - y) / pitch + 1e-9).rounded(.down)))
            return BreakRules.Measure(fitting: max(0, fitting), remaining: lines, bottom: y + Double(max(0, fitting)) * pitch)
        }
    }

    private static let separator = BreakRules.Upcoming(kind: .separator, isHeading: false, breaksPageAfter: false)
    private static let text = BreakRules.Upcoming(kind: .text, isHeading: false, breaksPageAfter: false)
    private static let heading = BreakRules.Upcoming(kind: .text, isHeading: true, breaksPageAfter: false)

    /// Lines of a one-line heading staying in a 10-line container when it would end at line `end`.
    private func headingLines(
        endingAt end: Int, before paragraphs: [(BreakRules.Upcoming, Int)], rules: BreakRules,
        atTop: Bool = false, breaksPageAfter: Bool = false
    ) -> Int {
        var script = Script(paragraphs: paragraphs.map { (upcoming: $0.0, lines: $0.1) }, pitch: 10, height: 100)
        return rules.linesHere(
            BreakRules.Measure(fitting: 1, remaining: 1, bottom: Double(end) * 10), atTop: atTop, isHeading: true,
            breaksPageAfter: breaksPageAfter, upcoming: &script)
    }

    func testAHeadingStaysOnlyWithTheFirstLinesOfTheNextParagraph() {
        let rules = rules(widows: 2, orphans: 2)
        let following = [(Self.separator, 1), (Self.text, 5)]
        XCTAssertEqual(headingLines(endingAt: 7, before: following, rules: rules), 1, "separator + 2 lines fit")
        XCTAssertEqual(headingLines(endingAt: 8, before: following, rules: rules), 0, "separator + 1 line: too few orphans")
        XCTAssertEqual(headingLines(endingAt: 9, before: following, rules: rules), 0, "only the separator fits")
        XCTAssertEqual(headingLines(endingAt: 10, before: following, rules: rules), 0, "the heading would end the container")
        XCTAssertEqual(
            headingLines(endingAt: 8, before: [(Self.separator, 1), (Self.text, 1)], rules: rules), 1,
            "a one-line paragraph is all there is to keep")
        XCTAssertEqual(headingLines(endingAt: 10, before: following, rules: rules, atTop: true), 1, "at the top nothing is gained")
        XCTAssertEqual(
            headingLines(endingAt: 10, before: following, rules: rules, breaksPageAfter: true), 1,
            "a form feed after the heading separates them anyway")
        XCTAssertEqual(headingLines(endingAt: 10, before: [], rules: rules), 1, "the end of the text")
    }

    func testTheNextParagraphsOwnRulesDecide() {
        // Three lines after the heading cannot split 2 + 2, so they all move, and the heading with them.
        let rules = rules(widows: 2, orphans: 2)
        XCTAssertEqual(headingLines(endingAt: 7, before: [(Self.separator, 1), (Self.text, 3)], rules: rules), 0)
        XCTAssertEqual(headingLines(endingAt: 6, before: [(Self.separator, 1), (Self.text, 3)], rules: rules), 1)
    }

    func testOrphansOfOneKeepTheHeadingWithOneLine() {
        let rules = rules(widows: 1, orphans: 1)
        let following = [(Self.separator, 1), (Self.text, 5)]
        XCTAssertEqual(headingLines(endingAt: 8, before: following, rules: rules), 1)
        XCTAssertEqual(headingLines(endingAt: 9, before: following, rules: rules), 0)
    }

    func testParagraphSpacingCountsInsteadOfTheSeparatorLine() {
        let rules = rules(widows: 2, orphans: 2, spacing: 15)
        let following = [(Self.separator, 1), (Self.text, 5)]
        XCTAssertEqual(headingLines(endingAt: 6, before: following, rules: rules), 1, "60 + 15 + 20 ≤ 100")
        XCTAssertEqual(headingLines(endingAt: 7, before: following, rules: rules), 0, "70 + 15 + 20 > 100")
    }

    func testAChainOfHeadingsStaysTogetherWithTheText() {
        let rules = rules(widows: 2, orphans: 2)
        let chain = [(Self.separator, 1), (Self.heading, 1), (Self.separator, 1), (Self.text, 5)]
        XCTAssertEqual(headingLines(endingAt: 5, before: chain, rules: rules), 1, "heading, blank, heading, blank, 2 lines")
        XCTAssertEqual(headingLines(endingAt: 6, before: chain, rules: rules), 0)
        let broken = [
            (Self.separator, 1), (BreakRules.Upcoming(kind: .text, isHeading: true, breaksPageAfter: true), 1),
            (Self.separator, 1), (Self.text, 5),
        ]
        XCTAssertEqual(headingLines(endingAt: 8, before: broken, rules: rules), 1, "the second heading ends the page anyway")
    }

    func testALongChainIsKeptOnlySoFar() {
        let rules = rules(widows: 1, orphans: 1)
        var chain: [(BreakRules.Upcoming, Int)] = []
        for _ in 0..<20 { chain += [(Self.separator, 0), (Self.heading, 1)] }
        chain += [(Self.separator, 0), (Self.text, 5)]
        // Empty separators and one-line headings in a 10-line container: 21 headings never fit,
        // but only the first few are kept together.
        XCTAssertEqual(BreakRules.longestHeadingChain, 8)
        XCTAssertEqual(headingLines(endingAt: 1, before: chain, rules: rules), 1, "8 headings fit, the 9th is kept with the 8th")
        XCTAssertEqual(headingLines(endingAt: 3, before: chain, rules: rules), 0, "the 9th does not fit")
    }

    // MARK: Chapter breaks and indents

    func testChapterBreaks() {
        let on = rules(chapterBreak: true)
        XCTAssertTrue(on.startsPage(isHeading: true, followsHeading: false, pageIsEmpty: false))
        XCTAssertFalse(on.startsPage(isHeading: true, followsHeading: false, pageIsEmpty: true), "already at the top of a page")
        XCTAssertFalse(on.startsPage(isHeading: true, followsHeading: true, pageIsEmpty: false), "a chain breaks once")
        XCTAssertFalse(on.startsPage(isHeading: false, followsHeading: false, pageIsEmpty: false))
        XCTAssertFalse(rules().startsPage(isHeading: true, followsHeading: false, pageIsEmpty: false))
    }

    func testFirstLineIndent() {
        let rules = rules(indent: 20)
        XCTAssertEqual(rules.firstLineIndent(kind: .text, isHeading: false, width: 300), 20)
        XCTAssertEqual(rules.firstLineIndent(kind: .text, isHeading: true, width: 300), 0, "headings are not indented")
        XCTAssertEqual(rules.firstLineIndent(kind: .separator, isHeading: false, width: 300), 0)
        XCTAssertEqual(rules.firstLineIndent(kind: .text, isHeading: false, width: 30), 8, "two ems (22 pt) of the line are left")
        XCTAssertEqual(rules.firstLineIndent(kind: .text, isHeading: false, width: 20), 0)
        XCTAssertEqual(self.rules().firstLineIndent(kind: .text, isHeading: false, width: 300), 0)
    }
}
