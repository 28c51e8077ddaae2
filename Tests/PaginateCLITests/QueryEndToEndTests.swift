import Foundation
import TestSupport
import XCTest

/// `count`, `map` and `locate` agree with each other and describe the whole input.
final class QueryEndToEndTests: XCTestCase {
    // Unsafe because it is a plain static cache: XCTest runs the tests one after another on one
    // thread (`--parallel` uses processes), and only that thread reads and writes it.
    nonisolated(unsafe) private static var maps: [Corpus: (count: Int, map: PageMap, size: Int)] = [:]

    override class func tearDown() {
        maps = [:]
        super.tearDown()
    }

    /// The count and map of `corpus`, queried once per test class.
    private static func query(_ corpus: Corpus) throws -> (count: Int, map: PageMap, size: Int) {
        if let cached = maps[corpus] { return cached }
        let size = try corpus.bytes().count
        let count = try PaginateBinary.run(["count", corpus.url.path] + Corpus.options)
        guard count.status == 0 else { throw ProcessFailure(description: "count failed: \(count.summary)") }
        guard let pages = Int(count.output.dropLast()), count.output.hasSuffix("\n") else {
            throw ProcessFailure(description: "count printed '\(count.output)'")
        }
        let map = try PaginateBinary.run(["map", corpus.url.path] + Corpus.options)
        guard map.status == 0 else { throw ProcessFailure(description: "map failed: \(map.summary)") }
        let result = (count: pages, map: try PageMap(json: map.stdout), size: size)
        maps[corpus] = result
        return result
    }

    func testCountPrintsOnlyANumber() throws {
        for corpus in Corpus.allCases {
            let run = try PaginateBinary.run(["count", corpus.url.path] + Corpus.options)
            XCTAssertEqual(run.status, 0, run.summary)
            XCTAssertEqual(run.errors, "")
            let digits = run.output.unicodeScalars.dropLast()
            XCTAssertTrue(
                run.output.hasSuffix("\n") && !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) },
                "count should print digits and a newline, printed '\(run.output)'")
            XCTAssertGreaterThan(Int(String(digits)) ?? 0, 0)
        }
    }

    func testMapPartitionsTheInputIntoTheCountedPages() throws {
        for corpus in Corpus.allCases {
            let (count, map, size) = try Self.query(corpus)
            XCTAssertEqual(map.pageCount, count, "\(corpus.rawValue): map pageCount vs count")
            XCTAssertEqual(map.pages.count, count)
            XCTAssertEqual(map.bytes, size)
            XCTAssertEqual(map.pages.map(\.page), Array(1...max(1, map.pages.count)))
            XCTAssertEqual(map.pages.first?.start, 0)
            XCTAssertEqual(map.pages.last?.end, size, "\(corpus.rawValue): the last page should end at the file size")
            for (previous, next) in zip(map.pages, map.pages.dropFirst()) {
                XCTAssertEqual(previous.end, next.start, "\(corpus.rawValue): pages \(previous.page) and \(next.page) are not contiguous")
            }
            for entry in map.pages {
                XCTAssertLessThan(entry.start, entry.end, "\(corpus.rawValue): page \(entry.page) is empty")
                XCTAssertGreaterThan(entry.lines, 0, "\(corpus.rawValue): page \(entry.page) has no lines")
            }
        }
    }

    func testLocateAgreesWithTheMap() throws {
        // The sutra is quick to lay out: check the edges of every page.
        try checkLocate(.diamondSutra) { map, size in
            [0, size / 2, size - 1] + map.pages.flatMap { [$0.start, $0.end - 1] }
        }
        // Pride and Prejudice: a few offsets, each run lays the whole book out again.
        try checkLocate(.prideAndPrejudice) { map, size in
            let middle = map.pages[map.pages.count / 2]
            return [0, size / 2, size - 1, middle.start, middle.end - 1]
        }
    }

    private func checkLocate(_ corpus: Corpus, offsets: (PageMap, Int) -> [Int]) throws {
        let (_, map, size) = try Self.query(corpus)
        for offset in Set(offsets(map, size)).sorted() {
            let expected = try XCTUnwrap(map.page(holding: offset), "no page in the map holds \(offset)")
            let run = try PaginateBinary.run(["locate", corpus.url.path, "--offset", String(offset)] + Corpus.options)
            XCTAssertEqual(run.status, 0, run.summary)
            XCTAssertEqual(run.output, "\(expected)\n", "\(corpus.rawValue): locate --offset \(offset)")
        }
    }

    func testLocateAtTheEndAndBeyond() throws {
        let (count, _, size) = try Self.query(.diamondSutra)
        let end = try PaginateBinary.run(["locate", Corpus.diamondSutra.url.path, "--offset", String(size)] + Corpus.options)
        XCTAssertEqual(end.status, 0, end.summary)
        XCTAssertEqual(end.output, "\(count)\n", "the input's length means its end: the last page")

        let beyond = try PaginateBinary.run(["locate", Corpus.diamondSutra.url.path, "--offset", String(size + 1)] + Corpus.options)
        XCTAssertEqual(beyond.status, 64, beyond.summary)
        XCTAssertEqual(beyond.output, "")
        XCTAssertEqual(beyond.errorLines.count, 1, beyond.errors)
        XCTAssertTrue(beyond.errors.hasPrefix("paginate: error:"), beyond.errors)
    }
}
