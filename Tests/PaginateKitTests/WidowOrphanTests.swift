import XCTest
@testable import PaginateKit

/// Widows and orphans: how many lines of a paragraph may stay alone at the foot of a container or
/// go alone to the head of the next, on texts whose lines are known in advance (`GridText`).
final class WidowOrphanTests: XCTestCase {
    private func summary(
        _ lineCounts: [Int], capacity: Int = 10, columns: Int = 1, widows: Int = 2, orphans: Int = 2,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> [[String]] {
        let settings = try GridText.settings(
            capacity: capacity, columns: columns,
            typography: Typography(widows: widows, orphans: orphans))
        return GridText.summary(try GridText.layout(GridText.text(lineCounts), settings, file: file, line: line))
    }

    func testTheGridHasTheExpectedShape() throws {
        let layout = try GridText.layout(GridText.text([3]), GridText.settings(capacity: 10))
        XCTAssertEqual(GridText.containers(layout), [["P01L01", "P01L02", "P01L03"]])
        XCTAssertEqual(try summary([12], widows: 1, orphans: 1), [["P01×10"], ["P01×2"]])
    }

    // MARK: Orphans

    func testOneLineAtTheFootMovesTheParagraphToTheNextPage() throws {
        // 8 lines, the blank line, and room for one line of the next paragraph.
        XCTAssertEqual(try summary([8, 5]), [["P01×8", "-"], ["P02×5"]])
        XCTAssertEqual(try summary([8, 5], widows: 1, orphans: 1), [["P01×8", "-", "P02×1"], ["P02×4"]])
    }

    func testMoreOrphansMoveMore() throws {
        XCTAssertEqual(try summary([6, 9], orphans: 3), [["P01×6", "-", "P02×3"], ["P02×6"]])
        XCTAssertEqual(try summary([6, 9], orphans: 4), [["P01×6", "-"], ["P02×9"]])
    }

    // MARK: Widows

    func testOneLineLeftOverTakesALineFromThePreviousPage() throws {
        // 3 of 4 lines would fit; 1 alone on the next page is a widow, so 2 go over.
        XCTAssertEqual(try summary([6, 4]), [["P01×6", "-", "P02×2"], ["P02×2"]])
        XCTAssertEqual(try summary([6, 4], widows: 1, orphans: 1), [["P01×6", "-", "P02×3"], ["P02×1"]])
    }

    func testWhenWidowsWouldLeaveTooFewOrphansTheParagraphMoves() throws {
        // 4 lines with 3 widows and 2 orphans cannot split: it moves whole.
        XCTAssertEqual(try summary([6, 4], widows: 3, orphans: 2), [["P01×6", "-"], ["P02×4"]])
    }

    // MARK: Short paragraphs

    func testAParagraphShorterThanTheRulesIsKeptWhole() throws {
        XCTAssertEqual(try summary([7, 3]), [["P01×7", "-"], ["P02×3"]], "2 + 1 would break both rules")
        XCTAssertEqual(try summary([8, 2]), [["P01×8", "-"], ["P02×2"]])
        XCTAssertEqual(try summary([8, 1]), [["P01×8", "-", "P02×1"]], "one line fits where it is")
    }

    func testAShortParagraphTallerThanAPageDoesItsBest() throws {
        // Three lines in containers of two: nothing is gained by moving, the page is filled.
        XCTAssertEqual(try summary([3], capacity: 2), [["P01×2"], ["P01×1"]])
        XCTAssertEqual(try summary([1, 3], capacity: 2), [["P01×1", "-"], ["P02×2"], ["P02×1"]])
    }

    // MARK: Long paragraphs

    func testEveryBreakOfALongParagraphFollowsTheRules() throws {
        // 4 here, 10 on the next page, 2 on the last.
        XCTAssertEqual(try summary([5, 16]), [["P01×5", "-", "P02×4"], ["P02×10"], ["P02×2"]])
        // One line fewer would leave one line alone on the last page: the middle page gives one up.
        XCTAssertEqual(try summary([5, 15]), [["P01×5", "-", "P02×4"], ["P02×9"], ["P02×2"]])
        XCTAssertEqual(try summary([5, 15], widows: 1, orphans: 1), [["P01×5", "-", "P02×4"], ["P02×10"], ["P02×1"]])
    }

    func testAParagraphStartingAPageKeepsItsWidowsToo() throws {
        XCTAssertEqual(try summary([11]), [["P01×9"], ["P01×2"]])
        XCTAssertEqual(try summary([11], widows: 4), [["P01×7"], ["P01×4"]])
        XCTAssertEqual(try summary([21]), [["P01×10"], ["P01×9"], ["P01×2"]])
    }

    func testTheLinesAfterAMovedParagraphFollowIt() throws {
        XCTAssertEqual(try summary([8, 5, 3]), [["P01×8", "-"], ["P02×5", "-", "P03×3"]])
        XCTAssertEqual(try summary([8, 5, 5]), [["P01×8", "-"], ["P02×5", "-", "P03×3"], ["P03×2"]])
    }

    // MARK: Columns

    func testColumnsAreContainersLikePages() throws {
        // An orphan moves to the second column, a widow takes a line from it to the next page.
        XCTAssertEqual(
            try summary([8, 5, 5, 3], columns: 2),
            [["P01×8", "-"], ["P02×5", "-", "P03×3"], ["P03×2", "-", "P04×3"]])
        let settings = try GridText.settings(capacity: 10, columns: 2)
        let layout = try GridText.layout(GridText.text([8, 5, 5, 3]), settings)
        XCTAssertEqual(layout.pages.map { $0.containers.count }, [2, 1])
    }

    // MARK: Page breaks and lines mode

    func testAFormFeedStillBreaksThePage() throws {
        let text = GridText.paragraph(1, lines: 3) + "\u{0C}" + GridText.paragraph(2, lines: 3)
        let layout = try GridText.layout(text, GridText.settings(capacity: 10))
        XCTAssertEqual(GridText.summary(layout), [["P01×3"], ["P02×3"]])
    }

    func testLinesModeParagraphsAreSingleLines() throws {
        // Every source line is a paragraph of one line: the rules never move anything.
        let text = (1...25).map { GridText.paragraph($0, lines: 1) }.joined(separator: "\n")
        let rules = try GridText.layout(text, GridText.settings(capacity: 10, mode: .lines, typography: Typography(widows: 5, orphans: 5)))
        let plain = try GridText.layout(text, GridText.settings(capacity: 10, mode: .lines, typography: Typography(widows: 1, orphans: 1)))
        XCTAssertEqual(rules.pages.map(\.lineCount), [10, 10, 5])
        XCTAssertEqual(rules.pageMap, plain.pageMap)
    }

    // MARK: Old layouts

    func testOneAndOneWithoutHeadingsIsTheLayoutWithoutRules() throws {
        // The rules only ever move lines to later containers; with 1 and 1 nothing moves, so the
        // layout is plain first-fit filling: every container but the last is full.
        let bytes = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        var settings = LayoutSettings.bookDefaults
        settings.typography = Typography(widows: 1, orphans: 1, headingPattern: "(?!)")
        let layout = try LayoutManager(fonts: UnitSupport.fonts(), settings: settings)
            .layout(TextStorage(bytes: Array(bytes.prefix(120_000))), includeRuns: false)
        let capacity = Int(settings.page.columnHeight / 13.2)
        for page in layout.pages.dropLast() {
            let next = layout.pages[page.number]
            guard let following = next.lines.first, !next.lines.isEmpty else { continue }
            // A page ends short only when the next line does not fit: it is taller, or a form feed.
            if page.lineCount < capacity {
                let used = page.lines.reduce(0) { $0 + $1.height }
                XCTAssertGreaterThan(used + following.height, settings.page.columnHeight, "page \(page.number) ends early")
            }
        }
        UnitSupport.assertPartition(layout, "P&P with 1 and 1")
    }
}
