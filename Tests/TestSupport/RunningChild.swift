import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process that has been started and not yet waited for.
///
/// Its standard output and error go to files in a private scratch folder rather than pipes, so a
/// child writing megabytes to both streams can never block on a full pipe while nobody reads. The
/// scratch folder is removed, and a child still running is killed, when the object goes away.
public final class RunningChild {
    /// The command as started: the executable's path, then the arguments.
    public let command: [String]
    private let process = Process()
    private let finished = DispatchSemaphore(value: 0)
    private let scratch: URL
    /// Where standard output is collected; `nil` when the caller connected it to a file of its own.
    private let outputURL: URL?
    private let errorURL: URL
    private var handles: [FileHandle] = []
    private var result: ProcessResult?
    private var timedOut = false

    init(
        command: [String], stdin: Data?, stdinFile: String?, stdoutFile: String?,
        currentDirectory: URL?, environment: [String: String]?
    ) throws {
        guard let executable = command.first else { throw ProcessFailure(description: "no command to run") }
        self.command = command
        scratch = try TemporaryDirectory.make(prefix: "child")
        errorURL = scratch.appendingPathComponent("stderr")
        outputURL = stdoutFile == nil ? scratch.appendingPathComponent("stdout") : nil
        do {
            _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
            let errorHandle = try FileHandle(forWritingTo: errorURL)
            handles.append(errorHandle)
            process.standardError = errorHandle

            if let stdoutFile {
                guard let handle = FileHandle(forWritingAtPath: stdoutFile) else {
                    throw ProcessFailure(description: "cannot open \(stdoutFile) for writing as the child's standard output")
                }
                handles.append(handle)
                process.standardOutput = handle
            } else if let outputURL {
                _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
                let handle = try FileHandle(forWritingTo: outputURL)
                handles.append(handle)
                process.standardOutput = handle
            }

            // Without input the child reads an empty stream, never the test runner's terminal.
            if let stdin {
                let url = scratch.appendingPathComponent("stdin")
                try stdin.write(to: url)
                let handle = try FileHandle(forReadingFrom: url)
                handles.append(handle)
                process.standardInput = handle
            } else if let stdinFile {
                guard let handle = FileHandle(forReadingAtPath: stdinFile) else {
                    throw ProcessFailure(description: "cannot open \(stdinFile) as the child's standard input")
                }
                handles.append(handle)
                process.standardInput = handle
            } else {
                process.standardInput = FileHandle.nullDevice
            }

            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = Array(command.dropFirst())
            if let currentDirectory { process.currentDirectoryURL = currentDirectory }
            if let environment { process.environment = environment }
            process.terminationHandler = { [finished] _ in finished.signal() }
            do {
                try process.run()
            } catch {
                throw ProcessFailure(description: "cannot start \(executable): \(error)")
            }
        } catch {
            closeHandles()
            try? FileManager.default.removeItem(at: scratch)
            throw error
        }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        closeHandles()
        try? FileManager.default.removeItem(at: scratch)
    }

    /// The child's process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the child has not exited yet.
    public var isRunning: Bool { process.isRunning }

    /// Sends `signal` to the child, unless it has been waited for (its id could be reused by
    /// then); whether the signal was delivered.
    @discardableResult
    public func send(_ signal: Int32) -> Bool {
        guard result == nil, !timedOut else { return false }
        return kill(process.processIdentifier, signal) == 0
    }

    /// Waits for the child at most `timeout` seconds (times `TestTimeScale.factor`) and returns
    /// how it ended; past the bound the child is killed and the wait fails, naming the command.
    public func wait(timeout: TimeInterval) throws -> ProcessResult {
        if let result { return result }
        let limit = timeout * TestTimeScale.factor
        if timedOut || finished.wait(timeout: .now() + limit) == .timedOut {
            if !timedOut {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                _ = finished.wait(timeout: .now() + 10)
                closeHandles()
            }
            throw ProcessFailure(description: "\(shownCommand) did not finish within \(Int(limit)) s; killed it")
        }
        process.waitUntilExit()
        closeHandles()
        let made = ProcessResult(
            status: process.terminationStatus,
            crashed: process.terminationReason == .uncaughtSignal,
            stdout: try outputURL.map { try Data(contentsOf: $0) } ?? Data(),
            stderr: try Data(contentsOf: errorURL))
        result = made
        return made
    }

    /// The command for messages, with long arguments (generated inputs, scripts) shortened.
    private var shownCommand: String {
        command.map { $0.count > 80 ? String($0.prefix(80)) + "…" : $0 }.joined(separator: " ")
    }

    private func closeHandles() {
        for handle in handles { try? handle.close() }
        handles = []
    }
}
