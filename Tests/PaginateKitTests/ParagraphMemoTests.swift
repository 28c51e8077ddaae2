import XCTest
@testable import PaginateKit

/// The paragraph memo: after an edit, a page map from a warm memo is the page map of a layout from
/// scratch, only the changed paragraphs are broken again, and a damaged or foreign memo file is
/// ignored and replaced.
final class ParagraphMemoTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "paginate-memo-\(UUID().uuidString)"
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Settings that exercise every rule placement applies across paragraphs.
    private static var ruleSettings: LayoutSettings {
        var settings = UnitSupport.settings()
        settings.typography = Typography(widows: 2, orphans: 2, firstLineIndent: 18, chapterBreak: true)
        return settings
    }

    /// A page map through `memo` and what the memo reported.
    private func memoized(
        _ bytes: [UInt8], _ settings: LayoutSettings, memo: ParagraphMemo,
        jobs: Int = 2
    ) throws -> (PageMap, ParagraphMemoReport) {
        var manager = LayoutManager(fonts: try UnitSupport.fonts(), settings: settings)
        manager.paragraphMemo = memo
        var report: ParagraphMemoReport?
        manager.memoReport = { report = $0 }
        let map = try manager.pageMap(TextStorage(bytes: bytes), jobs: jobs)
        return (map, try XCTUnwrap(report, "a memoized page map reports"))
    }

    private func cold(_ bytes: [UInt8], _ settings: LayoutSettings) throws -> PageMap {
        try LayoutManager(fonts: try UnitSupport.fonts(), settings: settings).pageMap(TextStorage(bytes: bytes), jobs: 2)
    }

    private func assertSame(_ memoized: PageMap, _ cold: PageMap, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(memoized.entries.count, cold.entries.count, "\(context): page count", file: file, line: line)
        if let first = zip(memoized.entries, cold.entries).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            XCTFail("\(context): page \(first + 1) differs: \(memoized.entries[first]) vs \(cold.entries[first])", file: file, line: line)
        }
        XCTAssertEqual(memoized.diagnostics, cold.diagnostics, "\(context): diagnostics", file: file, line: line)
        XCTAssertEqual(memoized.sourceLength, cold.sourceLength, "\(context): length", file: file, line: line)
    }

    // MARK: Edits

    private static func find(_ needle: String, in bytes: [UInt8], from start: Int) -> Int? {
        let pattern = Array(needle.utf8)
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0] && Array(bytes[index..<(index + pattern.count)]) == pattern { return index }
            index += 1
        }
        return nil
    }

    /// The first word of five or more letters after the middle, reversed and one letter longer.
    private static func changeWord(_ bytes: [UInt8]) throws -> [UInt8] {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        var start = bytes.count / 2
        while true {
            guard start < bytes.count else { throw XCTSkip("no word after the middle") }
            var end = start
            while end < bytes.count && isLetter(bytes[end]) { end += 1 }
            if end - start >= 5 && !isLetter(bytes[start - 1]) {
                var edited = bytes
                edited.replaceSubrange(start..<end, with: bytes[start..<end].reversed() + [UInt8(ascii: "s")])
                return edited
            }
            start = end + 1
        }
    }

    private static func insertParagraph(_ bytes: [UInt8]) throws -> [UInt8] {
        let at = try XCTUnwrap(find("\n\n", in: bytes, from: bytes.count / 3)) + 2
        var edited = bytes
        edited.insert(
            contentsOf: Array("An inserted paragraph, long enough to wrap: it says nothing at all, and says it at length.\n\n".utf8), at: at
        )
        return edited
    }

    private static func deleteParagraph(_ bytes: [UInt8]) throws -> [UInt8] {
        let start = try XCTUnwrap(find("\n\n", in: bytes, from: bytes.count * 2 / 3)) + 2
        let end = try XCTUnwrap(find("\n\n", in: bytes, from: start)) + 2
        var edited = bytes
        edited.removeSubrange(start..<end)
        return edited
    }

    /// Renames a chapter heading after the middle so that it is a heading no more.
    private static func changeHeading(_ bytes: [UInt8]) throws -> [UInt8] {
        let at = try XCTUnwrap(find("\nCHAPTER ", in: bytes, from: bytes.count / 2)) + 1
        var edited = bytes
        edited.replaceSubrange(at..<(at + 7), with: Array("Chapters".utf8))
        return edited
    }

    private static let edits: [(name: String, apply: @Sendable ([UInt8]) throws -> [UInt8], mostBroken: Int)] = [
        ("a word changed", changeWord, 1),
        ("a paragraph inserted", insertParagraph, 2),
        ("a paragraph deleted", deleteParagraph, 0),
        ("a heading changed", changeHeading, 1),
    ]

    private func assertEditsMatchColdLayouts(_ original: [UInt8], _ settings: LayoutSettings, _ name: String) throws {
        let memo = ParagraphMemo(directory: directory, version: "test")
        let (first, filled) = try memoized(original, settings, memo: memo)
        XCTAssertEqual(filled.broken, filled.paragraphs, "\(name): an empty memo breaks everything")
        assertSame(first, try cold(original, settings), "\(name), original")
        // Every edit starts from the memo of the original text.
        let path = URL(fileURLWithPath: memo.path(settings: settings, fontFiles: try UnitSupport.fonts().configuredFiles))
        let filledMemo = try Data(contentsOf: path)
        for edit in ParagraphMemoTests.edits {
            try filledMemo.write(to: path)
            let edited = try edit.apply(original)
            XCTAssertNotEqual(edited, original)
            let (map, report) = try memoized(edited, settings, memo: memo)
            assertSame(map, try cold(edited, settings), "\(name), \(edit.name)")
            XCTAssertLessThanOrEqual(report.broken, edit.mostBroken, "\(name), \(edit.name): only the changed paragraphs are broken")
            XCTAssertGreaterThan(report.paragraphs, 1000)
        }
    }

    func testEditsOfTheBookMatchAColdLayout() throws {
        try assertEditsMatchColdLayouts(try UnitSupport.corpusBytes("pride-and-prejudice.txt"), ParagraphMemoTests.ruleSettings, "x1")
    }

    func testEditsOfEightCopiesMatchAColdLayout() throws {
        let book = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        let eight = Array((0..<8).map { _ in book }.joined())
        let memo = ParagraphMemo(directory: directory, version: "test")
        _ = try memoized(eight, UnitSupport.settings(), memo: memo)
        // Two edits at once, a word and a heading, to keep this test to three layouts of the long text.
        let edited = try ParagraphMemoTests.changeHeading(ParagraphMemoTests.changeWord(eight))
        let (map, report) = try memoized(edited, UnitSupport.settings(), memo: memo)
        assertSame(map, try cold(edited, UnitSupport.settings()), "x8, a word and a heading changed")
        XCTAssertLessThanOrEqual(report.broken, 2, "x8: only the changed paragraphs are broken")
    }

    func testAnUnchangedTextBreaksNothingAndKeepsTheFile() throws {
        let text = Array(String(repeating: "Some words to wrap across a narrow column of text.\n\nCHAPTER 2\n\n", count: 40).utf8)
        let settings = UnitSupport.settings(width: 200, height: 200, margin: 10)
        let memo = ParagraphMemo(directory: directory, version: "test")
        let (first, filled) = try memoized(text, settings, memo: memo, jobs: 1)
        XCTAssertEqual(filled.stored, 3, "separators, the paragraph and the heading are each stored once")
        let (again, report) = try memoized(text, settings, memo: memo, jobs: 1)
        XCTAssertEqual(report.broken, 0)
        XCTAssertEqual(again, first)
    }

    func testDiagnosticsComeBackFromTheMemo() throws {
        let text =
            Array("Plain words.\n\nA bad byte ".utf8) + [0xFF] + Array(" here".utf8)
            + Array("\n\nA control \u{01} and Khmer ខ្មែរ and Lisu ꓐ.\n\nMore plain words.\n".utf8)
        let settings = UnitSupport.settings(width: 200, height: 200, margin: 10)
        let memo = ParagraphMemo(directory: directory, version: "test")
        _ = try memoized(text, settings, memo: memo)
        let edited = Array("Changed".utf8) + text.dropFirst(5)
        let (map, report) = try memoized(edited, settings, memo: memo)
        XCTAssertEqual(report.broken, 1)
        let reference = try cold(edited, settings)
        XCTAssertGreaterThan(reference.diagnostics.invalidSequences, 0)
        XCTAssertGreaterThan(reference.diagnostics.hiddenControls, 0)
        XCTAssertGreaterThan(reference.diagnostics.clusterBrokenCharacters, 0)
        assertSame(map, reference, "diagnostics")
    }

    // MARK: Damaged files

    func testDamagedTruncatedOrForeignFilesAreIgnoredAndRewritten() throws {
        let text =
            Array(String(repeating: "Words that wrap in a narrow column, over and over again.\n\n", count: 60).utf8)
            + Array("The last paragraph is different.\n".utf8)
        let settings = UnitSupport.settings(width: 200, height: 200, margin: 10)
        let memo = ParagraphMemo(directory: directory, version: "test")
        let reference = try cold(text, settings)
        _ = try memoized(text, settings, memo: memo)
        let path = memo.path(settings: settings, fontFiles: try UnitSupport.fonts().configuredFiles)
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        let foreign = ParagraphMemo(directory: directory + "/other", version: "other")
        _ = try memoized(text, settings, memo: foreign)
        let foreignData = try Data(
            contentsOf: URL(fileURLWithPath: foreign.path(settings: settings, fontFiles: try UnitSupport.fonts().configuredFiles)))
        var damaged: [(String, Data)] = [
            ("empty", Data()), ("truncated", good.prefix(good.count - 1)),
            ("header only", good.prefix(40)), ("another version", foreignData),
        ]
        for position in [0, 12, 30, 60, good.count / 2, good.count - 20, good.count - 1] {
            var flipped = good
            flipped[position] ^= 0x10
            damaged.append(("byte \(position) flipped", flipped))
        }
        for (name, data) in damaged {
            try data.write(to: URL(fileURLWithPath: path))
            let (map, report) = try memoized(text, settings, memo: memo)
            XCTAssertEqual(report.broken, report.paragraphs, "\(name): the file must not be trusted")
            assertSame(map, reference, name)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), good, "\(name): the file is rewritten")
        }
    }

    func testKeysTellHeadingsSeparatorsAndBytesApart() {
        let bytes = Array("CHAPTER I\nCHAPTER J".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let plain = ParagraphSpan(contentStart: 0, contentEnd: 9, startOffset: 0, kind: .text, breaksPageAfter: false)
            var heading = plain
            heading.isHeading = true
            var separator = plain
            separator.kind = .separator
            var pageBreak = plain
            pageBreak.breaksPageAfter = true
            let other = ParagraphSpan(contentStart: 10, contentEnd: 19, startOffset: 10, kind: .text, breaksPageAfter: false)
            let key = ParagraphKey.of(plain, in: buffer)
            XCTAssertNotEqual(key, ParagraphKey.of(heading, in: buffer))
            XCTAssertNotEqual(key, ParagraphKey.of(separator, in: buffer))
            XCTAssertNotEqual(key, ParagraphKey.of(other, in: buffer))
            XCTAssertEqual(key, ParagraphKey.of(pageBreak, in: buffer), "a form feed after a paragraph changes placement only")
        }
    }
}
