import XCTest
@testable import PaginateKit

/// What is drawn agrees with the line geometry: a line's runs end within its width (white space
/// at its end hangs undrawn, also where no break opportunity was left and the line was cut
/// between clusters), and on a justified line consecutive runs do not overlap, however the gaps
/// between them shrink or stretch. Each case is a fuzz finding decoded (`hanging-space`,
/// `shrunk-gap`), plus variants of it.
final class RunGeometryTests: XCTestCase {
    private func layout(_ text: String, _ settings: LayoutSettings) throws -> [LineFragment] {
        try UnitSupport.layout(text, settings).pages.flatMap(\.lines)
    }

    /// Every run starts at or after the previous run's end, and the last ends within the line.
    private func assertRunsFit(_ lines: [LineFragment], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        for fragment in lines {
            var end = 0.0
            for run in fragment.runs {
                XCTAssertGreaterThanOrEqual(
                    run.x, end - 1e-9,
                    "\(label), line \(fragment.text.debugDescription): run \(run.text.debugDescription) at \(run.x) overlaps the previous run ending at \(end)",
                    file: file, line: line)
                end = run.x + run.width
            }
            XCTAssertLessThanOrEqual(
                end, fragment.width + 1e-9,
                "\(label), line \(fragment.text.debugDescription): runs reach \(end), the line is \(fragment.width) wide",
                file: file, line: line)
        }
    }

    /// `hanging-space`: `aaa .` in a column 21.625 pt wide at 12 pt. No opportunity lies between
    /// the space and the full stop (UAX #14 keeps a space with a following full stop), so the line
    /// is cut before the stop; the space before the cut hangs like any trailing space instead of
    /// being drawn 3.8 pt past the line's width.
    func testSpaceBeforeACutBetweenClustersHangsUndrawn() throws {
        let settings = LayoutSettings(
            page: PageSetup(
                size: Size(width: 124, height: 200),
                margins: EdgeInsets(top: 6, right: 3, bottom: 2, left: 1.5),
                columns: 4, gutter: 11),
            fontSize: 12, lineHeight: 1.3, paragraphMode: .lines, tabWidth: 1)
        let lines = try layout("aaa .", settings)
        XCTAssertEqual(lines.map(\.range), [0..<4, 4..<5], "the line is cut before the full stop")
        XCTAssertEqual(lines.first?.text, "aaa", "the space before the cut is not drawn")
        XCTAssertEqual(lines.first?.runs.last?.sourceRange, 0..<3)
        assertRunsFit(lines, "aaa .")
        // More white space before the cut, a tab among it, and an ideographic space all hang too.
        for text in ["aaa   .", "aaa \t .", "aaa\u{3000}.", "a a   ."] {
            let lines = try layout(text, settings)
            XCTAssertGreaterThan(lines.count, 1, text.debugDescription)
            XCTAssertEqual(lines.first?.text.unicodeScalars.last?.properties.isWhitespace, false, text.debugDescription)
            assertRunsFit(lines, text.debugDescription)
        }
    }

    /// `shrunk-gap`: `aa aaaaaaaaaaaa aa aa`, justified, 11 pt, in a column 95 pt wide. The first
    /// line's spaces shrink to fit; a run ending with a space spans the shrunk space, so it ends
    /// where the next run starts instead of 0.6 pt past it.
    func testRunsEndingWithAShrunkSpaceDoNotOverlapTheNextRun() throws {
        var settings = LayoutSettings(
            page: PageSetup(
                size: Size(width: 222, height: 286), margins: EdgeInsets(all: 16),
                columns: 2, gutter: 0),
            fontSize: 11, lineHeight: 1.2, paragraphMode: .auto, tabWidth: 8)
        settings.typography.alignment = .justify
        let lines = try layout("aa aaaaaaaaaaaa aa aa", settings)
        let first = try XCTUnwrap(lines.first)
        XCTAssertGreaterThan(lines.count, 1)
        XCTAssertGreaterThan(first.runs.count, 1, "the adjusted gaps split the line into runs")
        // The line shrank: its natural width (runs at the fonts' advances) is wider than the column.
        let natural = try UnitSupport.layout("aa aaaaaaaaaaaa", UnitSupport.settings(width: 1000, fontSize: 11))
            .pages[0].lines[0].width
        XCTAssertGreaterThan(natural, first.width + 0.1, "the first line's spaces shrink")
        XCTAssertEqual(first.width, 95, accuracy: 0.01, "the line fills the column")
        for (a, b) in zip(first.runs, first.runs.dropFirst()) {
            XCTAssertEqual(
                a.x + a.width, b.x, accuracy: 1e-9, "run \(a.text.debugDescription) ends where \(b.text.debugDescription) starts")
        }
        assertRunsFit(lines, "shrunk")
    }

    /// Stretched gaps the same way: each run reaches exactly to the next one's start, and the last
    /// run ends at the measure. Justified prose, greedy and optimal, with and without kerning.
    func testRunsOfJustifiedLinesMeetAndEndWithinTheLine() throws {
        let text = """
            It is a truth universally acknowledged, that a single man in possession of a good fortune, \
            must be in want of a wife. However little known the feelings or views of such a man may be \
            on his first entering a neighbourhood, this truth is so well fixed in the minds of the \
            surrounding families, that he is considered the rightful property of some one or other of \
            their daughters.
            """
        for breaking in [LineBreakingStrategy.greedy, .optimal] {
            for kerning in [false, true] {
                var settings = UnitSupport.settings(width: 230, fontSize: 11)
                settings.typography = Typography(kerning: kerning)
                settings.typography.alignment = .justify
                settings.typography.breaking = breaking
                let lines = try layout(text, settings)
                let label = "\(breaking), kerning \(kerning)"
                XCTAssertGreaterThan(lines.count, 5, label)
                assertRunsFit(lines, label)
                for fragment in lines.dropLast() {
                    for (a, b) in zip(fragment.runs, fragment.runs.dropFirst()) {
                        XCTAssertEqual(
                            a.x + a.width, b.x, accuracy: 1e-9, "\(label): \(a.text.debugDescription) to \(b.text.debugDescription)")
                    }
                }
            }
        }
    }
}
