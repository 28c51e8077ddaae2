import Foundation

/// The one way the tests run another program: `paginate`, poppler and qpdf, `script`, a shell.
///
/// A run captures standard output and error and the exit status, and is bounded in time: a child
/// that does not finish is killed and the test fails with the command it ran, instead of hanging
/// the whole suite.
public enum ChildProcess {
    /// The bound on a run when the caller gives none: generous, to catch a hang, not a slowdown.
    public static let defaultTimeout: TimeInterval = 120

    /// Starts `command` (the executable's path, then its arguments) without waiting for it.
    ///
    /// - Parameters:
    ///   - stdin: bytes for standard input; else `stdinFile`'s contents; else an empty stream.
    ///   - stdoutFile: a file or device to connect as standard output instead of capturing it.
    ///   - currentDirectory: the child's working folder (the runner's when `nil`).
    ///   - environment: the child's whole environment (the runner's when `nil`).
    public static func start(
        _ command: [String], stdin: Data? = nil, stdinFile: String? = nil, stdoutFile: String? = nil,
        currentDirectory: URL? = nil, environment: [String: String]? = nil
    ) throws -> RunningChild {
        try RunningChild(
            command: command, stdin: stdin, stdinFile: stdinFile, stdoutFile: stdoutFile,
            currentDirectory: currentDirectory, environment: environment)
    }

    /// Runs `command` and waits for it, at most `timeout` seconds (times `TestTimeScale.factor`).
    /// The parameters are `start`'s.
    public static func run(
        _ command: [String], stdin: Data? = nil, stdinFile: String? = nil, stdoutFile: String? = nil,
        currentDirectory: URL? = nil, environment: [String: String]? = nil,
        timeout: TimeInterval = defaultTimeout
    ) throws -> ProcessResult {
        try start(
            command, stdin: stdin, stdinFile: stdinFile, stdoutFile: stdoutFile,
            currentDirectory: currentDirectory, environment: environment
        ).wait(timeout: timeout)
    }

    /// The full path of `tool` found on `PATH`, or an error saying which package provides it.
    public static func path(of tool: String, package: String) throws -> String {
        let searchPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in searchPath.split(separator: ":") {
            let candidate = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw ProcessFailure(description: "'\(tool)' is not on PATH: install \(package) (Scripts/install-dependencies.sh does)")
    }
}
