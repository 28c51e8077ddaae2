import Foundation
import TestSupport
import XCTest

/// What the tool says on stderr besides errors: `--quiet`, `--verbose` and the progress bar.
final class ReportingEndToEndTests: XCTestCase {
    private var folder: URL!
    private var sample: String { Repository.url("Examples/pride-and-prejudice-1-3.txt").path }

    override func setUpWithError() throws {
        folder = try TemporaryDirectory.make(prefix: "reporting")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// A text with a control character, which the tool warns about.
    private func textWithWarning() throws -> String {
        let url = folder.appendingPathComponent("control.txt")
        try Data("One line\u{01} with a control character.\n".utf8).write(to: url)
        return url.path
    }

    func testQuietLeavesOutWarningsAndTheWroteLine() throws {
        let input = try textWithWarning()
        let pdf = folder.appendingPathComponent("out.pdf").path
        let loud = try PaginateBinary.run([input, "-o", pdf])
        XCTAssertEqual(loud.status, 0, loud.summary)
        XCTAssertTrue(loud.errors.contains("warning:"), "without --quiet the control character is reported: \(loud.summary)")
        XCTAssertTrue(loud.output.hasPrefix("wrote "), loud.summary)

        try FileManager.default.removeItem(atPath: pdf)
        let quiet = try PaginateBinary.run([input, "-o", pdf, "--quiet"])
        XCTAssertEqual(quiet.status, 0, quiet.summary)
        XCTAssertEqual(quiet.errors, "")
        XCTAssertEqual(quiet.output, "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: pdf), "--quiet still writes the file")
    }

    func testQuietSilencesTheWarningsOfACountOfSeveralFiles() throws {
        let input = try textWithWarning()
        let loud = try PaginateBinary.run(["count", input, input])
        XCTAssertEqual(loud.status, 0, loud.summary)
        XCTAssertEqual(loud.errorLines.count, 2, "one warning per file without --quiet: \(loud.summary)")
        let quiet = try PaginateBinary.run(["count", input, input, "--quiet"])
        XCTAssertEqual(quiet.status, 0, quiet.summary)
        XCTAssertEqual(quiet.errors, "")
        XCTAssertEqual(quiet.output, loud.output)
    }

    func testQuietStillReportsErrors() throws {
        let run = try PaginateBinary.run(["count", folder.appendingPathComponent("missing.txt").path, "-q"])
        XCTAssertEqual(run.status, 66, run.summary)
        XCTAssertEqual(run.errorLines.count, 1, run.summary)
        XCTAssertTrue(run.errors.hasPrefix("paginate: error: cannot read"), run.summary)
    }

    /// The seconds `--verbose` printed for each step, by step name.
    private func timings(_ run: ProcessResult) -> [String: Double] {
        var result: [String: Double] = [:]
        for line in run.errorLines where line.hasPrefix("paginate: time: ") {
            let fields = line.dropFirst("paginate: time: ".count).split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 3, fields.last == "s", let seconds = Double(fields[fields.count - 2]) else { continue }
            result[fields.dropLast(2).joined(separator: " ")] = seconds
        }
        return result
    }

    func testVerboseRenderPrintsEachStep() throws {
        let pdf = folder.appendingPathComponent("out.pdf").path
        let run = try PaginateBinary.run([sample, "-o", pdf, "--verbose"])
        XCTAssertEqual(run.status, 0, run.summary)
        let steps = timings(run)
        for step in ["read", "fonts", "split", "break+place", "export", "write", "total"] {
            XCTAssertNotNil(steps[step], "missing step \(step): \(run.summary)")
        }
        let total = try XCTUnwrap(steps["total"])
        let parts = steps.filter { $0.key != "total" }.values.reduce(0, +)
        XCTAssertGreaterThan(try XCTUnwrap(steps["break+place"]), 0)
        // The steps happen one after another inside the run, so they cannot add up to more than it
        // (allowing for each value's rounding to a millisecond).
        XCTAssertLessThanOrEqual(parts, total + 0.001 * Double(steps.count), run.errors)
    }

    func testVerboseCountSeparatesBreakingFromPlacing() throws {
        let run = try PaginateBinary.run(["count", sample, "--no-cache", "-v"])
        XCTAssertEqual(run.status, 0, run.summary)
        let steps = timings(run)
        XCTAssertNotNil(steps["break"], run.errors)
        XCTAssertNotNil(steps["place"], run.errors)
        XCTAssertNil(steps["break+place"], "the page-map path breaks all paragraphs before placing any: \(run.errors)")
        XCTAssertEqual(
            run.output.trimmingCharacters(in: .whitespacesAndNewlines),
            try PaginateBinary.run(["count", sample, "--no-cache"]).output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func testVerboseOverridesQuiet() throws {
        let run = try PaginateBinary.run(["count", sample, "--no-cache", "-q", "-v"])
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertNotNil(timings(run)["total"], run.summary)
    }

    /// A shell command that renders the book with `arguments`, reading it from standard input
    /// where it arrives only after 0.6 s. The bar may appear once the run is half a second old, and
    /// it reports drawing the pages, which the release build finishes within that half second
    /// even for the book eight times over (saving the PDF takes the rest): with the input late,
    /// every page is drawn past the threshold, however fast the binary.
    private func lateInputCommand(_ arguments: [String]) throws -> String {
        func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let tool = ([try PaginateBinary.executable(), "-"] + arguments).map(quoted).joined(separator: " ")
        return "(sleep 0.6; cat \(quoted(Corpus.prideAndPrejudice.url.path))) | \(tool)"
    }

    /// Runs the shell `command` with stderr on a pseudo-terminal through util-linux's `script`,
    /// which copies everything the terminal showed to its stdout.
    private func runOnTerminal(_ command: String) throws -> ProcessResult {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            throw XCTSkip("util-linux's 'script' is not installed")
        }
        return try ChildProcess.run(["/usr/bin/script", "-qefc", command, "/dev/null"], environment: PaginateBinary.environment())
    }

    func testProgressBarOnATerminalIsDrawnAndErased() throws {
        let pdf = folder.appendingPathComponent("book.pdf").path
        let run = try runOnTerminal(try lateInputCommand(["-o", pdf, "--size", "8", "--no-cache"]))
        XCTAssertEqual(run.status, 0, run.summary)
        let shown = run.output
        XCTAssertTrue(shown.contains("writing PDF  ["), "no PDF progress on the terminal: \(shown.suffix(400))")
        XCTAssertTrue(shown.contains(" pages"), shown)
        let erase = "\r\u{1B}[K"
        // Whatever the bar drew last is erased before the closing line.
        let beforeWrote = try XCTUnwrap(shown.range(of: "wrote "), shown)
        XCTAssertTrue(shown[..<beforeWrote.lowerBound].hasSuffix(erase), "the bar is not erased: \(shown.suffix(200).debugDescription)")
    }

    func testNoProgressBarWhenQuietOrNotATerminal() throws {
        // The run that draws a bar in the test above, so that only --quiet or the file keeps it away.
        let pdf = folder.appendingPathComponent("book.pdf").path
        let quiet = try runOnTerminal(try lateInputCommand(["-o", pdf, "--size", "8", "--quiet"]))
        XCTAssertEqual(quiet.status, 0, quiet.summary)
        XCTAssertFalse(quiet.output.contains("["), "a bar despite --quiet: \(quiet.output.suffix(300))")

        let piped = try ChildProcess.run(
            ["/bin/sh", "-c", try lateInputCommand(["-o", pdf, "--size", "8"])],
            environment: PaginateBinary.environment())
        XCTAssertEqual(piped.status, 0, piped.summary)
        XCTAssertEqual(piped.errors, "", "stderr is a file here: no bar, no escape codes")
    }
}
