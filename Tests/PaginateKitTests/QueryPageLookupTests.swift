import XCTest
@testable import PaginateKit

/// `pageIndex(containing:)`, `page(containing:)`, `range(ofPage:)`, `lines(onPage:)` and
/// `locateLine(containing:)` agree with the pages and lines of the layout.
final class QueryPageLookupTests: XCTestCase {
    /// Every page boundary, one byte either side of it, and the ends of the text.
    func testPageIndexAgreesWithPageRangesAtEveryBoundary() throws {
        try QueryFixtures.forEachCase { c in
            let layout = c.layout
            let length = layout.sourceLength
            XCTAssertTrue(layout.isComplete, c.name)
            XCTAssertEqual(layout.pages.first?.range.lowerBound, 0, c.name)
            XCTAssertEqual(layout.pages.last?.range.upperBound, length, c.name)
            XCTAssertGreaterThan(layout.pageCount, 1, "\(c.name): too few pages to exercise boundaries")

            var probes: Set<Int> = [-2, -1, 0, 1, length - 1, length, length + 1, length + 2]
            for page in layout.pages {
                for boundary in [page.range.lowerBound, page.range.upperBound] {
                    probes.formUnion([boundary - 1, boundary, boundary + 1])
                }
            }
            var failures = 0
            for offset in probes.sorted() {
                let index = layout.pageIndex(containing: offset)
                let expected: Int?
                if offset < 0 || offset > length {
                    expected = nil
                } else if offset == length {
                    expected = layout.pageCount - 1
                } else {
                    expected = layout.pages.firstIndex { $0.range.contains(offset) }
                }
                if index != expected {
                    failures += 1
                    if failures <= 5 {
                        XCTFail(
                            "\(c.name): pageIndex(containing: \(offset)) = \(String(describing: index)), expected \(String(describing: expected))"
                        )
                    }
                }
                XCTAssertEqual(layout.page(containing: offset)?.number, expected.map { $0 + 1 }, "\(c.name): page(containing: \(offset))")
            }
            XCTAssertEqual(failures, 0, "\(c.name): wrong page indices")
        }
    }

    func testRangeOfPageAndLinesOnPage() throws {
        try QueryFixtures.forEachCase { c in
            let layout = c.layout
            XCTAssertNil(layout.range(ofPage: 0), c.name)
            XCTAssertNil(layout.range(ofPage: layout.pageCount + 1), c.name)
            XCTAssertEqual(layout.lines(onPage: 0), [], c.name)
            XCTAssertEqual(layout.lines(onPage: layout.pageCount + 1), [], c.name)
            for page in layout.pages {
                XCTAssertEqual(layout.range(ofPage: page.number), page.range, c.name)
            }
            for number in c.samplePages {
                let page = layout.pages[number - 1]
                let located = layout.lines(onPage: number)
                XCTAssertEqual(located.map(\.fragment), page.lines, "\(c.name): page \(number)")
                XCTAssertEqual(
                    located.map(\.lineNumber), (0..<located.count).map { $0 + 1 },
                    "\(c.name): page \(number)")
                var expectedColumns: [Int] = []
                for (column, container) in page.containers.enumerated() {
                    expectedColumns += Array(repeating: column, count: container.lines.count)
                }
                XCTAssertEqual(located.map(\.column), expectedColumns, "\(c.name): page \(number)")
                for line in located {
                    XCTAssertEqual(line.pageNumber, number, c.name)
                    let frame = page.containers[line.column].frame
                    XCTAssertEqual(line.containerFrame, frame, c.name)
                    XCTAssertEqual(line.rect.minX, frame.minX + line.fragment.origin.x, accuracy: 1e-9, c.name)
                    XCTAssertEqual(line.rect.minY, frame.minY + line.fragment.origin.y, accuracy: 1e-9, c.name)
                    XCTAssertTrue(
                        QueryGeometry.isInside(Rect(x: line.rect.minX, y: line.rect.minY, width: 0, height: line.rect.height), frame),
                        "\(c.name): line box \(line.rect) starts outside its column \(frame)")
                }
            }
        }
    }

    /// The line found for every line start (and the last byte and middle of every line) of the
    /// sampled pages is the line that holds the offset.
    func testLocateLineHoldsEveryLineStart() throws {
        try QueryFixtures.forEachCase { c in
            let layout = c.layout
            var checked = 0
            for number in c.samplePages {
                let located = layout.lines(onPage: number)
                for line in located where !line.fragment.range.isEmpty {
                    let range = line.fragment.range
                    for offset in Set([range.lowerBound, (range.lowerBound + range.upperBound) / 2, range.upperBound - 1]) {
                        guard let found = layout.locateLine(containing: offset) else {
                            XCTFail("\(c.name): no line for offset \(offset)")
                            continue
                        }
                        checked += 1
                        XCTAssertTrue(
                            found.fragment.range.contains(offset),
                            "\(c.name): locateLine(containing: \(offset)) gave \(found.fragment.range)")
                        XCTAssertEqual(found, line, "\(c.name): offset \(offset) on page \(number)")
                    }
                }
            }
            XCTAssertGreaterThan(checked, 0, c.name)

            // The end of the text is on the last line; outside the text there is no line.
            let length = layout.sourceLength
            let last = layout.pages.last { $0.lineCount > 0 }
            XCTAssertEqual(layout.locateLine(containing: length)?.fragment.range.upperBound, length, c.name)
            XCTAssertEqual(layout.locateLine(containing: length)?.pageNumber, last?.number, c.name)
            XCTAssertNil(layout.locateLine(containing: -1), c.name)
            XCTAssertNil(layout.locateLine(containing: length + 1), c.name)
        }
    }
}
