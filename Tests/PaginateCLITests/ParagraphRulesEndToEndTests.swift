import Foundation
import TestSupport
import XCTest

/// The paragraph rules from the command line: `count` and `map` (the parallel page map) agree with
/// `map --lines` (the sequential layout) under every option, turning the rules off gives full
/// pages, and a bad heading pattern is a usage error.
final class ParagraphRulesEndToEndTests: XCTestCase {
    private static let optionSets: [[String]] = [
        [],
        ["--widows", "3", "--orphans", "4"],
        ["--chapter-break", "--indent", "18", "--paragraph-spacing", "5"],
        ["--columns", "2", "--heading", "^[A-Z][A-Z .]+$", "--chapter-break", "--widows", "1"],
    ]

    private func map(_ corpus: Corpus, _ options: [String], lines: Bool = false) throws -> PageMap {
        let run = try PaginateBinary.run(["map", corpus.url.path] + (lines ? ["--lines"] : []) + Corpus.options + options)
        guard run.status == 0 else { throw ProcessFailure(description: "map \(options) failed: \(run.summary)") }
        return try PageMap(json: run.stdout)
    }

    func testParallelAndSequentialLayoutsAgree() throws {
        for corpus in Corpus.allCases {
            for options in Self.optionSets {
                let parallel = try map(corpus, options)
                let sequential = try map(corpus, options, lines: true)
                XCTAssertEqual(parallel.pageCount, sequential.pageCount, "\(corpus.rawValue) \(options)")
                XCTAssertEqual(
                    parallel.pages.map { [$0.start, $0.end, $0.lines] }, sequential.pages.map { [$0.start, $0.end, $0.lines] },
                    "\(corpus.rawValue) \(options)")
                let count = try PaginateBinary.run(["count", corpus.url.path] + Corpus.options + options)
                XCTAssertEqual(count.output, "\(parallel.pageCount)\n", "\(corpus.rawValue) \(options)")
            }
        }
    }

    func testWithoutTheRulesEveryPageIsFull() throws {
        // Pride and Prejudice has no form feeds and no line taller than the pitch: without the
        // rules every page but the last holds 40 lines; with them some give lines to the next.
        let off = try map(.prideAndPrejudice, ["--widows", "1", "--orphans", "1", "--heading", "(?!)"])
        XCTAssertEqual(Set(off.pages.dropLast().map(\.lines)), [40])
        let on = try map(.prideAndPrejudice, [])
        XCTAssertTrue(on.pages.dropLast().contains { $0.lines < 40 })
        XCTAssertGreaterThan(on.pageCount, off.pageCount)
        let chapters = try map(.prideAndPrejudice, ["--chapter-break"])
        XCTAssertGreaterThan(chapters.pageCount, on.pageCount + 30, "61 chapters, each on a new page")
    }

    func testAnInvalidHeadingPatternIsAUsageError() throws {
        let folder = try TemporaryDirectory.make(prefix: "heading")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.pdf")
        for command in ["count", "map", "render"] {
            let extra = command == "render" ? ["-o", output.path] : []
            let run = try PaginateBinary.run([command, Corpus.diamondSutra.url.path, "--heading", "("] + extra)
            XCTAssertEqual(run.status, 64, "\(command): \(run.summary)")
            XCTAssertEqual(run.errorLines.count, 1, run.summary)
            XCTAssertTrue(run.errors.hasPrefix("paginate: error: --heading is not a valid regular expression"), run.summary)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "no output for a failed run")
    }
}
