import Foundation
import TestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Bad fonts, bad input paths and bad output paths: each case with its exact outcome (see
/// `BadInputCase`). Permission cases drop to `nobody` when the tests run as root.
final class BadInputFileTests: XCTestCase {
    typealias Case = BadInputCase
    private static let sample = BadInputRunner.sample

    private func run(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) throws {
        try BadInputRunner.checkAll(cases, file: file, line: line)
    }

    /// Writes `data` to `name` in `folder` and returns `["--font", path]` plus the suffix.
    private static func font(_ data: Data, _ name: String, suffix: String = "", in folder: URL) throws -> [String] {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return ["--font", url.path + suffix]
    }

    private static func fontCase(
        _ name: String, code: Int32 = 66, message: String, timeout: TimeInterval = 60,
        _ prepare: @escaping @Sendable (URL) throws -> [String]
    ) -> Case {
        Case.fails(name, .bytes(sample), code: code, message: message, timeout: timeout).with { $0.preparedArguments = prepare }
    }

    // MARK: - Fonts

    static let fonts: [Case] = [
        fontCase("a font that does not exist", message: "no such file") { ["--font", $0.appendingPathComponent("no-such-font.ttf").path] },
        fontCase("a font path that is a directory", message: "it is a directory") { ["--font", $0.path] },
        fontCase("a font that is a text file", message: "not a font file") { try font(Data("not a font\n".utf8), "text.ttf", in: $0) },
        fontCase("an empty font file", message: "not a font file") { try font(Data(), "empty.ttf", in: $0) },
        // It has glyphs for the space and A only: installed fonts draw the rest (fallback), so the
        // whole text is there and nothing is left uncovered.
        Case.renders("a CFF OpenType font with three glyphs", .bytes(sample)).with {
            $0.preparedArguments = { try font(BadInputFixtures.cffFont, "cff.otf", in: $0) }
        },
        fontCase("a collection with the face index out of range", message: "face index 1 is out of range") {
            try font(try BadInputFixtures.collection(), "one.ttc", suffix: "#1", in: $0)
        },
        // A negative index is out of range too (FreeType reads -1 as "count the faces").
        fontCase("a collection with a negative face index", message: "face index -1") {
            try font(try BadInputFixtures.collection(), "one.ttc", suffix: "#-1", in: $0)
        },
        fontCase("a font truncated to 1 000 bytes", message: "cannot use font") {
            try font(try Data(contentsOf: BadInputFixtures.bundledFont).prefix(1_000), "cut.ttf", in: $0)
        },
        fontCase("a font truncated to half", message: "cannot use font") {
            let data = try Data(contentsOf: BadInputFixtures.bundledFont)
            return try font(data.prefix(data.count / 2), "half.ttf", in: $0)
        },
        // FreeType rebuilds the character map from the glyph names, and the PDF addresses glyphs
        // by index, so the text is drawn as with the intact font.
        Case.renders("a font whose character map is damaged", .bytes(sample)).with {
            $0.preparedArguments = { try font(try damagedCharacterMap(), "damaged.ttf", in: $0) }
        },
        fontCase("a font that is /dev/null", message: "not a font file") { _ in ["--font", "/dev/null"] },
        fontCase("a font that is /dev/zero", message: "cannot use font") { _ in ["--font", "/dev/zero"] },
        // Opening a FIFO for reading waits for a writer: the tool must not wait.
        fontCase("a font that is a FIFO", message: "cannot use font", timeout: 20) { folder in
            let fifo = folder.appendingPathComponent("font.ttf")
            try BadInputFixtures.makeFIFO(fifo)
            return ["--font", fifo.path]
        },
        fontCase("a fallback font that does not exist", message: "no such file") {
            ["--font", BadInputFixtures.bundledFont.path, "--font", $0.appendingPathComponent("missing.ttf").path]
        },
        Case.renders("a collection's first face", .bytes(sample)).with {
            $0.preparedArguments = { try font(try BadInputFixtures.collection(), "one.ttc", suffix: "#0", in: $0) }
        },
    ]

    func testFonts() throws { try run(Self.fonts) }

    /// The bundled primary font with its `cmap` table (after the table's version and count) overwritten.
    static func damagedCharacterMap() throws -> Data {
        var font = [UInt8](try Data(contentsOf: BadInputFixtures.bundledFont))
        let tables = Int(font[4]) << 8 | Int(font[5])
        for table in 0..<tables {
            let record = 12 + 16 * table
            guard font[record..<(record + 4)].elementsEqual("cmap".utf8) else { continue }
            func read32(_ at: Int) -> Int { font[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
            let offset = read32(record + 8), length = read32(record + 12)
            for index in (offset + 4)..<(offset + length) { font[index] = 0xFF }
        }
        return Data(font)
    }

    // MARK: - Input paths

    static let inputs: [Case] = [
        .fails("an input that is a directory", .setup { $0.path }, code: 66, message: "it is a directory"),
        .fails("an input that does not exist", .setup { $0.appendingPathComponent("missing.txt").path }, code: 66, message: "No such file"),
        .fails("an empty input path", .setup { _ in "" }, code: 66, message: "No such file"),
        .fails(
            "an input below a file",
            .setup { folder in
                try Data(sample).write(to: folder.appendingPathComponent("input.txt"))
                return folder.appendingPathComponent("input.txt/child.txt").path
            }, code: 66, message: "Not a directory"),
        .fails(
            "a dangling symbolic link",
            .setup { folder in
                let link = folder.appendingPathComponent("link.txt")
                try FileManager.default.createSymbolicLink(
                    atPath: link.path, withDestinationPath: folder.appendingPathComponent("gone.txt").path)
                return link.path
            }, code: 66, message: "No such file"),
        .fails(
            "a symbolic link loop",
            .setup { folder in
                let link = folder.appendingPathComponent("loop.txt")
                try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: link.path)
                return link.path
            }, code: 66, message: "symbolic links"),
        // One line even when the path holds a line break.
        .fails(
            "a missing input whose name holds a newline", .setup { $0.appendingPathComponent("no\nsuch.txt").path },
            code: 66, message: "No such file"),
        Case.fails(
            "an unreadable input",
            .setup { folder in
                let url = folder.appendingPathComponent("secret.txt")
                try Data(sample).write(to: url)
                chmod(url.path, 0)
                return url.path
            }, code: 66, message: "Permission denied"
        ).with { $0.unprivileged = true },
        // open() succeeds, read() fails.
        .fails("an input whose reading fails", .setup { _ in "/proc/self/mem" }, code: 66, message: "Input/output error"),
        Case.fails("standard input that is a directory", .setup { _ in "-" }, code: 66, message: "standard input")
            .with { $0.standardInputFile = "/" },
        .renders("/dev/null as the input", .setup { _ in "/dev/null" }, text: .exactly("")),
        .renders(
            "standard input with invalid bytes", .standardInput([0xFF] + Array("abc".utf8)),
            warning: .exactly("1 invalid UTF-8 sequence replaced by U+FFFD"), text: .exactly("\u{FFFD}abc")),
        .renders(
            "a FIFO as the input",
            .setup { folder in
                let fifo = folder.appendingPathComponent("pipe.txt")
                try BadInputFixtures.makeFIFO(fifo)
                Thread.detachNewThread {
                    let fd = open(fifo.path, O_WRONLY)
                    guard fd >= 0 else { return }
                    _ = sample.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                    close(fd)
                }
                return fifo.path
            }, text: .exactly(String(decoding: sample, as: UTF8.self))),
    ]

    func testInputPaths() throws { try run(Self.inputs) }

    // MARK: - Output paths

    static let outputs: [Case] = [
        Case.fails("an output in a missing folder", .bytes(sample), code: 73, message: "No such file")
            .with { $0.output = { $0.appendingPathComponent("missing/out.pdf").path } },
        Case.fails("an output in a read-only folder", .bytes(sample), code: 73, message: "Permission denied").with {
            $0.unprivileged = true
            $0.output = { folder in
                let readOnly = folder.appendingPathComponent("read-only")
                try FileManager.default.createDirectory(at: readOnly, withIntermediateDirectories: false)
                chmod(readOnly.path, 0o555)
                return readOnly.appendingPathComponent("out.pdf").path
            }
        },
        Case.fails("an output where even root cannot write", .bytes(sample), code: 73, message: "cannot write")
            .with { $0.output = { _ in "/proc/paginate-test-output.pdf" } },
        Case.fails("an output that is a directory", .bytes(sample), code: 73, message: "directory").with {
            $0.output = { folder in
                let directory = folder.appendingPathComponent("out.pdf")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
                return directory.path
            }
        },
        Case.fails("an output equal to the input", .bytes(sample), code: 64, message: "it is the input file")
            .with { $0.output = { $0.appendingPathComponent("input.txt").path } },
        Case.fails("an output that links to the input", .bytes(sample), code: 64, message: "it is the input file").with {
            $0.output = { folder in
                let link = folder.appendingPathComponent("link.pdf")
                try FileManager.default.createSymbolicLink(
                    atPath: link.path, withDestinationPath: folder.appendingPathComponent("input.txt").path)
                return link.path
            }
        },
        Case.fails("an output that is a hard link to the input", .bytes(sample), code: 64, message: "it is the input file").with {
            $0.output = { folder in
                let link = folder.appendingPathComponent("hard.pdf")
                try FileManager.default.linkItem(at: folder.appendingPathComponent("input.txt"), to: link)
                return link.path
            }
        },
        Case.fails(
            "an output in a missing folder after a warning", .bytes([0xFF] + sample), code: 73, message: "No such file",
            afterWarning: true
        )
        .with { $0.output = { $0.appendingPathComponent("missing/out.pdf").path } },
    ]

    func testOutputPaths() throws { try run(Self.outputs) }

    /// The input must survive every refused attempt to overwrite it.
    func testRefusedOutputLeavesTheInputAsItWas() throws {
        let folder = try TemporaryDirectory.make(prefix: "bad-input-same")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("book.txt")
        try Data(Self.sample).write(to: input)
        for output in [input.path, folder.path + "/./book.txt", folder.path + "//book.txt"] {
            for format in ["pdf", "text", "json"] {
                let run = try BadInputProcess.paginate([input.path, "-o", output, "--format", format])
                XCTAssertEqual(run.status, 64, run.summary)
                XCTAssertEqual(try Data(contentsOf: input), Data(Self.sample), "the input changed (\(output), \(format))")
            }
        }
        XCTAssertEqual(TemporaryDirectory.contents(of: folder), ["book.txt"])
    }

    /// A FIFO as the output receives the PDF and stays a FIFO (it is not replaced by a file).
    func testOutputToAFIFO() throws {
        let folder = try TemporaryDirectory.make(prefix: "bad-input-fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("book.txt")
        try Data(Self.sample).write(to: input)
        let fifo = folder.appendingPathComponent("out.pdf")
        try BadInputFixtures.makeFIFO(fifo)
        let received = Received()
        let reader = Thread {
            let fd = open(fifo.path, O_RDONLY)
            guard fd >= 0 else { return received.finish(Data()) }
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                data.append(contentsOf: buffer[..<count])
            }
            close(fd)
            received.finish(data)
        }
        reader.start()
        let run = try BadInputProcess.paginate([input.path, "-o", fifo.path], timeout: 30)
        if run.status != 0 {
            // Unblock the reader if the tool never opened the FIFO.
            let fd = open(fifo.path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 { close(fd) }
        }
        XCTAssertEqual(run.status, 0, run.summary)
        let data = received.wait(timeout: 30)
        XCTAssertTrue(
            data?.starts(with: Data("%PDF-".utf8)) == true, "the FIFO's reader should get the PDF (got \(data?.count ?? -1) bytes)")
        var info = stat()
        XCTAssertEqual(lstat(fifo.path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO was replaced")
        XCTAssertEqual(TemporaryDirectory.contents(of: folder), ["book.txt", "out.pdf"], "no temporary files")
    }

    /// A full standard output (`/dev/full`) is a write error: 73, one line.
    func testStandardOutputThatIsFull() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        let folder = try TemporaryDirectory.make(prefix: "bad-input-full")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("book.txt")
        try Data(Self.sample).write(to: input)
        for format in ["pdf", "text", "json"] {
            let run = try BadInputProcess.paginate([input.path, "-o", "-", "--format", format], stdoutFile: "/dev/full")
            XCTAssertEqual(run.status, 73, run.summary)
            XCTAssertEqual(run.errorLines.count, 1, run.summary)
            XCTAssertTrue(run.errors.hasPrefix("paginate: error: cannot write to standard output"), run.summary)
        }
    }
}

/// Data handed from a reader thread to the test.
// Unchecked because of the mutable `data`: the reader thread writes it once, before signalling
// `done`, and the test reads it only after waiting for that signal.
final class Received: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data: Data?

    func finish(_ data: Data) {
        self.data = data
        done.signal()
    }

    func wait(timeout: TimeInterval) -> Data? {
        done.wait(timeout: .now() + timeout) == .success ? data : nil
    }
}
