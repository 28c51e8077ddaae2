import XCTest
@testable import PaginateKit

/// Noncontiguous layout: `layout(_:includeRuns:through:)` lays out only up to the page holding an
/// offset, and those pages are exactly the full layout's.
final class QueryNoncontiguousTests: XCTestCase {
    /// Checks a layout stopped at `offset` against the full layout of the same text.
    private func assertPrefix(_ partial: Layout, of full: Layout, through offset: Int, _ context: String,
                              file: StaticString = #filePath, line: UInt = #line) {
        let length = full.sourceLength
        guard let index = full.pageIndex(containing: offset) else {
            XCTFail("\(context): the full layout has no page for \(offset)", file: file, line: line)
            return
        }
        XCTAssertEqual(partial.sourceLength, length, context, file: file, line: line)
        XCTAssertEqual(partial.pageIndex(containing: offset), index, "\(context): page of offset \(offset)", file: file, line: line)
        XCTAssertGreaterThan(partial.pageCount, index, "\(context): too few pages", file: file, line: line)
        for i in 0...min(index, partial.pageCount - 1) {
            let got = partial.pages[i], expected = full.pages[i]
            XCTAssertEqual(got.number, expected.number, context, file: file, line: line)
            XCTAssertEqual(got.range, expected.range, "\(context): range of page \(i + 1)", file: file, line: line)
            XCTAssertEqual(got.lineCount, expected.lineCount, "\(context): lines on page \(i + 1)", file: file, line: line)
            XCTAssertEqual(got.lines.map(\.range), expected.lines.map(\.range), "\(context): line ranges on page \(i + 1)", file: file, line: line)
            XCTAssertEqual(got.lines.map(\.origin), expected.lines.map(\.origin), "\(context): line origins on page \(i + 1)", file: file, line: line)
            XCTAssertEqual(got.containers.map(\.frame), expected.containers.map(\.frame), context, file: file, line: line)
        }
        if partial.isComplete {
            XCTAssertEqual(partial.pages.map(\.range), full.pages.map(\.range), "\(context): a complete layout", file: file, line: line)
            XCTAssertEqual(partial.pages.map(\.lineCount), full.pages.map(\.lineCount), "\(context): a complete layout", file: file, line: line)
            return
        }
        // Stopped early: the page holding the offset is the last, and what follows is unknown.
        XCTAssertEqual(partial.pageCount, index + 1, "\(context): pages after the one asked for", file: file, line: line)
        guard let end = partial.pages.last?.range.upperBound else { return }
        XCTAssertLessThan(end, length, context, file: file, line: line)
        XCTAssertEqual(end, full.pages[index].range.upperBound, "\(context): where the layout stopped", file: file, line: line)
        for beyond in Set([end, end + 1, (end + length) / 2, length - 1, length]) where beyond >= end {
            XCTAssertNil(partial.pageIndex(containing: beyond), "\(context): offset \(beyond) was not laid out", file: file, line: line)
            XCTAssertNil(partial.page(containing: beyond), "\(context): offset \(beyond)", file: file, line: line)
            XCTAssertNil(partial.locateLine(containing: beyond), "\(context): offset \(beyond)", file: file, line: line)
            XCTAssertNil(partial.lineFragment(containing: beyond), "\(context): offset \(beyond)", file: file, line: line)
        }
        XCTAssertEqual(partial.rects(for: end..<min(length, end + 10)), [], "\(context): rectangles beyond the layout", file: file, line: line)
        // Every line of the partial layout lies in its page, as in a full layout.
        for page in partial.pages {
            for fragment in page.lines {
                XCTAssertTrue(page.range.lowerBound <= fragment.range.lowerBound && fragment.range.upperBound <= page.range.upperBound,
                              "\(context): line \(fragment.range) outside page \(page.number) \(page.range)", file: file, line: line)
            }
        }
    }

    func testPrideAndPrejudiceStopsEarlyAndAgreesWithTheFullLayout() throws {
        guard let storage = QueryFixtures.pride else { throw XCTSkip("shared corpus not found beside the package") }
        guard let full = try QueryFixtures.all().first(where: { $0.name == "P&P, book page" })?.layout else {
            return XCTFail("no full layout of P&P")
        }
        let manager = try QueryFixtures.manager(QueryFixtures.book)
        let length = storage.length
        let page5 = full.pages[4].range
        let offsets = [0, 1_000, page5.upperBound - 1, page5.upperBound, length / 2, length - 3_000]
        for offset in offsets {
            let partial = try manager.layout(storage, includeRuns: false, through: offset)
            assertPrefix(partial, of: full, through: offset, "P&P through \(offset)")
            if offset <= page5.upperBound {
                XCTAssertFalse(partial.isComplete, "P&P through \(offset)")
                XCTAssertLessThan(partial.pageCount * 20, full.pageCount, "P&P through \(offset): \(partial.pageCount) pages")
            }
        }
        // Through the end (or beyond it, or nowhere) is the whole layout.
        let prefix = TextStorage(bytes: Array(storage.bytes.prefix(20_000)))
        for offset in [prefix.length, prefix.length + 100] {
            let whole = try manager.layout(prefix, includeRuns: false, through: offset)
            XCTAssertTrue(whole.isComplete, "P&P prefix through \(offset)")
            XCTAssertEqual(whole.pages.last?.range.upperBound, prefix.length, "P&P prefix through \(offset)")
        }
    }

    /// For the smaller texts, every page boundary: the last byte of each page and the first of the next.
    func testEveryPageBoundaryOfSmallTexts() throws {
        let cases = try QueryFixtures.all().filter { !$0.name.hasPrefix("P&P") }
        XCTAssertFalse(cases.isEmpty)
        for c in cases {
            let manager = try QueryFixtures.manager(c.layout.settings)
            var offsets: Set<Int> = [0, c.storage.length]
            for page in c.layout.pages where !page.range.isEmpty {
                offsets.formUnion([page.range.lowerBound, page.range.upperBound - 1])
            }
            for offset in offsets.sorted() {
                let partial = try manager.layout(c.storage, includeRuns: false, through: offset)
                assertPrefix(partial, of: c.layout, through: offset, "\(c.name) through \(offset)")
            }
            let whole = try manager.layout(c.storage, includeRuns: false, through: nil)
            XCTAssertTrue(whole.isComplete, c.name)
            XCTAssertEqual(whole.pages.map(\.range), c.layout.pages.map(\.range), c.name)
        }
        if !QueryFixtures.corporaPresent { throw XCTSkip("shared corpus not found beside the package; checked generated texts only") }
    }
}
