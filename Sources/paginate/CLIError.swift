import ArgumentParser
import PaginateKit
#if canImport(Glibc)
import Glibc
#endif

/// A failure the tool reports as one line on stderr, with a documented exit code.
struct CLIError: Error {
    /// Exit codes, documented in `--help` and the README (the BSD sysexits values where one fits).
    enum Code: Int32 {
        case failure = 1
        case usage = 64
        case layoutImpossible = 65
        case inputUnreadable = 66
        case outputUnwritable = 73
    }

    let message: String
    let code: Code

    /// Prints the message and turns the error into the exit code.
    func exit() -> ExitCode {
        CLIError.printError("paginate: error: \(message)")
        return ExitCode(code.rawValue)
    }

    static func warn(_ message: String) {
        printError("paginate: warning: \(message)")
    }

    static func printError(_ line: String) {
        fputs(line + "\n", stderr)
    }

    /// Runs `body`, turning engine errors into CLI errors with the right exit code.
    static func wrap<T, E: Error>(_ body: () throws(E) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw converting(error)
        }
    }

    /// The CLI error for an engine error (other errors pass through unchanged).
    static func converting(_ error: any Error) -> any Error {
        switch error {
        case let error as LayoutError:
            switch error {
            case .containerTooSmall: return CLIError(message: error.description, code: .layoutImpossible)
            case .invalidGeometry, .invalidSetting: return CLIError(message: error.description, code: .usage)
            }
        case let error as FontError:
            return CLIError(message: error.description, code: .inputUnreadable)
        default:
            return error
        }
    }
}

extension ParsableCommand {
    /// Runs a command body, printing a `CLIError` as one line and exiting with its code.
    func reportingErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as CLIError {
            throw error.exit()
        }
    }
}
