import XCTest
@testable import PaginateKit

/// `rects(for:)`: one rectangle per line segment, inside the columns, in reading order.
final class QueryRectsTests: XCTestCase {
    /// A page's whole range gives one rectangle per (non-empty) line of the page, each on its line,
    /// inside that line's column, in reading order.
    func testRectsOfAPageLieInItsColumnsOnePerLineInReadingOrder() throws {
        try QueryFixtures.forEachCase { c in
            let layout = c.layout
            var outside = 0
            for number in c.samplePages {
                let page = layout.pages[number - 1]
                let lines = layout.lines(onPage: number).filter { !$0.fragment.range.isEmpty }
                let rects = layout.rects(for: page.range)
                guard !page.range.isEmpty else {
                    XCTAssertEqual(rects.count, lines.isEmpty ? 0 : 1, "\(c.name): empty page \(number)")
                    continue
                }
                XCTAssertEqual(rects.count, lines.count, "\(c.name): page \(number) has \(lines.count) lines but \(rects.count) rectangles")
                XCTAssertTrue(rects.allSatisfy { $0.pageNumber == number }, "\(c.name): rectangles of page \(number) on another page")
                for (rect, line) in zip(rects, lines) {
                    XCTAssertEqual(rect.rect.minY, line.rect.minY, accuracy: 1e-9, "\(c.name): page \(number) line \(line.lineNumber)")
                    XCTAssertEqual(rect.rect.height, line.rect.height, accuracy: 1e-9, "\(c.name): page \(number) line \(line.lineNumber)")
                    XCTAssertGreaterThanOrEqual(rect.rect.width, 0, c.name)
                    if !QueryGeometry.isInside(rect.rect, line.containerFrame) {
                        outside += 1
                        if outside <= 5 {
                            XCTFail(
                                "\(c.name): rectangle \(rect.rect) of line \(line.lineNumber) (bytes \(line.fragment.range)) on page \(number) leaves its column \(line.containerFrame)"
                            )
                        }
                    }
                }
                // Reading order: column by column, top to bottom within a column.
                func column(_ rect: PageRect) -> Int? {
                    page.containers.firstIndex { $0.frame.minX - 1e-6 <= rect.rect.minX && rect.rect.minX <= $0.frame.maxX + 1e-6 }
                }
                for (previous, next) in zip(rects, rects.dropFirst()) {
                    guard let a = column(previous), let b = column(next) else {
                        XCTFail("\(c.name): page \(number): a rectangle outside every column")
                        continue
                    }
                    XCTAssertTrue(
                        b > a || (b == a && next.rect.minY >= previous.rect.maxY - 1e-9),
                        "\(c.name): page \(number): \(next.rect) does not follow \(previous.rect)")
                }
            }
            XCTAssertEqual(outside, 0, "\(c.name): \(outside) rectangles outside their columns")
        }
    }

    /// A range over a line break gives a rectangle on each of the two lines.
    func testRangeOverALineBreakGivesARectPerLine() throws {
        try QueryFixtures.forEachCase { c in
            let layout = c.layout
            for number in c.samplePages {
                let lines = layout.lines(onPage: number).filter { !$0.fragment.range.isEmpty }
                for (first, second) in zip(lines, lines.dropFirst()) {
                    let range = (first.fragment.range.upperBound - 1)..<(second.fragment.range.lowerBound + 1)
                    let rects = layout.rects(for: range)
                    XCTAssertGreaterThanOrEqual(rects.count, 2, "\(c.name): range \(range) over a line break on page \(number)")
                    guard rects.count >= 2 else { continue }
                    XCTAssertEqual(rects[0].rect.minY, first.rect.minY, accuracy: 1e-9, "\(c.name): range \(range)")
                    XCTAssertEqual(rects[1].rect.minY, second.rect.minY, accuracy: 1e-9, "\(c.name): range \(range)")
                    XCTAssertTrue(rects.allSatisfy { $0.pageNumber == number }, c.name)
                }
            }
        }
    }

    /// A range over a page break gives rectangles on both pages, and only on them.
    func testRangeOverAPageBreakGivesRectsOnBothPages() throws {
        try QueryFixtures.forEachCase { c in
            let layout = c.layout
            var checked = 0
            for (index, page) in layout.pages.enumerated().dropLast() {
                let next = layout.pages[index + 1]
                guard !page.range.isEmpty, !next.range.isEmpty, page.lineCount > 0, next.lineCount > 0 else { continue }
                let range = (page.range.upperBound - 1)..<(next.range.lowerBound + 1)
                let rects = layout.rects(for: range)
                XCTAssertEqual(Set(rects.map(\.pageNumber)), [page.number, next.number], "\(c.name): range \(range) over a page break")
                XCTAssertEqual(rects.map(\.pageNumber), rects.map(\.pageNumber).sorted(), c.name)
                checked += 1
            }
            XCTAssertGreaterThan(checked, 0, c.name)
        }
    }

    /// An empty range gives one zero-width rectangle where the caret stands.
    func testEmptyRangeGivesTheCaret() throws {
        try QueryFixtures.forEachCase { c in
            let layout = c.layout
            var failures = 0
            for number in c.fewPages {
                for line in layout.lines(onPage: number) {
                    for (k, stop) in QueryGeometry.pageStops(line).enumerated()
                    where k % 2 == 0 && line.fragment.range.contains(stop.offset) {
                        let rects = layout.rects(for: stop.offset..<stop.offset)
                        let expected = [
                            PageRect(pageNumber: number, rect: Rect(x: stop.x, y: line.rect.minY, width: 0, height: line.rect.height))
                        ]
                        if rects.count != 1 || rects[0].pageNumber != number || abs(rects[0].rect.minX - stop.x) > 1e-9
                            || rects[0].rect.minY != line.rect.minY || rects[0].rect.width != 0 || rects[0].rect.height != line.rect.height
                        {
                            failures += 1
                            if failures <= 5 { XCTFail("\(c.name): caret at \(stop.offset): \(rects), expected \(expected)") }
                        }
                    }
                }
            }
            XCTAssertEqual(failures, 0, c.name)

            // The caret at the very end of the text stands at the end of the last line.
            let length = layout.sourceLength
            let end = layout.rects(for: length..<length)
            XCTAssertEqual(end.count, 1, "\(c.name): rects(for: \(length)..<\(length)) at the end of the text gave \(end)")
            if let caret = end.first, let lastLine = layout.locateLine(containing: length) {
                XCTAssertEqual(caret.pageNumber, lastLine.pageNumber, c.name)
                XCTAssertEqual(caret.rect.width, 0, c.name)
                XCTAssertTrue(QueryGeometry.isInside(caret.rect, lastLine.containerFrame), c.name)
            }
            XCTAssertEqual(layout.rects(for: (length + 1)..<(length + 1)), [], c.name)
        }
    }
}
