import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// One bad-input case: how the input is made, the arguments, and the exact outcome expected.
///
/// Every case ends in one of two ways, and nothing else is accepted: a valid PDF (`qpdf --check`
/// passes, `pdfinfo` counts the pages, `pdftotext` reads the expected text back) with at most one
/// warning line, or a failure with exactly one `paginate: error:` line and a documented exit code.
/// Either way the run finishes within its time bound and leaves no temporary file behind.
struct BadInputCase: Sendable {
    /// Where the input comes from.
    enum Source {
        /// Bytes written to `input.txt` in the case's folder.
        case bytes([UInt8])
        /// Bytes made when the case runs (large inputs are not built until needed).
        case generated(@Sendable () -> [UInt8])
        /// A setup step in the case's folder that returns the input argument to pass.
        case setup(@Sendable (URL) throws -> String)
        /// Bytes given on standard input, with `-` as the input argument.
        case standardInput([UInt8])
    }

    /// What `pdftotext` must find in the PDF, white space aside.
    enum Text {
        /// The source's visible characters: decoded with U+FFFD for invalid bytes, a leading byte
        /// order mark dropped, controls not drawn.
        case source
        /// Exactly these visible characters.
        case exactly(String)
        /// Only this character, this many times (for inputs too large to compare in full).
        case only(Unicode.Scalar, count: Int)
        /// These lines, in order, as `pdftotext -raw` extracts them (blank lines and white space at
        /// either end of a line aside).
        case lines([String])
        /// No check (the input is not a regular file the test can read back).
        case unchecked
    }

    /// What stderr must hold after a successful run.
    enum Warning: Equatable {
        /// Nothing.
        case none
        /// One line, `paginate: warning: <input>: ` and then exactly this.
        case exactly(String)
        /// One warning line whose text after the input's name starts with this.
        case startingWith(String)
    }

    enum Outcome {
        /// Exit 0 and a valid PDF of `pages` pages (if given) holding `text`, with `warning` on stderr.
        case renders(pages: Int?, warning: Warning, text: Text)
        /// Exit `code` with one error line containing `message`. `afterWarning` allows one warning
        /// line before it (an input with replaced characters that then fails at the output).
        case fails(code: Int32, message: String, afterWarning: Bool)
    }

    let name: String
    let source: Source
    var arguments: [String] = []
    /// The output argument, made in the case's folder; `nil` for `out.pdf` there.
    var output: (@Sendable (URL) throws -> String)?
    /// More arguments, made in the case's folder before the run (fonts, for example).
    var preparedArguments: (@Sendable (URL) throws -> [String])?
    let outcome: Outcome
    /// The generous bound on one run of the tool.
    var timeout: TimeInterval = 60
    /// Runs the tool as an unprivileged user when the tests run as root (permissions only bind others).
    var unprivileged = false
    /// Environment variables added to the tool's environment.
    var environment: [String: String] = [:]
    /// A file or device to connect as standard input (for `-` as the input).
    var standardInputFile: String?

    static func renders(
        _ name: String, _ source: Source, _ arguments: [String] = [], pages: Int? = 1,
        warning: Warning = .none, text: Text = .source, timeout: TimeInterval = 60
    ) -> BadInputCase {
        BadInputCase(
            name: name, source: source, arguments: arguments,
            outcome: .renders(pages: pages, warning: warning, text: text), timeout: timeout)
    }

    static func fails(
        _ name: String, _ source: Source, _ arguments: [String] = [], code: Int32, message: String,
        afterWarning: Bool = false, timeout: TimeInterval = 60
    ) -> BadInputCase {
        BadInputCase(
            name: name, source: source, arguments: arguments,
            outcome: .fails(code: code, message: message, afterWarning: afterWarning), timeout: timeout)
    }

    /// This case with `change` applied (for the less common settings).
    func with(_ change: (inout BadInputCase) -> Void) -> BadInputCase {
        var copy = self
        change(&copy)
        return copy
    }
}

/// Runs bad-input cases against the built binary and checks their outcomes.
enum BadInputRunner {
    /// A short, readable text every settings case lays out.
    static let sample = Array(
        "It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.\n".utf8)

    /// Runs every case, going on after one that fails or cannot run; a skipped case (no way to
    /// drop privileges) is reported after the others ran.
    static func checkAll(_ cases: [BadInputCase], file: StaticString = #filePath, line: UInt = #line) throws {
        var skip: XCTSkip?
        for badCase in cases {
            do {
                try check(badCase, file: file, line: line)
            } catch let error as XCTSkip {
                skip = error
            } catch {
                XCTFail("[\(badCase.name)] \(error)", file: file, line: line)
            }
        }
        if let skip { throw skip }
    }

    /// Runs `badCase` in a fresh folder and records every mismatch as a test failure.
    static func check(_ badCase: BadInputCase, file: StaticString = #filePath, line: UInt = #line) throws {
        let folder = try TemporaryDirectory.make(prefix: "bad-input")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The unprivileged user must be able to write into the case's folder.
        if badCase.unprivileged { chmod(folder.path, 0o777) }

        var standardInput: Data?
        let input: String
        switch badCase.source {
        case .bytes(let bytes):
            input = folder.appendingPathComponent("input.txt").path
            try Data(bytes).write(to: URL(fileURLWithPath: input))
        case .generated(let make):
            input = folder.appendingPathComponent("input.txt").path
            try Data(make()).write(to: URL(fileURLWithPath: input))
        case .setup(let prepare):
            input = try prepare(folder)
        case .standardInput(let bytes):
            input = "-"
            standardInput = Data(bytes)
        }
        let output = try badCase.output?(folder) ?? folder.appendingPathComponent("out.pdf").path
        // Without folios, so the PDF's text is the input's text alone; page numbers have their own tests.
        let arguments = [input, "-o", output, "--folio", "none"] + badCase.arguments + (try badCase.preparedArguments?(folder) ?? [])
        let before = TemporaryDirectory.contents(of: folder)

        let started = Date()
        let run = try BadInputProcess.paginate(
            arguments, stdin: standardInput, stdinFile: badCase.standardInputFile,
            environment: badCase.environment,
            unprivileged: badCase.unprivileged, timeout: badCase.timeout)
        let seconds = Date().timeIntervalSince(started)
        let context =
            "[\(badCase.name)] paginate \(arguments.map { $0.count > 80 ? String($0.prefix(80)) + "…" : $0 }.joined(separator: " ")) (\(String(format: "%.1f", seconds)) s):\n\(run.summary)"
        XCTAssertLessThan(seconds, badCase.timeout * TestTimeScale.factor, "\(context)\nslower than the bound", file: file, line: line)
        XCTAssertFalse(run.crashed, "\(context)\nthe tool was killed by a signal", file: file, line: line)

        let after = TemporaryDirectory.contents(of: folder)
        let strays = after.filter { $0.hasPrefix(".paginate-") }
        XCTAssertEqual(strays, [], "\(context)\ntemporary files left behind", file: file, line: line)

        switch badCase.outcome {
        case .fails(let code, let message, let afterWarning):
            XCTAssertEqual(run.status, code, context, file: file, line: line)
            XCTAssertEqual(run.output, "", "\(context)\nnothing on stdout", file: file, line: line)
            let lines = run.errors.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            XCTAssertTrue(run.errors.hasSuffix("\n"), "\(context)\nstderr ends with a newline", file: file, line: line)
            let errorLines = lines.filter { !$0.isEmpty }
            let allowed = afterWarning ? 2 : 1
            XCTAssertTrue(
                errorLines.count >= 1 && errorLines.count <= allowed, "\(context)\nexpected one error line", file: file, line: line)
            if afterWarning && errorLines.count == 2 {
                XCTAssertTrue(errorLines[0].hasPrefix("paginate: warning: "), context, file: file, line: line)
            }
            let last = errorLines.last ?? ""
            XCTAssertTrue(last.hasPrefix("paginate: error: "), "\(context)\nthe error line", file: file, line: line)
            XCTAssertTrue(last.contains(message), "\(context)\nthe error should mention '\(message)'", file: file, line: line)
            XCTAssertEqual(after, before, "\(context)\na failed run must not change the folder", file: file, line: line)

        case .renders(let pages, let warning, let text):
            XCTAssertEqual(run.status, 0, context, file: file, line: line)
            let prefix = "paginate: warning: \(input == "-" ? "standard input" : input): "
            switch warning {
            case .none:
                XCTAssertEqual(run.errors, "", "\(context)\na clean input renders silently", file: file, line: line)
            case .exactly(let text):
                XCTAssertEqual(run.errors, prefix + text + "\n", context, file: file, line: line)
            case .startingWith(let text):
                XCTAssertTrue(
                    run.errors.hasPrefix(prefix + text) && run.errorLines.count == 1,
                    "\(context)\nexpected one warning starting with '\(text)'", file: file, line: line)
            }
            guard run.status == 0 else { return }
            let pdf = URL(fileURLWithPath: output)
            let check = try PDFTools.check(pdf)
            XCTAssertEqual(check.status, 0, "\(context)\nqpdf --check:\n\(check.summary)", file: file, line: line)
            let counted = try PDFTools.pageCount(pdf)
            if let pages { XCTAssertEqual(counted, pages, "\(context)\npages", file: file, line: line) }
            XCTAssertEqual(run.output, "wrote \(output): \(counted) page\(counted == 1 ? "" : "s")\n", context, file: file, line: line)
            try checkText(
                text, pdf: pdf, source: badCase.source, input: input, standardInput: standardInput,
                context: context, file: file, line: line)
            if output.hasPrefix(folder.path + "/") {
                XCTAssertEqual(
                    Set(after), Set(before).union([URL(fileURLWithPath: output).lastPathComponent]),
                    "\(context)\nonly the output is added", file: file, line: line)
            }
        }
    }

    private static func checkText(
        _ text: BadInputCase.Text, pdf: URL, source: BadInputCase.Source, input: String,
        standardInput: Data?, context: String, file: StaticString, line: UInt
    ) throws {
        switch text {
        case .unchecked:
            return
        case .lines(let expected):
            let extracted = try PDFTools.text(pdf, order: .contentStream)
            let lines = extracted.components(separatedBy: CharacterSet(charactersIn: "\n\u{0C}"))
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
            XCTAssertEqual(lines, expected, "\(context)\nthe PDF's lines", file: file, line: line)
        case .only(let scalar, let count):
            let extracted = try PDFTools.run("pdftotext", ["-enc", "UTF-8", "-raw", pdf.path, "-"])
            XCTAssertEqual(extracted.status, 0, context, file: file, line: line)
            let (found, others) = occurrences(of: scalar, in: extracted.stdout)
            XCTAssertEqual(
                found, count, "\(context)\ncount of U+\(String(scalar.value, radix: 16)) in the PDF text", file: file, line: line)
            XCTAssertEqual(others, 0, "\(context)\nno other visible characters", file: file, line: line)
        case .source, .exactly:
            let expected: [Unicode.Scalar]
            if case .exactly(let string) = text {
                expected = VisibleText.of(string)
            } else {
                let bytes = try standardInput ?? Data(contentsOf: URL(fileURLWithPath: input))
                expected = visibleScalars(of: [UInt8](bytes))
            }
            let actual = VisibleText.of(try PDFTools.text(pdf, order: .contentStream))
            if let difference = VisibleText.firstDifference(expected: expected, actual: actual) {
                XCTFail("\(context)\npdftotext: \(difference)", file: file, line: line)
            }
        }
    }

    /// How often `scalar` occurs in the UTF-8 `text`, and how many other characters that are not
    /// white space it holds.
    ///
    /// The inputs this is for run to tens of megabytes, and the test bundle is a debug build: ASCII
    /// text is counted byte by byte (about a hundred times faster than going through Unicode
    /// scalars there), any other text scalar by scalar, with the same result.
    static func occurrences(of scalar: Unicode.Scalar, in text: Data) -> (found: Int, others: Int) {
        let isASCII = text.withUnsafeBytes { bytes in !bytes.contains { $0 >= 0x80 } }
        guard isASCII, scalar.isASCII else {
            var found = 0
            var others = 0
            for character in String(decoding: text, as: UTF8.self).unicodeScalars where !character.properties.isWhitespace {
                if character == scalar { found += 1 } else { others += 1 }
            }
            return (found, others)
        }
        // 0 for white space (in ASCII, Unicode's White_Space is tab, line feed, vertical tab, form
        // feed, carriage return and space), 1 for `scalar`, 2 for anything else.
        var kinds = [UInt8](repeating: 2, count: 128)
        for space: UInt8 in [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20] { kinds[Int(space)] = 0 }
        kinds[Int(scalar.value)] = 1
        var tally = [0, 0, 0]
        text.withUnsafeBytes { bytes in
            for byte in bytes { tally[Int(kinds[Int(byte)])] += 1 }
        }
        return (tally[1], tally[2])
    }

    /// What a reader should see of `bytes`: invalid UTF-8 as U+FFFD (one per maximal invalid
    /// subpart, the standard library's repair), no leading byte order mark, no white space or
    /// control characters.
    static func visibleScalars(of bytes: [UInt8]) -> [Unicode.Scalar] {
        var scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]), scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        return
            scalars
            .filter { !$0.properties.isWhitespace && $0.properties.generalCategory != .control }
    }
}

/// Starts the tool with control over its streams, privileges and time.
enum BadInputProcess {
    /// Whether the tests run as root, where file permissions do not apply.
    static var isRoot: Bool { geteuid() == 0 }

    /// `setpriv`, which drops root to `nobody` for the permission cases, if installed.
    static let setpriv: String? = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs `paginate` with `arguments` (dropping to `nobody` first when asked and running as root),
    /// through `PaginateBinary.run`; the other parameters are its own.
    static func paginate(
        _ arguments: [String], stdin: Data? = nil, stdinFile: String? = nil, stdoutFile: String? = nil,
        environment: [String: String] = [:], unprivileged: Bool = false, wrapper: [String] = [],
        timeout: TimeInterval = 60
    ) throws -> ProcessResult {
        var prefix = wrapper
        if unprivileged && isRoot {
            guard let setpriv else { throw XCTSkip("running as root without setpriv: cannot test permissions") }
            prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"] + prefix
        }
        return try PaginateBinary.run(
            arguments, stdin: stdin, stdinFile: stdinFile, stdoutFile: stdoutFile,
            environment: environment, wrapper: prefix, timeout: timeout)
    }
}
