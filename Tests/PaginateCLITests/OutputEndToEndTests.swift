import Foundation
import TestSupport
import XCTest

/// Where output goes and in which format: pipes, extensions, --format and the default name.
final class OutputEndToEndTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory.make(prefix: "output")
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// A small text file in the test's folder.
    private func smallInput(named name: String = "book.txt") throws -> URL {
        let url = folder.appendingPathComponent(name)
        let paragraph =
            "It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.\n\n"
        try Data((String(repeating: paragraph, count: 40) + "如是我聞。一時佛在舍衛國。\n").utf8).write(to: url)
        return url
    }

    func testStandardInputToStandardOutput() throws {
        let book = Corpus.prideAndPrejudice
        let run = try PaginateBinary.run(["-", "--page", "a5", "-o", "-"], stdin: try book.bytes())
        XCTAssertEqual(run.status, 0, run.errors)
        XCTAssertEqual(run.errors, "")
        XCTAssertTrue(run.stdout.starts(with: Data("%PDF-".utf8)), "stdout should be the PDF itself")
        let pdf = folder.appendingPathComponent("out.pdf")
        try run.stdout.write(to: pdf)
        let check = try PDFTools.check(pdf)
        XCTAssertEqual(check.status, 0, "qpdf --check: \(check.summary)")

        let count = try PaginateBinary.run(["count", book.url.path, "--page", "a5"])
        XCTAssertEqual(count.status, 0, count.summary)
        XCTAssertEqual(try PDFTools.pageCount(pdf), Int(count.output.trimmingCharacters(in: .newlines)))
        XCTAssertEqual(TemporaryDirectory.contents(of: folder), ["out.pdf"])
    }

    func testStandardInputWithoutOutputWritesToStandardOutput() throws {
        let input = try smallInput()
        let run = try PaginateBinary.run(["-"], stdin: try Data(contentsOf: input), in: folder)
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertTrue(run.stdout.starts(with: Data("%PDF-".utf8)), "stdout should be the PDF")
        XCTAssertEqual(TemporaryDirectory.contents(of: folder), ["book.txt"], "no file should be written")
    }

    func testJSONExtensionWritesThePageMap() throws {
        let input = try smallInput()
        let output = folder.appendingPathComponent("x.json")
        let run = try PaginateBinary.run([input.path, "-o", output.path])
        XCTAssertEqual(run.status, 0, run.summary)
        let map = try PageMap(json: try Data(contentsOf: output))
        XCTAssertEqual(run.output, "wrote \(output.path): \(map.pageCount) page\(map.pageCount == 1 ? "" : "s")\n")
        XCTAssertEqual(map.bytes, try Data(contentsOf: input).count)

        let printed = try PaginateBinary.run(["map", input.path])
        XCTAssertEqual(printed.stdout, try Data(contentsOf: output), "render -o x.json and map should print the same map")
    }

    func testFormatTextToStandardOutput() throws {
        let input = try smallInput()
        let run = try PaginateBinary.run([input.path, "--format", "text", "-o", "-"])
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertTrue(
            run.output.hasPrefix(" ") && run.output.split(separator: "\n").first?.contains("- 1 -") == true,
            "stdout should start with a spread header: \(run.output.prefix(200))")
        XCTAssertNoThrow(try SpreadReader(run.output))

        let file = folder.appendingPathComponent("x.txt")
        let written = try PaginateBinary.run([input.path, "-o", file.path])
        XCTAssertEqual(written.status, 0, written.summary)
        XCTAssertEqual(run.stdout, try Data(contentsOf: file), "--format text -o - and -o x.txt should write the same spreads")
    }

    func testFormatOverridesTheExtension() throws {
        let input = try smallInput()
        let output = folder.appendingPathComponent("map.pdf")
        let run = try PaginateBinary.run([input.path, "--format", "json", "-o", output.path])
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertNoThrow(try PageMap(json: try Data(contentsOf: output)), "--format json should win over .pdf")
    }

    func testDefaultOutputIsTheInputNameAsPDFInTheCurrentFolder() throws {
        let source = try TemporaryDirectory.make(prefix: "source")
        defer { try? FileManager.default.removeItem(at: source) }
        let input = source.appendingPathComponent("book.txt")
        try Data(contentsOf: try smallInput(named: "original.txt")).write(to: input)
        let run = try PaginateBinary.run([input.path], in: folder)
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertEqual(TemporaryDirectory.contents(of: folder), ["book.pdf", "original.txt"])
        XCTAssertEqual(TemporaryDirectory.contents(of: source), ["book.txt"], "nothing is written beside the input")
        let pdf = folder.appendingPathComponent("book.pdf")
        XCTAssertEqual(try PDFTools.check(pdf).status, 0)
        XCTAssertTrue(run.output.hasPrefix("wrote book.pdf: "), run.output)
    }
}
