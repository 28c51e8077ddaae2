import XCTest
@testable import PaginateKit

/// Paragraph spacing: the blank line between paragraphs becomes vertical space, dropped at the
/// top of a container and never pushing a line past the bottom.
final class ParagraphSpacingTests: XCTestCase {
    private func layout(_ lineCounts: [Int], spacing: Double?, widows: Int = 2, orphans: Int = 2) throws -> Layout {
        let typography = Typography(widows: widows, orphans: orphans, paragraphSpacing: spacing)
        return try GridText.layout(GridText.text(lineCounts), GridText.settings(capacity: 10, typography: typography))
    }

    /// The top of each line of each container.
    private func tops(_ layout: Layout) -> [[Double]] {
        layout.pages.flatMap(\.containers).map { $0.lines.map { ($0.origin.y * 1000).rounded() / 1000 } }
    }

    func testSpacingReplacesTheBlankLine() throws {
        let spaced = try layout([2, 2], spacing: 6)
        XCTAssertEqual(GridText.summary(spaced), [["P01×2", "P02×2"]], "no empty line")
        XCTAssertEqual(tops(spaced), [[0, 13.2, 32.4, 45.6]])
        XCTAssertEqual(tops(try layout([2, 2], spacing: 0)), [[0, 13.2, 26.4, 39.6]])
        XCTAssertEqual(GridText.summary(try layout([2, 2], spacing: nil)), [["P01×2", "-", "P02×2"]], "nil keeps the empty line")
    }

    func testSpacingIsDroppedAtTheTopOfAContainer() throws {
        let layout = try layout([10, 3], spacing: 6)
        XCTAssertEqual(GridText.summary(layout), [["P01×10"], ["P02×3"]])
        XCTAssertEqual(tops(layout)[1], [0, 13.2, 26.4])
    }

    func testSpacingNeverPushesALinePastTheBottom() throws {
        // Nine lines end at 118.8 pt in a 138.6 pt column: after 6 pt one more line fits (to 138),
        // after 7 pt it does not.
        XCTAssertEqual(GridText.summary(try layout([9, 3], spacing: 6, widows: 1, orphans: 1)), [["P01×9", "P02×1"], ["P02×2"]])
        XCTAssertEqual(tops(try layout([9, 3], spacing: 6, widows: 1, orphans: 1))[0].last, 124.8)
        XCTAssertEqual(GridText.summary(try layout([9, 3], spacing: 7, widows: 1, orphans: 1)), [["P01×9"], ["P02×3"]])
        XCTAssertEqual(GridText.summary(try layout([9, 3], spacing: 6)), [["P01×9"], ["P02×3"]], "one orphan is too few")
    }

    func testSpacingTallerThanAColumnPutsEachParagraphInItsOwn() throws {
        let layout = try layout([2, 2, 2], spacing: 500)
        XCTAssertEqual(GridText.summary(layout), [["P01×2"], ["P02×2"], ["P03×2"]])
        XCTAssertEqual(tops(layout), [[0, 13.2], [0, 13.2], [0, 13.2]])
    }

    func testSpacingCountsWhenAHeadingIsKeptWithNext() throws {
        // With 4 pt spacing two lines of the paragraph fit below the heading; with 30 pt none do,
        // so the heading moves.
        let text = GridText.paragraph(1, lines: 6) + "\n\nPart 1\n\n" + GridText.paragraph(2, lines: 5)
        let lines = GridText.summary(
            try GridText.layout(text, GridText.settings(capacity: 10, typography: Typography(paragraphSpacing: 4))))
        XCTAssertEqual(lines, [["P01×6", "Par×1", "P02×2"], ["P02×3"]])
        let wide = GridText.summary(
            try GridText.layout(text, GridText.settings(capacity: 10, typography: Typography(paragraphSpacing: 30))))
        XCTAssertEqual(wide, [["P01×6"], ["Par×1", "P02×5"]])
    }

    func testLinesModeHasNoSeparatorsToSpace() throws {
        var settings = UnitSupport.settings(mode: .lines)
        settings.typography.paragraphSpacing = 10
        let layout = try GridText.layout("one\n\ntwo", settings)
        XCTAssertEqual(tops(layout), [[0, 13.2, 26.4]])
    }
}
