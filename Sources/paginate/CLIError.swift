import ArgumentParser
import PaginateExport
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

    /// Prints one line on stderr: line breaks and other control characters in it (from a file
    /// name, say) are escaped, so every message stays one line.
    static func printError(_ line: String) {
        fputs(oneLine(line) + "\n", standardError)
    }

    /// `text` with line breaks and other control characters written as escapes (`\n`, `\u{1B}`).
    static func oneLine(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result.append(contentsOf: "\\n".unicodeScalars)
            case "\r": result.append(contentsOf: "\\r".unicodeScalars)
            case "\t": result.append(contentsOf: "\\t".unicodeScalars)
            case _ where isControl(scalar):
                result.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
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
            if case .containerTooSmall = error { return CLIError(message: CommandLineWording.message(for: error), code: .layoutImpossible) }
            return CLIError(message: CommandLineWording.message(for: error), code: .usage)
        case let error as FontError:
            return CLIError(message: CommandLineWording.message(for: error), code: .inputUnreadable)
        case let error as PDFError:
            switch error {
            case .cannotEmbedFont: return CLIError(message: error.description, code: .inputUnreadable)
            case .invalidPageSize, .invalidSourceDateEpoch: return CLIError(message: error.description, code: .usage)
            case .cannotWrite: return CLIError(message: error.description, code: .outputUnwritable)
            case .libraryFailure: return CLIError(message: error.description, code: .failure)
            }
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
