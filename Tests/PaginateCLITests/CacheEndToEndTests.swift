import TestSupport
import XCTest

/// The page-map cache seen from the command line: it answers repeat questions, never a stale or
/// damaged one, and `--no-cache` leaves no trace.
final class CacheEndToEndTests: XCTestCase {
    private var folder: URL!
    private var cache: String { folder.appendingPathComponent("cache").path }
    private var input: URL { folder.appendingPathComponent("book.txt") }

    override func setUpWithError() throws {
        folder = try TemporaryDirectory.make(prefix: "cache")
        let words = (0..<3000).map { "word\($0 % 97)" }.joined(separator: " ")
        try Data((words + "\n\nSecond paragraph with more words.\n").utf8).write(to: input)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func run(_ arguments: [String], cache: String? = nil) throws -> ProcessResult {
        let result = try PaginateBinary.run(arguments, cacheDirectory: cache ?? self.cache)
        XCTAssertEqual(result.status, 0, result.summary)
        return result
    }

    private var entries: [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: cache + "/paginate")) ?? []
    }

    func testRepeatQuestionsAgreeAndFillTheCache() throws {
        let settings = ["--page", "200x200", "--margin", "10"]
        let first = try run(["count", input.path] + settings).output
        XCTAssertTrue(entries.contains { $0.hasPrefix("map-") }, "count stores its page map: \(entries)")
        XCTAssertTrue(entries.contains { $0.hasPrefix("file-") }, "count remembers the file's identity: \(entries)")
        XCTAssertEqual(try run(["count", input.path] + settings).output, first)
        let uncached = try run(["count", input.path, "--no-cache"] + settings, cache: folder.appendingPathComponent("unused").path)
        XCTAssertEqual(uncached.output, first)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("unused/paginate").path),
            "--no-cache must not create a cache")
        let map = try run(["map", input.path] + settings).output
        XCTAssertEqual(try run(["map", input.path, "--no-cache"] + settings).output, map)
    }

    func testAChangedFileIsNeverAnsweredFromTheCache() throws {
        let settings = ["--page", "200x200", "--margin", "10"]
        let before = try run(["count", input.path] + settings).output
        // Same size, different words: only the content can tell.
        var bytes = try Data(contentsOf: input)
        for index in stride(from: 0, to: 2000, by: 7) where bytes[index] == UInt8(ascii: " ") { bytes[index] = UInt8(ascii: "x") }
        try bytes.write(to: input)
        let after = try run(["count", input.path] + settings).output
        XCTAssertEqual(after, try run(["count", input.path, "--no-cache"] + settings).output)
        let longer = bytes + Data(String(repeating: "more text ", count: 3000).utf8)
        try longer.write(to: input)
        let grown = try run(["count", input.path] + settings).output
        XCTAssertGreaterThan(
            Int(grown.trimmingCharacters(in: .whitespacesAndNewlines))!,
            Int(before.trimmingCharacters(in: .whitespacesAndNewlines))!)
    }

    func testDamagedEntriesAreIgnored() throws {
        let settings = ["--page", "200x200", "--margin", "10"]
        let first = try run(["count", input.path] + settings).output
        for name in entries {
            let path = cache + "/paginate/" + name
            var data = try Data(contentsOf: URL(fileURLWithPath: path))
            data[data.count / 2] ^= 0xFF
            try data.write(to: URL(fileURLWithPath: path))
        }
        XCTAssertEqual(try run(["count", input.path] + settings).output, first)
        for name in entries { try Data().write(to: URL(fileURLWithPath: cache + "/paginate/" + name)) }
        XCTAssertEqual(try run(["count", input.path] + settings).output, first)
    }

    func testLocateAnswersFromAPartialMapAndCountNeverDoes() throws {
        let settings = ["--page", "200x200", "--margin", "10"]
        let cold = try run(["locate", input.path, "--offset", "100"] + settings).output
        XCTAssertEqual(try run(["locate", input.path, "--offset", "100"] + settings).output, cold)
        let total = try run(["count", input.path, "--no-cache"] + settings).output
        XCTAssertEqual(try run(["count", input.path] + settings).output, total, "a partial map must not answer count")
        let size = try Data(contentsOf: input).count
        let last = try run(["locate", input.path, "--offset", "\(size - 1)", "--no-cache"] + settings).output
        XCTAssertEqual(try run(["locate", input.path, "--offset", "\(size - 1)"] + settings).output, last)
        XCTAssertEqual(last, total)
    }

    /// Reverses the first word of five or more letters after `fraction` of the file (one letter longer).
    private func changeWord(after fraction: Double) throws {
        var bytes = [UInt8](try Data(contentsOf: input))
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        var start = Int(Double(bytes.count) * fraction)
        while start < bytes.count {
            var end = start
            while end < bytes.count && isLetter(bytes[end]) { end += 1 }
            if end - start >= 5 && !isLetter(bytes[start - 1]) {
                bytes.replaceSubrange(start..<end, with: bytes[start..<end].reversed() + [UInt8(ascii: "s")])
                return try Data(bytes).write(to: input)
            }
            start = end + 1
        }
        XCTFail("no word to change")
    }

    /// The paragraphs broken and in the text, from the `--verbose` line about the memo.
    private func memoCounts(_ result: ProcessResult) throws -> (broken: Int, paragraphs: Int) {
        let line = try XCTUnwrap(result.errorLines.first { $0.hasPrefix("paginate: memo: ") }, result.summary)
        let words = line.split(separator: " ")
        return (try XCTUnwrap(Int(words[2])), try XCTUnwrap(Int(words[4])))
    }

    func testAnEditedBookReusesItsUnchangedParagraphs() throws {
        try Corpus.prideAndPrejudice.bytes().write(to: input)
        let settings = Corpus.options + ["--chapter-break", "--indent", "18"]
        let unused = folder.appendingPathComponent("unused").path
        _ = try run(["count", input.path] + settings)
        let memoFile = try XCTUnwrap(entries.first { $0.hasPrefix("paragraphs-") }, "count stores a paragraph memo: \(entries)")
        let memoPath = cache + "/paginate/" + memoFile

        try changeWord(after: 0.5)
        let edited = try run(["map", input.path, "--verbose"] + settings)
        XCTAssertEqual(edited.output, try run(["map", input.path, "--no-cache"] + settings, cache: unused).output)
        let counts = try memoCounts(edited)
        XCTAssertLessThanOrEqual(counts.broken, 1, "only the changed paragraph is broken again")
        XCTAssertGreaterThan(counts.paragraphs, 1000)

        // --no-cache neither reads nor writes the memo.
        let memo = try Data(contentsOf: URL(fileURLWithPath: memoPath))
        try changeWord(after: 0.6)
        let uncached = try run(["count", input.path, "--no-cache", "--verbose"] + settings)
        XCTAssertFalse(uncached.errors.contains("memo:"), uncached.summary)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: memoPath)), memo)

        // A damaged memo is not trusted, and is rewritten.
        var damaged = memo
        damaged[damaged.count / 3] ^= 0x08
        try damaged.write(to: URL(fileURLWithPath: memoPath))
        let recovered = try run(["map", input.path, "--verbose"] + settings)
        XCTAssertEqual(recovered.output, try run(["map", input.path, "--no-cache"] + settings, cache: unused).output)
        let full = try memoCounts(recovered)
        XCTAssertEqual(full.broken, full.paragraphs, "a damaged memo must be ignored")
        try changeWord(after: 0.7)
        let afterRepair = try run(["count", input.path, "--verbose"] + settings)
        XCTAssertEqual(afterRepair.output, try run(["count", input.path, "--no-cache"] + settings, cache: unused).output)
        XCTAssertLessThanOrEqual(try memoCounts(afterRepair).broken, 1, "the memo was rewritten")
    }
}
