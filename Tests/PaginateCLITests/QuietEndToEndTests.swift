import TestSupport
import Foundation
import XCTest

/// `--quiet` silences warnings in every subcommand that lays text out, whichever way it gets its
/// pages (full layout, partial layout, page map, page-map cache, several files in parallel).
final class QuietEndToEndTests: XCTestCase {
    private var folder: URL!
    private var input: String!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory.make(prefix: "quiet")
        // Two invalid UTF-8 bytes: every layout of this text warns that they were replaced.
        let url = folder.appendingPathComponent("invalid.txt")
        try Data(Array("Hello ".utf8) + [0xFF, 0xC0] + Array(" world.\n".utf8)).write(to: url)
        input = url.path
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs `arguments` without and with `--quiet`: the first must warn, the second say nothing on
    /// stderr; both must succeed with the same standard output.
    private func assertQuietSilences(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let loud = try PaginateBinary.run(arguments)
        XCTAssertEqual(loud.status, 0, loud.summary, file: file, line: line)
        XCTAssertTrue(
            loud.errorLines.contains { $0.hasPrefix("paginate: warning: ") && $0.contains("invalid UTF-8") },
            "without --quiet the replaced bytes are reported: \(loud.summary)", file: file, line: line)
        let quiet = try PaginateBinary.run(arguments + ["--quiet"])
        XCTAssertEqual(quiet.status, 0, quiet.summary, file: file, line: line)
        XCTAssertEqual(quiet.errors, "", quiet.summary, file: file, line: line)
        if !arguments.contains("-o") {
            XCTAssertEqual(quiet.output, loud.output, file: file, line: line)
        }
    }

    func testRender() throws {
        try assertQuietSilences(["render", input, "-o", folder.appendingPathComponent("out.pdf").path])
    }

    func testRenderToText() throws {
        try assertQuietSilences(["render", input, "-o", "-", "--format", "text"])
    }

    func testCount() throws {
        // The second run answers from the page-map cache, which warns on its own path.
        try assertQuietSilences(["count", input])
        try assertQuietSilences(["count", input])
    }

    func testCountOfSeveralFiles() throws {
        try assertQuietSilences(["count", input, input])
    }

    func testMap() throws {
        try assertQuietSilences(["map", input, "--no-cache"])
    }

    func testMapWithLines() throws {
        try assertQuietSilences(["map", input, "--lines"])
    }

    func testLocate() throws {
        try assertQuietSilences(["locate", input, "--offset", "3", "--no-cache"])
    }

    func testLocateJSON() throws {
        try assertQuietSilences(["locate", input, "--text", "world", "--json"])
    }

    func testPage() throws {
        try assertQuietSilences(["page", input, "1"])
    }

    func testFind() throws {
        try assertQuietSilences(["find", input, "world"])
    }

    func testFindJSON() throws {
        try assertQuietSilences(["find", input, "world", "--json"])
    }
}
