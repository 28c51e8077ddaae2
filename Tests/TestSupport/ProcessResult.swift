import Foundation

/// What a finished child process left behind: how it ended and everything it wrote.
public struct ProcessResult: Sendable {
    /// The exit status, or the signal number when a signal ended the process.
    public let status: Int32
    /// Whether a signal ended the process (a crash, or the time bound stopping it).
    public let crashed: Bool
    /// Everything the child wrote to standard output (empty when it was connected to a file).
    public let stdout: Data
    /// Everything the child wrote to standard error.
    public let stderr: Data

    /// Makes a result from its parts.
    public init(status: Int32, crashed: Bool, stdout: Data, stderr: Data) {
        self.status = status
        self.crashed = crashed
        self.stdout = stdout
        self.stderr = stderr
    }

    /// Standard output as UTF-8 text.
    public var output: String { String(decoding: stdout, as: UTF8.self) }

    /// Standard error as UTF-8 text.
    public var errors: String { String(decoding: stderr, as: UTF8.self) }

    /// The lines of standard error, without empty ones.
    public var errorLines: [String] { errors.split(separator: "\n").map(String.init) }

    /// A short account of the run for assertion messages (long streams are cut, so a failure
    /// message stays readable).
    public var summary: String {
        let shownOutput = stdout.count > 2_000 ? "\(stdout.count) bytes" : output
        let shownErrors = stderr.count > 2_000 ? String(errors.prefix(2_000)) + "…" : errors
        return "exit \(status)\(crashed ? " (signal)" : "")\nstdout: \(shownOutput)\nstderr: \(shownErrors)"
    }
}
