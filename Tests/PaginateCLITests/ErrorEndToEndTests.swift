import Foundation
import TestSupport
import XCTest

/// Failures: one `paginate: error:` line, the documented exit code, and nothing left behind.
///
/// Exit codes: 64 usage, 65 layout impossible, 66 input or font unreadable, 73 output unwritable.
final class ErrorEndToEndTests: XCTestCase {
    private var folder: URL!
    private var input: URL!
    private var output: URL!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory.make(prefix: "errors")
        input = folder.appendingPathComponent("book.txt")
        try Data(String(repeating: "A short line of text for the error tests.\n", count: 50).utf8).write(to: input)
        output = folder.appendingPathComponent("out.pdf")
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Runs `arguments` and checks the failure: exit code, one error line, no output, no stray files.
    @discardableResult
    private func assertFails(
        _ arguments: [String], exitCode: Int32, mentioning fragment: String? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> ProcessResult {
        let before = TemporaryDirectory.contents(of: folder)
        let run = try PaginateBinary.run(arguments)
        let context = "paginate \(arguments.joined(separator: " ")):\n\(run.summary)"
        XCTAssertEqual(run.status, exitCode, context, file: file, line: line)
        XCTAssertEqual(run.output, "", "nothing on stdout: \(context)", file: file, line: line)
        XCTAssertEqual(run.errorLines.count, 1, "exactly one line on stderr: \(context)", file: file, line: line)
        XCTAssertTrue(run.errors.hasPrefix("paginate: error: "), context, file: file, line: line)
        XCTAssertTrue(run.errors.hasSuffix("\n"), context, file: file, line: line)
        if let fragment {
            XCTAssertTrue(run.errors.contains(fragment), "the message should mention '\(fragment)': \(context)", file: file, line: line)
        }
        let after = TemporaryDirectory.contents(of: folder)
        XCTAssertEqual(after, before, "the output folder changed: \(context)", file: file, line: line)
        XCTAssertFalse(after.contains { $0.hasPrefix(".paginate-") }, "stray temporary files: \(after)", file: file, line: line)
        return run
    }

    // MARK: - Input and fonts (66)

    func testMissingInput() throws {
        try assertFails([folder.appendingPathComponent("missing.txt").path, "-o", output.path], exitCode: 66, mentioning: "missing.txt")
    }

    func testInputIsADirectory() throws {
        try assertFails([folder.path, "-o", output.path], exitCode: 66)
    }

    func testNonexistentFont() throws {
        let font = folder.appendingPathComponent("no-such-font.ttf").path
        try assertFails([input.path, "--font", font, "-o", output.path], exitCode: 66, mentioning: "no-such-font.ttf")
    }

    func testTextFileAsFont() throws {
        try assertFails([input.path, "--font", input.path, "-o", output.path], exitCode: 66, mentioning: "book.txt")
    }

    /// Not an error any more: a CFF OpenType font is embedded (as CIDFontType0 with FontFile3).
    func testPostScriptOutlineFontIsEmbedded() throws {
        let font = try XCTUnwrap(
            Self.findCFFFont(),
            "no OpenType font with CFF outlines under /usr/share/fonts; Scripts/install-dependencies.sh installs fonts-inconsolata")
        let run = try PaginateBinary.run([input.path, "--font", font, "-o", output.path])
        XCTAssertEqual(run.status, 0, run.summary)
        let fonts = try PDFTools.fonts(output)
        XCTAssertEqual(fonts.count, 1, "\(fonts)")
        XCTAssertEqual(fonts.first?.type, "CID Type 0C")
        XCTAssertEqual(fonts.first?.embedded, true)
    }

    /// An `.otf` file whose sfnt version is `OTTO` (CFF outlines): Inconsolata, or any other one.
    private static func findCFFFont() -> String? {
        let candidates = ["/usr/share/fonts/truetype/inconsolata/Inconsolata.otf", "/usr/share/fonts/opentype/inconsolata/Inconsolata.otf"]
        func isCFF(_ path: String) -> Bool {
            guard let handle = FileHandle(forReadingAtPath: path) else { return false }
            defer { try? handle.close() }
            return (try? handle.read(upToCount: 4)) == Data("OTTO".utf8)
        }
        if let known = candidates.first(where: isCFF) { return known }
        guard let walker = FileManager.default.enumerator(atPath: "/usr/share/fonts") else { return nil }
        for case let relative as String in walker where relative.lowercased().hasSuffix(".otf") {
            let path = "/usr/share/fonts/" + relative
            if isCFF(path) { return path }
        }
        return nil
    }

    // MARK: - Settings (64) and layout (65)

    func testZeroPageWidth() throws {
        try assertFails([input.path, "--page", "0x600", "-o", output.path], exitCode: 64)
    }

    func testMarginsLeavingNoRoom() throws {
        try assertFails([input.path, "--margin", "300", "-o", output.path], exitCode: 64)
    }

    func testZeroFontSize() throws {
        try assertFails([input.path, "--size", "0", "-o", output.path], exitCode: 64, mentioning: "--size")
    }

    func testZeroColumns() throws {
        try assertFails([input.path, "--columns", "0", "-o", output.path], exitCode: 64, mentioning: "--columns")
    }

    func testPageTooSmallForOneLine() throws {
        try assertFails([input.path, "--page", "100x20", "--margin", "5", "-o", output.path], exitCode: 65)
    }

    func testQueriesFailLikeRender() throws {
        try assertFails(["count", input.path, "--size", "0"], exitCode: 64)
        try assertFails(["map", folder.appendingPathComponent("missing.txt").path], exitCode: 66)
        try assertFails(["locate", input.path, "--offset", "0", "--page", "100x20", "--margin", "5"], exitCode: 65)
    }

    // MARK: - Output (73, and protecting files)

    func testOutputInAMissingFolder() throws {
        let target = folder.appendingPathComponent("no-such-folder").appendingPathComponent("out.pdf")
        try assertFails([input.path, "-o", target.path], exitCode: 73)
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.deletingLastPathComponent().path))
    }

    func testOutputEqualToInputIsRefused() throws {
        let original = try Data(contentsOf: input)
        try assertFails([input.path, "-o", input.path], exitCode: 64, mentioning: "input")
        XCTAssertEqual(try Data(contentsOf: input), original, "the input must be unchanged")
        // The same file under another spelling.
        let respelled = folder.appendingPathComponent(".").appendingPathComponent("book.txt").path
        try assertFails([input.path, "-o", respelled, "--format", "text"], exitCode: 64)
        XCTAssertEqual(try Data(contentsOf: input), original, "the input must be unchanged")
    }

    func testExistingOutputIsUntouchedWhenTheRunFails() throws {
        let known = Data("not a PDF, but precious\n".utf8)
        try known.write(to: output)
        let font = folder.appendingPathComponent("no-such-font.ttf").path
        try assertFails([input.path, "--font", font, "-o", output.path], exitCode: 66)
        XCTAssertEqual(try Data(contentsOf: output), known, "a failed run must leave the existing output as it was")
        try assertFails([input.path, "--page", "100x20", "--margin", "5", "-o", output.path], exitCode: 65)
        XCTAssertEqual(try Data(contentsOf: output), known, "a failed run must leave the existing output as it was")
    }
}
