import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Output is never half-written and never lost: it goes to a temporary file beside the target, is
/// synced, and is renamed over the target only when complete. Interrupting the run, or a write that
/// fails, leaves no temporary file and leaves an existing target as it was.
final class AtomicOutputTests: XCTestCase {
    /// What the target held before each run; it must hold exactly this after any failed run.
    private static let precious = Data("an earlier result that must survive\n".utf8)

    // Unsafe because it is a plain static cache: XCTest runs the tests one after another on one
    // thread (`--parallel` uses processes), and only that thread reads and writes it.
    nonisolated(unsafe) private static var corpusFolder: URL?

    /// Pride and Prejudice concatenated `copies` times (about 0.74 MB each), made once per size
    /// for the class.
    private static func largeCorpus(copies: Int = 8) throws -> URL {
        let folder = try corpusFolder ?? TemporaryDirectory.make(prefix: "atomic-corpus")
        corpusFolder = folder
        let url = folder.appendingPathComponent("pride-and-prejudice-x\(copies).txt")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let book = try Corpus.prideAndPrejudice.bytes()
        var copied = Data(capacity: book.count * copies)
        for _ in 0..<copies { copied.append(book) }
        try copied.write(to: url)
        return url
    }

    override class func tearDown() {
        if let folder = corpusFolder { try? FileManager.default.removeItem(at: folder) }
        corpusFolder = nil
        super.tearDown()
    }

    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory.make(prefix: "atomic")
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// The target, holding `precious`.
    private func existingTarget(_ name: String = "book.pdf") throws -> URL {
        let target = folder.appendingPathComponent(name)
        try Self.precious.write(to: target)
        return target
    }

    private func temporaryFiles() -> [String] {
        TemporaryDirectory.contents(of: folder).filter { $0.hasPrefix(".paginate-") }
    }

    /// Starts `paginate` without waiting for it (its output goes nowhere: the tests look at files).
    private func start(_ arguments: [String]) throws -> RunningChild {
        try PaginateBinary.start(arguments, stdoutFile: "/dev/null")
    }

    /// Waits for `child` at most `timeout` seconds; past that it is killed and the wait throws.
    private func finish(_ child: RunningChild, timeout: TimeInterval = 120) throws -> ProcessResult {
        try child.wait(timeout: timeout)
    }

    // MARK: - Interrupted runs

    /// SIGINT and SIGTERM while the ×64 corpus is being laid out and rendered: exit 128 + signal,
    /// the target untouched, nothing left behind.
    func testInterruptedRenderKeepsTheTargetAndLeavesNothing() throws {
        // Large enough (47 MB) that the release build is still at work after 5 s with a margin:
        // it takes about 10 s on the project's 2-core machine (×32 took 5.3 s). Every run is
        // stopped by 5 s, so a larger input costs the slower debug build nothing.
        let corpus = try Self.largeCorpus(copies: 64)
        // After start-up (the handler is installed first thing), well before the end of the render.
        for (signalNumber, delay) in [(SIGINT, 1.0), (SIGTERM, 1.0), (SIGINT, 3.0), (SIGTERM, 5.0)] {
            let target = try existingTarget()
            let child = try start([corpus.path, "-o", target.path])
            // Instrumented builds start up slower (a signal before the handler is installed finds
            // the default action), but their render is still far from done: allow half a second
            // of start-up per unit of PAGINATE_TEST_TIME_SCALE rather than scaling the delay.
            usleep(useconds_t((delay + (TestTimeScale.factor - 1) * 0.5) * 1_000_000))
            XCTAssertTrue(child.isRunning, "the render finished within \(delay) s; the test needs a longer one")
            child.send(signalNumber)
            let run = try finish(child)
            XCTAssertFalse(run.crashed, "the tool should exit, not die of signal \(signalNumber)")
            XCTAssertEqual(run.status, 128 + signalNumber, "exit status after signal \(signalNumber) at \(delay) s")
            XCTAssertEqual(try Data(contentsOf: target), Self.precious, "signal \(signalNumber) at \(delay) s changed the target")
            XCTAssertEqual(temporaryFiles(), [], "signal \(signalNumber) at \(delay) s left a temporary file")
        }
    }

    /// SIGTERM while the temporary file exists: the process is stopped the moment the file appears,
    /// sent SIGTERM and continued; its handler must remove the file and keep the target.
    func testInterruptedWhileWritingRemovesTheTemporaryFile() throws {
        let corpus = try Self.largeCorpus()
        var caught = 0
        for _ in 0..<5 where caught < 2 {
            let target = try existingTarget()
            let child = try start([corpus.path, "-o", target.path])
            var seen: [String] = []
            while child.isRunning {
                seen = temporaryFiles()
                if !seen.isEmpty { break }
                usleep(200)
            }
            guard !seen.isEmpty, child.send(SIGSTOP) else {
                _ = try finish(child)
                continue
            }
            let stillThere = !temporaryFiles().isEmpty
            child.send(SIGTERM)
            child.send(SIGCONT)
            let run = try finish(child)
            XCTAssertEqual(temporaryFiles(), [], "a temporary file was left behind")
            if run.status == 128 + SIGTERM {
                XCTAssertEqual(try Data(contentsOf: target), Self.precious, "an interrupted write changed the target")
                if stillThere { caught += 1 }
            } else {
                // The rename had already happened: then the target is the complete new PDF.
                XCTAssertEqual(run.status, 0, run.summary)
                XCTAssertEqual(try PDFTools.check(target).status, 0, "a completed run must leave a valid PDF")
            }
        }
        XCTAssertGreaterThan(caught, 0, "never stopped the tool while its temporary file existed")
    }

    // MARK: - Failed writes

    /// A file size limit (RLIMIT_FSIZE, set by `ulimit -f` in the child, no root needed) makes the
    /// write fail with EFBIG: exit 73, one line, the target untouched, no temporary file.
    func testWriteFailureFromAFileSizeLimit() throws {
        let book = Corpus.prideAndPrejudice.url
        _ = try Corpus.prideAndPrejudice.bytes()
        for (name, format) in [("book.pdf", "pdf"), ("book.txt", "text"), ("book.json", "json")] {
            let target = try existingTarget(name)
            // 20 blocks: 10 KiB in dash, 20 KiB in bash; every output of the book is larger.
            let run = try BadInputProcess.paginate(
                [book.path, "-o", target.path, "--format", format],
                wrapper: ["/bin/sh", "-c", "ulimit -f 20 && exec \"$0\" \"$@\""], timeout: 120)
            if run.errors.contains("Sanitizer:DEADLYSIGNAL") {
                // ThreadSanitizer's runtime faults on its own mappings under a file size limit.
                throw XCTSkip("the sanitizer runtime cannot run under `ulimit -f`: \(run.errorLines.first ?? "")")
            }
            XCTAssertFalse(run.crashed, "killed by a signal (SIGXFSZ must be ignored): \(run.summary)")
            XCTAssertEqual(run.status, 73, run.summary)
            XCTAssertEqual(run.errorLines.count, 1, run.summary)
            XCTAssertTrue(
                run.errors.hasPrefix("paginate: error: cannot write '\(target.path)': writing failed: File too large"), run.summary)
            XCTAssertEqual(try Data(contentsOf: target), Self.precious, "\(format): a failed write changed the target")
            XCTAssertEqual(temporaryFiles(), [], "\(format): a temporary file was left behind")
        }
    }

    /// A refused or failed run before writing leaves an existing target as it was.
    func testFailedRunsKeepTheTarget() throws {
        let target = try existingTarget()
        let input = folder.appendingPathComponent("input.txt")
        try Data(BadInputRunner.sample).write(to: input)
        for arguments in [["--size", "0"], ["--page", "100x20", "--margin", "5"], ["--font", "/nonexistent.ttf"]] {
            let run = try BadInputProcess.paginate([input.path, "-o", target.path] + arguments)
            XCTAssertNotEqual(run.status, 0, run.summary)
            XCTAssertEqual(try Data(contentsOf: target), Self.precious, "\(arguments) changed the target")
            XCTAssertEqual(temporaryFiles(), [])
        }
    }

    // MARK: - Replacing

    /// A successful run replaces the file a symbolic link names (the link stays) and keeps its permissions.
    func testReplacingKeepsLinksAndPermissions() throws {
        let input = folder.appendingPathComponent("input.txt")
        try Data(BadInputRunner.sample).write(to: input)
        let real = try existingTarget("real.pdf")
        chmod(real.path, 0o640)
        let link = folder.appendingPathComponent("link.pdf")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.pdf")

        let run = try BadInputProcess.paginate([input.path, "-o", link.path])
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "real.pdf", "the link must stay a link")
        XCTAssertEqual(try PDFTools.check(real).status, 0, "the linked file holds the new PDF")
        var info = stat()
        XCTAssertEqual(stat(real.path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o640, "the replaced file keeps its permissions")
        XCTAssertEqual(temporaryFiles(), [])
    }
}

/// Reruns are byte-identical: no wall-clock date unless SOURCE_DATE_EPOCH is set (then that date),
/// no random IDs, a stable object order.
final class AtomicOutputReproducibilityTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory.make(prefix: "reproducible")
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// Text that needs both bundled fonts, so two subsets are embedded.
    private func input() throws -> URL {
        let url = folder.appendingPathComponent("mixed.txt")
        let text = String(repeating: "It is a truth universally acknowledged. 如是我聞。一時佛在舍衛國。\n\n", count: 200)
        try Data(text.utf8).write(to: url)
        return url
    }

    private func render(_ input: URL, to name: String, environment: [String: String] = [:], extra: [String] = []) throws -> Data {
        let output = folder.appendingPathComponent(name)
        let run = try BadInputProcess.paginate([input.path, "-o", output.path] + extra, environment: environment)
        XCTAssertEqual(run.status, 0, run.summary)
        return try Data(contentsOf: output)
    }

    private static func contains(_ data: Data, _ text: String) -> Bool {
        data.range(of: Data(text.utf8)) != nil
    }

    func testRerunsAreByteIdentical() throws {
        let source = try input()
        // Without SOURCE_DATE_EPOCH (empty means unset, even if the test runner has it).
        let first = try render(source, to: "first.pdf", environment: ["SOURCE_DATE_EPOCH": ""])
        sleep(1)
        let second = try render(source, to: "second.pdf", environment: ["SOURCE_DATE_EPOCH": ""])
        XCTAssertEqual(first, second, "two renders of the same input differ")
        XCTAssertFalse(Self.contains(first, "/CreationDate"), "no date without SOURCE_DATE_EPOCH")
        XCTAssertFalse(Self.contains(first, "/ModDate"), "no date without SOURCE_DATE_EPOCH")
        XCTAssertFalse(Self.contains(first, "/ID"), "no random document ID")
        XCTAssertEqual(try PDFTools.fonts(folder.appendingPathComponent("first.pdf")).count, 2)
    }

    func testSourceDateEpochIsTheOnlyDate() throws {
        let source = try input()
        let epoch = ["SOURCE_DATE_EPOCH": "1700000000"]
        let first = try render(source, to: "first.pdf", environment: epoch)
        sleep(1)
        let second = try render(source, to: "second.pdf", environment: epoch)
        XCTAssertEqual(first, second, "two renders with the same SOURCE_DATE_EPOCH differ")
        XCTAssertTrue(Self.contains(first, "/CreationDate (D:20231114221320Z00'00')"), "CreationDate from SOURCE_DATE_EPOCH")
        XCTAssertTrue(Self.contains(first, "/ModDate (D:20231114221320Z00'00')"), "ModDate from SOURCE_DATE_EPOCH")
        let other = try render(source, to: "other.pdf", environment: ["SOURCE_DATE_EPOCH": "0"])
        XCTAssertTrue(Self.contains(other, "(D:19700101000000Z00'00')"), "the epoch itself")
    }

    func testTextAndJSONRerunsAreByteIdentical() throws {
        let source = try input()
        for format in ["text", "json"] {
            let first = try render(source, to: "first.\(format)", extra: ["--format", format])
            let second = try render(source, to: "second.\(format)", extra: ["--format", format])
            XCTAssertEqual(first, second, "\(format): two renders differ")
        }
    }

    /// The book itself, twice, from two working folders: the bytes do not depend on where it runs.
    func testTheBookRendersIdenticallyFromAnotherFolder() throws {
        let book = Corpus.prideAndPrejudice.url
        _ = try Corpus.prideAndPrejudice.bytes()
        let other = try TemporaryDirectory.make(prefix: "reproducible-other")
        defer { try? FileManager.default.removeItem(at: other) }
        let first = try PaginateBinary.run(
            [book.path, "-o", folder.appendingPathComponent("a.pdf").path],
            environment: ["SOURCE_DATE_EPOCH": ""], timeout: 120)
        let second = try PaginateBinary.run(
            [book.path, "-o", other.appendingPathComponent("b.pdf").path],
            environment: ["SOURCE_DATE_EPOCH": ""], timeout: 120)
        XCTAssertEqual(first.status, 0, first.summary)
        XCTAssertEqual(second.status, 0, second.summary)
        XCTAssertEqual(
            try Data(contentsOf: folder.appendingPathComponent("a.pdf")), try Data(contentsOf: other.appendingPathComponent("b.pdf")))
    }
}
