import Foundation

/// What a finished child process left behind.
struct ProcessResult {
    let status: Int32
    let stdout: Data
    let stderr: Data

    var output: String { String(decoding: stdout, as: UTF8.self) }
    var errors: String { String(decoding: stderr, as: UTF8.self) }

    /// The stderr lines, without empty ones.
    var errorLines: [String] { errors.split(separator: "\n").map(String.init) }

    /// A short account of the run for assertion messages.
    var summary: String {
        let shownOutput = stdout.count > 2_000 ? "\(stdout.count) bytes" : output
        return "exit \(status)\nstdout: \(shownOutput)\nstderr: \(errors)"
    }
}

/// Why a child process could not be run to completion.
struct ProcessFailure: Error, CustomStringConvertible {
    let description: String
}

/// Runs executables with arguments and optional stdin, capturing stdout, stderr and the exit status.
enum ChildProcess {
    /// How long any one run may take before it is stopped and the test fails (scaled by
    /// `PAGINATE_TEST_TIME_SCALE` for sanitizer builds, whose runs and machine are slower).
    static let timeout: TimeInterval = 120 * BadInputProcess.timeScale

    /// A page-map cache folder private to this test process, so runs never read or fill the
    /// user's cache (tests that exercise the cache pass their own).
    static let cacheDirectory: String = {
        let path = NSTemporaryDirectory() + "paginate-test-cache-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// Runs `executable` and waits for it (at most `timeout` seconds).
    ///
    /// Output goes to temporary files rather than pipes, so a child writing megabytes to both
    /// streams can never block on a full pipe. Without `stdin` the child reads an empty input.
    static func run(_ executable: String, _ arguments: [String], stdin: Data? = nil,
                    currentDirectory: URL? = nil, cacheDirectory: String = ChildProcess.cacheDirectory,
                    environment extra: [String: String] = [:],
                    timeout: TimeInterval = ChildProcess.timeout) throws -> ProcessResult {
        let scratch = try TemporaryDirectory.make(prefix: "run")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        // Runs never touch the user's page-map cache: each test process gets its own.
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cacheDirectory
        // Nor the user's settings: no config file and no PAGINATE_<OPTION> variables (the font
        // folder, PAGINATE_FONTS, stays), unless a test passes its own.
        environment["PAGINATE_CONFIG"] = "/dev/null"
        for name in environment.keys where name.hasPrefix("PAGINATE_") && name != "PAGINATE_FONTS" && name != "PAGINATE_CONFIG" {
            environment[name] = nil
        }
        environment.merge(extra) { _, new in new }
        process.environment = environment
        process.standardOutput = outHandle
        process.standardError = errHandle
        var inHandle: FileHandle?
        if let stdin {
            let inURL = scratch.appendingPathComponent("stdin")
            try stdin.write(to: inURL)
            inHandle = try FileHandle(forReadingFrom: inURL)
            process.standardInput = inHandle
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        defer { try? inHandle?.close() }

        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do {
            try process.run()
        } catch {
            throw ProcessFailure(description: "cannot start \(executable): \(error)")
        }
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            _ = finished.wait(timeout: .now() + 10)
            throw ProcessFailure(description: "\(executable) \(arguments.joined(separator: " ")) did not finish within \(Int(timeout)) s; stopped it")
        }
        process.waitUntilExit()
        return ProcessResult(status: process.terminationStatus,
                             stdout: try Data(contentsOf: outURL),
                             stderr: try Data(contentsOf: errURL))
    }
}

/// The `paginate` executable built with the tests.
enum PaginateBinary {
    /// The built binary: `paginate` in the folder that holds the test bundle (`swift test` builds
    /// every product first, into the same folder).
    static func executable() throws -> String {
        var folders: [URL] = []
        let main = Bundle.main.bundleURL
        folders.append(main)
        folders.append(main.deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        folders.append(runner)
        for folder in folders {
            let candidate = folder.appendingPathComponent("paginate").path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        throw ProcessFailure(description: "cannot find the built 'paginate' binary beside the test bundle (looked in \(folders.map(\.path).joined(separator: ", "))); run 'swift build' first")
    }

    /// Runs `paginate` with `arguments`.
    static func run(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
                    cacheDirectory: String = ChildProcess.cacheDirectory,
                    environment: [String: String] = [:]) throws -> ProcessResult {
        try ChildProcess.run(try executable(), arguments, stdin: stdin, currentDirectory: directory,
                             cacheDirectory: cacheDirectory, environment: environment)
    }
}

/// Fresh folders under the system's temporary folder.
enum TemporaryDirectory {
    static func make(prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("paginate-cli-tests-\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
