import XCTest
@testable import PaginateKit

/// Noncontiguous layout: `layout(_:includeRuns:through:)` lays out only up to the page holding an
/// offset, and those pages are exactly the full layout's.
final class QueryNoncontiguousTests: XCTestCase {
    /// What a layout stopped at `offset` gets wrong compared with the full layout, as
    /// (kind, detail) pairs; empty when it agrees.
    private func problems(_ partial: Layout, of full: Layout, through offset: Int) -> [(kind: String, detail: String)] {
        var found: [(String, String)] = []
        func check(_ condition: Bool, _ kind: String, _ detail: @autoclosure () -> String) {
            if !condition { found.append((kind, detail())) }
        }
        let length = full.sourceLength
        guard let index = full.pageIndex(containing: offset) else { return [("no page in the full layout", "\(offset)")] }
        check(partial.sourceLength == length, "source length", "\(partial.sourceLength)")
        check(
            partial.pageIndex(containing: offset) == index, "page of the offset",
            "pageIndex(containing: \(offset)) = \(String(describing: partial.pageIndex(containing: offset))), full layout \(index)")
        check(partial.pageCount > index, "too few pages", "\(partial.pageCount) pages, the offset is on page \(index + 1)")
        for i in 0...min(index, partial.pageCount - 1) {
            let got = partial.pages[i], expected = full.pages[i]
            check(got.range == expected.range, "page range", "page \(i + 1): \(got.range), full layout \(expected.range)")
            check(got.lineCount == expected.lineCount, "line count", "page \(i + 1): \(got.lineCount), full layout \(expected.lineCount)")
            let gotLines = got.lines.map(\.range), expectedLines = expected.lines.map(\.range)
            if gotLines != expectedLines {
                let common = min(gotLines.count, expectedLines.count)
                let k = (0..<common).first { gotLines[$0] != expectedLines[$0] } ?? common
                let a = k < gotLines.count ? "\(gotLines[k])" : "none", b = k < expectedLines.count ? "\(expectedLines[k])" : "none"
                found.append(("line ranges", "page \(i + 1), line \(k + 1): \(a), full layout \(b)"))
            }
            check(got.lines.map(\.origin) == expected.lines.map(\.origin), "line origins", "page \(i + 1)")
            check(got.containers.map(\.frame) == expected.containers.map(\.frame), "container frames", "page \(i + 1)")
        }
        // Every line lies in its page, as in a full layout.
        for page in partial.pages {
            for fragment in page.lines
            where !(page.range.lowerBound <= fragment.range.lowerBound && fragment.range.upperBound <= page.range.upperBound) {
                found.append(("line outside its page", "line \(fragment.range) on page \(page.number) \(page.range)"))
            }
        }
        if partial.isComplete {
            check(partial.pages.map(\.range) == full.pages.map(\.range), "complete layout differs", "")
            return found
        }
        // Stopped early: the page holding the offset is the last one, and nothing after it is known.
        check(
            partial.pageCount == index + 1, "pages after the one asked for",
            "\(partial.pageCount) pages laid out, the offset is on page \(index + 1)")
        guard let end = partial.pages.last?.range.upperBound else { return found }
        check(end < length, "stopped at the end", "\(end)")
        check(
            end == full.pages[partial.pageCount - 1].range.upperBound, "where the layout stopped",
            "last page ends at \(end), full layout's page \(partial.pageCount) at \(full.pages[partial.pageCount - 1].range.upperBound)")
        for beyond in Set([end, end + 1, (end + length) / 2, length - 1, length]) where beyond >= end {
            check(partial.pageIndex(containing: beyond) == nil, "answers beyond the layout", "pageIndex(containing: \(beyond))")
            check(partial.page(containing: beyond) == nil, "answers beyond the layout", "page(containing: \(beyond))")
            check(partial.locateLine(containing: beyond) == nil, "answers beyond the layout", "locateLine(containing: \(beyond))")
            check(partial.lineFragment(containing: beyond) == nil, "answers beyond the layout", "lineFragment(containing: \(beyond))")
        }
        check(partial.rects(for: end..<min(length, end + 10)).isEmpty, "answers beyond the layout", "rects(for: \(end)..<\(end + 10))")
        return found
    }

    /// Reports the problems of several partial layouts of one text: each kind once, with a count
    /// and the first example.
    private func report(
        _ problems: [(offset: Int, kind: String, detail: String)], _ name: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        var seen: [String: (count: Int, first: String)] = [:]
        var order: [String] = []
        for problem in problems {
            if seen[problem.kind] == nil {
                order.append(problem.kind)
                seen[problem.kind] = (0, "through \(problem.offset): \(problem.detail)")
            }
            seen[problem.kind]!.count += 1
        }
        for kind in order {
            XCTFail("\(name): \(kind) (\(seen[kind]!.count)×), first \(seen[kind]!.first)", file: file, line: line)
        }
    }

    func testPrideAndPrejudiceStopsEarlyAndAgreesWithTheFullLayout() throws {
        let storage = try QueryFixtures.pride
        guard let full = try QueryFixtures.all().first(where: { $0.storage.length == storage.length })?.layout else {
            return XCTFail("no full layout of P&P")
        }
        let manager = try QueryFixtures.manager(full.settings)
        let length = storage.length
        let page5 = full.pages[4].range
        var found: [(Int, String, String)] = []
        for offset in [0, 1_000, page5.upperBound - 1, page5.upperBound, length / 2, length - 3_000] {
            let partial = try manager.layout(storage, includeRuns: false, through: offset)
            found += problems(partial, of: full, through: offset).map { (offset, $0.kind, $0.detail) }
            if offset <= page5.upperBound {
                XCTAssertFalse(partial.isComplete, "P&P through \(offset)")
                XCTAssertLessThan(partial.pageCount * 20, full.pageCount, "P&P through \(offset): \(partial.pageCount) pages")
            }
        }
        report(found, "P&P")

        // Through the end of the text (or beyond it) is the whole layout.
        let prefix = TextStorage(bytes: Array(storage.bytes.prefix(20_000)))
        let whole = try manager.layout(prefix, includeRuns: false)
        for offset in [prefix.length, prefix.length + 100] {
            let through = try manager.layout(prefix, includeRuns: false, through: offset)
            XCTAssertTrue(through.isComplete, "P&P prefix through \(offset)")
            XCTAssertEqual(through.pages, whole.pages, "P&P prefix through \(offset)")
        }
    }

    /// For the smaller texts, page boundaries of a sample of pages: the last byte of a page and
    /// the first of the next.
    func testPageBoundariesOfSmallTexts() throws {
        let cases = try QueryFixtures.all().filter { $0.storage.length < 100_000 }
        XCTAssertFalse(cases.isEmpty)
        for c in cases {
            let manager = try QueryFixtures.manager(c.layout.settings)
            var offsets: Set<Int> = [0]
            for number in QueryFixtures.spread(c.layout.pageCount - 1, count: 4) {
                let page = c.layout.pages[number - 1]
                guard !page.range.isEmpty else { continue }
                offsets.formUnion([page.range.upperBound - 1, page.range.upperBound])
            }
            var found: [(Int, String, String)] = []
            for offset in offsets.sorted() {
                let partial = try manager.layout(c.storage, includeRuns: false, through: offset)
                found += problems(partial, of: c.layout, through: offset).map { (offset, $0.kind, $0.detail) }
            }
            report(found, c.name)
            let whole = try manager.layout(c.storage, includeRuns: false, through: nil)
            XCTAssertTrue(whole.isComplete, c.name)
            XCTAssertEqual(whole.pages.map(\.range), c.layout.pages.map(\.range), c.name)
        }
    }
}
