import XCTest
@testable import PaginateKit

/// The first-line indent: a paragraph's first line starts at the indent and is broken on the
/// narrower measure; separators and headings are not indented.
final class FirstLineIndentTests: XCTestCase {
    private let prose =
        "It is a truth universally acknowledged, that a single man in possession of a good fortune must be in want of a wife. However little known the feelings or views of such a man may be on his first entering a neighbourhood."

    private func layout(_ text: String, indent: Double, mode: ParagraphMode = .blank) throws -> Layout {
        var settings = UnitSupport.settings(mode: mode)
        settings.typography.firstLineIndent = indent
        return try GridText.layout(text, settings)
    }

    func testTheFirstLineStartsAtTheIndent() throws {
        let layout = try layout(prose + "\n\n" + prose, indent: 24)
        let lines = layout.pages[0].lines
        let separator = try XCTUnwrap(lines.firstIndex { $0.runs.isEmpty })
        for (index, line) in lines.enumerated() {
            XCTAssertEqual(line.origin.x, index == 0 || index == separator + 1 ? 24 : 0, "line \(index): \(line.text)")
        }
        XCTAssertEqual(lines[0].runs.first?.x, 0, "runs are placed from the line's origin")
        XCTAssertLessThanOrEqual(lines[0].width, 328 - 24 + 1e-9)
    }

    func testTheFirstLineIsBrokenOnTheNarrowerMeasure() throws {
        let plain = try layout(prose, indent: 0).pages[0].lines
        // Just enough indent that the plain first line no longer fits beside it.
        let indent = (328 - plain[0].width + 1).rounded(.up)
        let indented = try layout(prose, indent: indent).pages[0].lines
        XCTAssertLessThan(indented[0].text.count, plain[0].text.count)
        XCTAssertTrue(plain[0].text.hasPrefix(indented[0].text.trimmingCharacters(in: .whitespaces)))
        XCTAssertLessThanOrEqual(indented[0].origin.x + indented[0].width, 328 + 1e-9)
        XCTAssertGreaterThan(plain[0].width, 328 - indent, "premise: the plain first line is too wide for the indented measure")
        XCTAssertEqual(indented.dropFirst().map(\.origin.x), Array(repeating: 0, count: indented.count - 1))
    }

    func testHeadingsAreNotIndented() throws {
        let layout = try layout("CHAPTER I.\n\n" + prose, indent: 30)
        let lines = layout.pages[0].lines
        XCTAssertEqual(lines[0].text, "CHAPTER I.")
        XCTAssertEqual(lines[0].origin.x, 0)
        XCTAssertEqual(lines[2].origin.x, 30)
    }

    func testEveryLineIsAParagraphInLinesMode() throws {
        let layout = try layout("one\ntwo\n\nthree", indent: 12, mode: .lines)
        XCTAssertEqual(layout.pages[0].lines.map(\.origin.x), [12, 12, 12, 12])
    }

    func testAHugeIndentLeavesTwoEms() throws {
        let layout = try layout("Words of a paragraph that must still be set somewhere.", indent: 1000)
        let first = layout.pages[0].lines[0]
        XCTAssertEqual(first.origin.x, 328 - 22)
        XCTAssertFalse(first.text.isEmpty)
        GridText.assertNoOverflow(layout)
    }

    func testTheIndentCountsFromAnExclusion() throws {
        var manager = LayoutManager(
            fonts: try UnitSupport.fonts(),
            settings: {
                var settings = UnitSupport.settings(mode: .blank)
                settings.typography.firstLineIndent = 20
                return settings
            }())
        manager.containerProvider = { _ in
            TextContainer(size: Size(width: 328, height: 528), exclusions: [Rect(x: 0, y: 0, width: 100, height: 40)])
        }
        let lines = try manager.layout(TextStorage(prose)).pages[0].lines
        XCTAssertEqual(lines[0].origin.x, 120)
        XCTAssertEqual(lines[1].origin.x, 100)
        XCTAssertLessThanOrEqual(lines[0].origin.x + lines[0].width, 328 + 1e-9)
    }

    func testIndentedPageMapsAgreeOnTheGrid() throws {
        // An indent too wide for a whole word breaks the first word of every paragraph: the
        // parallel page map must break it the same way (GridText.layout compares them).
        let indent = 2 * (try GridText.wordWidth()) / 3
        let layout = try GridText.layout(
            GridText.text([4, 9, 4]), GridText.settings(capacity: 10, typography: Typography(firstLineIndent: indent)))
        XCTAssertEqual(layout.pages.flatMap(\.lines).filter { $0.origin.x > 0 }.map(\.origin.x), [indent, indent, indent])
        XCTAssertGreaterThan(layout.pageCount, 1)
    }
}
