import Foundation
import PaginateKit
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// What the fuzz targets in `Fuzz/` found, each reduced to a small case that states the correct
/// behaviour. These findings are fixed, and the fuzzers enforce every invariant they broke.
///
/// The saved inputs (`Fuzz/Findings/layout`, committed; a fuzzing checkout keeps its own in
/// `.fuzz-corpus/known/layout`) and their tests:
///
/// | input | finding | test |
/// | --- | --- | --- |
/// | `crash-2c46c3…`, `crash-408241…`, `crash-812fbf…`, `crash-f7a6c8…` | end-offset | `testALoneInvalidByteIsOneRunOfOneByte`, `testRunEnds…`, `testRunBeforeALineBreak…` |
/// | `crash-0c562c…`, `space-keycap` (and likely `crash-8498d3…`) | uncovered-space | `testUncoveredWhiteSpaceIsNotDrawnAsAReplacementCharacter` |
/// | `partial-extra-pages` | partial-end | `testFuzzFindingStoppedLayoutsMatchTheFullLayout` and the two `partial-end` tests |
/// | `huge-page-crash` | huge-page | `testPagesTooLargeForIntegerArithmeticAreRefused` |
/// | `hanging-space` | hanging-space | `RunGeometryTests.testSpaceBeforeACutBetweenClustersHangsUndrawn` (engine) |
/// | `shrunk-gap` | shrunk-gap | `RunGeometryTests.testRunsEndingWithAShrunkSpaceDoNotOverlapTheNextRun` (engine) |
///
/// `testSavedFindingsDoNotCrashTheTool` replays every saved input through the tool as well.
final class BadInputFuzzRegressionTests: XCTestCase {
    // Unsafe because it is a plain static cache: XCTest runs the tests one after another on one
    // thread (`--parallel` uses processes), and only that thread reads and writes it.
    nonisolated(unsafe) private static var chain: FontChain?

    private static func fonts() throws -> FontChain {
        if let chain { return chain }
        let fonts = try FontChain.bundled()
        chain = fonts
        return fonts
    }

    private static func layout(
        _ bytes: [UInt8], settings: LayoutSettings = .bookDefaults, fonts: FontChain? = nil,
        through offset: Int? = nil
    ) throws -> Layout {
        let manager = LayoutManager(fonts: try fonts ?? Self.fonts(), settings: settings)
        return try manager.layout(TextStorage(bytes: bytes), includeRuns: true, through: offset)
    }

    // MARK: - end-offset

    /// A paragraph's last run and last caret stop end where the source bytes of its last character
    /// end, also when that character replaced invalid bytes (1 byte here, not U+FFFD's 3).
    func testRunEndsAtTheSourceBytesOfAnInvalidLastByte() throws {
        let bytes: [UInt8] = [0x61, 0xF3]
        let layout = try Self.layout(bytes)
        let line = try XCTUnwrap(layout.pages.first?.lines.first)
        XCTAssertEqual(line.range, 0..<2)
        XCTAssertEqual(line.runs.last?.sourceRange, 0..<2, "the run claims bytes past the end of the text")
        XCTAssertEqual(line.caretStops.last?.offset, 2, "the last caret stop lies past the end of the text")
    }

    /// …and when it ends with a character beyond U+FFFF (4 bytes, not 3).
    func testRunEndsAtTheSourceBytesOfASupplementaryCharacter() throws {
        let bytes = Array("a\u{1F600}".utf8)
        let layout = try Self.layout(bytes)
        let line = try XCTUnwrap(layout.pages.first?.lines.first)
        XCTAssertEqual(line.runs.last?.sourceRange.upperBound, 5, "the run stops inside the emoji's bytes")
        XCTAssertEqual(line.caretStops.last?.offset, 5)
    }

    /// The same finding mid-text: the run before a line break must not reach into the next line.
    func testRunBeforeALineBreakDoesNotReachTheNextLine() throws {
        let bytes: [UInt8] = Array("the".utf8) + [0x9F] + Array("\n x".utf8)
        let layout = try Self.layout(bytes, settings: Self.settings(mode: .lines))
        let lines = layout.pages.flatMap(\.lines)
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines.first?.runs.last?.sourceRange, 0..<4, "the run claims the line break and the next line's bytes")
    }

    /// The four end-offset inputs reduce to a text of one invalid byte: it is one U+FFFD drawn for
    /// exactly that byte, and every caret stop lies within the text.
    func testALoneInvalidByteIsOneRunOfOneByte() throws {
        for byte: UInt8 in [0x80, 0x82, 0x9F, 0xA9, 0xF3] {
            let layout = try Self.layout([byte])
            let line = try XCTUnwrap(layout.pages.first?.lines.first)
            XCTAssertEqual(line.range, 0..<1, "0x\(String(byte, radix: 16))")
            XCTAssertEqual(line.runs.map(\.sourceRange), [0..<1], "0x\(String(byte, radix: 16))")
            XCTAssertEqual(line.runs.map(\.text), ["\u{FFFD}"], "0x\(String(byte, radix: 16))")
            XCTAssertEqual(line.caretStops.map(\.offset), [0, 1], "0x\(String(byte, radix: 16))")
        }
    }

    // MARK: - partial-end

    /// A page of 9 lines of 10 pt; `blank` paragraphs of one line each, so separators fall at page ends.
    private static func settings(mode: ParagraphMode = .blank) -> LayoutSettings {
        LayoutSettings(
            page: PageSetup(size: Size(width: 200, height: 95), margins: EdgeInsets(all: 0)),
            fontSize: 10, lineHeight: 1, paragraphMode: mode)
    }

    /// Layout stopped at any offset has exactly the full layout's pages up to the one holding the
    /// offset, and no more (the documented contract of `layout(_:includeRuns:through:)`).
    func testLayoutStoppedAtAnyOffsetMatchesTheFullLayout() throws {
        let text = Array((0..<30).map { "line \($0)" }.joined(separator: "\n\n").utf8)
        let settings = Self.settings()
        let full = try Self.layout(text, settings: settings)
        XCTAssertGreaterThan(full.pageCount, 3)
        var reported = 0
        for offset in 0...text.count where reported < 5 {
            let partial = try Self.layout(text, settings: settings, through: offset)
            let holding = try XCTUnwrap(full.pageIndex(containing: offset))
            var problems: [String] = []
            if partial.pages.count < holding + 1 {
                problems.append("only \(partial.pages.count) pages")
            } else {
                for index in 0...holding where partial.pages[index] != full.pages[index] {
                    problems.append(
                        "page \(index + 1): bytes \(partial.pages[index].range) vs \(full.pages[index].range), last line \(partial.pages[index].lines.last?.range as Any) vs \(full.pages[index].lines.last?.range as Any)"
                    )
                }
            }
            if !partial.isComplete && partial.pages.count != holding + 1 {
                problems.append("\(partial.pages.count) pages laid out for an offset on page \(holding + 1)")
            }
            if !problems.isEmpty {
                reported += 1
                XCTFail("layout through \(offset): \(problems.joined(separator: "; "))")
            }
        }
    }

    /// The fuzz input that showed it (`partial-extra-pages`): a 13-byte text of invalid bytes and
    /// blank lines on a page that holds one 57.4 pt line, stopped at every offset.
    func testFuzzFindingStoppedLayoutsMatchTheFullLayout() throws {
        let text: [UInt8] = [0xE3, 0x80, 0x27, 0x0A, 0x0A, 0x0A, 0x80, 0x27, 0x0A, 0x80, 0x27, 0x0A, 0x94]
        let settings = LayoutSettings(
            page: PageSetup(
                size: Size(width: 78, height: 108),
                margins: EdgeInsets(top: 1, right: 0.5, bottom: 1.0 / 3, left: 0.25),
                columns: 1, gutter: 8),
            fontSize: 20.5, lineHeight: 2.8, paragraphMode: .blank, tabWidth: 11)
        let latinOnly = FontChain(fonts: [try Self.fonts().fonts[0]])
        let full = try Self.layout(text, settings: settings, fonts: latinOnly)
        for offset in 0...text.count {
            let partial = try Self.layout(text, settings: settings, fonts: latinOnly, through: offset)
            let holding = try XCTUnwrap(full.pageIndex(containing: offset))
            XCTAssertGreaterThanOrEqual(partial.pages.count, holding + 1, "through \(offset)")
            for index in 0...min(holding, partial.pages.count - 1) {
                XCTAssertEqual(partial.pages[index], full.pages[index], "through \(offset): page \(index + 1)")
            }
            if !partial.isComplete {
                XCTAssertEqual(partial.pages.count, holding + 1, "through \(offset): laid out more pages than needed")
            }
        }
    }

    /// `locate --json` reports the line from a layout stopped early; its byte range must be the
    /// same as in the full layout, not run to the end of the text.
    func testLocateReportsTheLineRangeOfTheFullLayout() throws {
        let folder = try TemporaryDirectory.make(prefix: "fuzz-regression")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("lines.txt")
        try Data((0..<200).map { "line \($0)" }.joined(separator: "\n\n").utf8).write(to: input)
        let full = try Self.layout([UInt8](try Data(contentsOf: input)))
        let firstPage = try XCTUnwrap(full.pages.first)
        let lastLine = try XCTUnwrap(firstPage.lines.last)
        let run = try BadInputProcess.paginate([
            "locate", input.path, "--offset", String(lastLine.range.lowerBound), "--json", "--no-cache",
        ])
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertTrue(
            run.output.contains("\"lineRange\": {\"start\": \(lastLine.range.lowerBound), \"end\": \(lastLine.range.upperBound)}"),
            "expected the line \(lastLine.range) of the full layout: \(run.output)")
    }

    // MARK: - uncovered-space

    /// White space no font covers (U+3000 with a Latin font alone) is space, not a visible U+FFFD.
    func testUncoveredWhiteSpaceIsNotDrawnAsAReplacementCharacter() throws {
        let latinOnly = FontChain(fonts: [try Self.fonts().fonts[0]])
        for text in ["a\u{3000}b", "\u{3000}a", "\u{3000}\u{20E3}.", "x\u{1680}y"] {
            let layout = try Self.layout(Array(text.utf8), fonts: latinOnly)
            let drawn = layout.pages.flatMap(\.lines).flatMap(\.runs).map(\.text).joined()
            XCTAssertFalse(drawn.unicodeScalars.contains("\u{FFFD}"), "\(text.debugDescription) drew \(drawn.debugDescription)")
        }
    }

    // MARK: - huge-page

    /// Pages far larger than PDF allows are refused with a `LayoutError` by the engine itself, by
    /// the layout and the page map alike; they used to trap converting a width to an integer
    /// number of thousandths of an em. The first case is the fuzz input `huge-page-crash` decoded:
    /// a 1e308 pt square page in four columns, 1 pt type, and no text.
    func testPagesTooLargeForIntegerArithmeticAreRefused() throws {
        let latinOnly = FontChain(fonts: [try Self.fonts().fonts[0]])
        let fuzzed = LayoutSettings(
            page: PageSetup(
                size: Size(width: 1e308, height: 1e308),
                margins: EdgeInsets(top: 2, right: 1, bottom: 2.0 / 3, left: 0.5),
                columns: 4, gutter: 0),
            fontSize: 1, lineHeight: 1.4, paragraphMode: .auto, tabWidth: 1)
        var cases = [(fuzzed, [UInt8]())]
        for side in [14_401, 1e15, 1e20, .greatestFiniteMagnitude] {
            cases.append(
                (
                    LayoutSettings(page: PageSetup(size: Size(width: side, height: 600), margins: EdgeInsets(all: 36))),
                    Array("text".utf8)
                ))
        }
        for (settings, text) in cases {
            let manager = LayoutManager(fonts: latinOnly, settings: settings)
            XCTAssertThrowsError(try manager.layout(TextStorage(bytes: text)), "\(settings.page.size)") { error in
                guard case LayoutError.pageSizeOutOfRange = error else { return XCTFail("\(settings.page.size): \(error)") }
            }
            XCTAssertThrowsError(try manager.pageMap(TextStorage(bytes: text), jobs: 2), "\(settings.page.size)")
        }
        // The largest page PDF allows still lays out.
        let largest = LayoutSettings(
            page: PageSetup(size: Size(width: 14_400, height: 14_400), margins: EdgeInsets(all: 0), columns: 4),
            fontSize: 1)
        let layout = try LayoutManager(fonts: latinOnly, settings: largest).layout(TextStorage(bytes: Array("a b".utf8)))
        XCTAssertEqual(layout.pageCount, 1)
    }

    // MARK: - Leak (found by LeakSanitizer while fuzzing)

    /// Computing a page map on worker threads frees everything it allocated: the per-chunk line
    /// arrays must not outlive the call (they leaked when the results buffer was deallocated
    /// without being deinitialized).
    func testPageMapDoesNotLeakItsChunks() throws {
        let environment = ProcessInfo.processInfo.environment
        if environment["ASAN_OPTIONS"] != nil || environment["TSAN_OPTIONS"] != nil {
            throw XCTSkip("sanitizers hold freed memory back, so resident memory says nothing about leaks")
        }
        let text = Array((0..<10_000).map { "line \($0) of a text long enough" }.joined(separator: "\n").utf8)
        let manager = LayoutManager(fonts: try Self.fonts(), settings: Self.settings(mode: .lines))
        let storage = TextStorage(bytes: text)
        /// Resident memory from /proc/self/statm, in bytes.
        func resident() throws -> Int {
            let fields = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
            return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
        }
        for _ in 0..<5 { _ = try manager.pageMap(storage, jobs: 1) }
        let before = try resident()
        for _ in 0..<30 { _ = try manager.pageMap(storage, jobs: 1) }
        let grown = try resident() - before
        // Each call that kept its 10 000 lines' chunk arrays would hold about 300 KB.
        XCTAssertLessThan(grown, 4_000_000, "30 page maps grew resident memory by \(grown) bytes")
    }

    // MARK: - Replaying the saved findings

    /// Every input the fuzzers saved replays through the CLI without a crash: a valid render or a
    /// one-line error. The fixed findings are committed (`Fuzz/Findings`); a checkout that fuzzes
    /// also has its own, git-ignored `.fuzz-corpus/known` and `.fuzz-corpus/findings`.
    func testSavedFindingsDoNotCrashTheTool() throws {
        let root = Repository.url(".fuzz-corpus")
        let committed = Repository.url("Fuzz/Findings")
        let folders =
            ["known/layout", "known/pdf", "findings/layout", "findings/pdf"].map { root.appendingPathComponent($0) }
            + ["layout", "pdf"].map { committed.appendingPathComponent($0) }
        // A finding saved locally and committed too is replayed once.
        var seen = Set<String>()
        let files = folders.flatMap { folder in
            TemporaryDirectory.contents(of: folder).filter { seen.insert($0).inserted }.map { folder.appendingPathComponent($0) }
        }
        XCTAssertGreaterThanOrEqual(files.count, 13, "the committed findings in \(committed.path) are missing")
        let scratch = try TemporaryDirectory.make(prefix: "fuzz-replay")
        defer { try? FileManager.default.removeItem(at: scratch) }
        for file in files {
            // The fuzz input is a 20-byte settings header and the text; the CLI gets the text.
            let data = try Data(contentsOf: file)
            let input = scratch.appendingPathComponent("input.txt")
            try data.dropFirst(20).write(to: input)
            for mode in ["auto", "blank", "lines"] {
                let run = try BadInputProcess.paginate([
                    input.path, "-o", scratch.appendingPathComponent("out.pdf").path,
                    "--paragraphs", mode, "--page", "200x150", "--margin", "10", "--columns", "2",
                ])
                XCTAssertFalse(run.crashed, "\(file.lastPathComponent) (\(mode)): \(run.summary)")
                XCTAssertEqual(run.status, 0, "\(file.lastPathComponent) (\(mode)): \(run.summary)")
            }
        }
    }
}
