#if canImport(Glibc)
import Glibc
#endif

/// What the tool prints on stderr besides errors: warnings, the progress bar and, with
/// `--verbose`, the time each step took. Errors are always printed (see `CLIError`).
enum Reporter {
    /// How talkative the tool is.
    enum Level: Comparable {
        case quiet, normal, verbose
    }

    /// Set once from the command line before any work starts; the tool is single-threaded here.
    // Unsafe because these are plain statics: the main thread sets `level` before any worker
    // starts (`count`'s workers only read it), and only the main thread records steps and the
    // start time (`count` times nothing).
    nonisolated(unsafe) static var level = Level.normal
    nonisolated(unsafe) private static var steps: [(name: String, duration: Duration)] = []
    nonisolated(unsafe) private static var started = ContinuousClock.now

    /// Time since the program started.
    static var elapsed: Duration { ContinuousClock.now - started }

    /// Marks the start of the program, for the total of `--verbose`.
    static func begin() {
        started = ContinuousClock.now
    }

    /// Prints a warning unless `--quiet`.
    static func warn(_ message: String) {
        guard level > .quiet else { return }
        CLIError.printError("paginate: warning: \(message)")
    }

    /// With `--verbose`, prints a detail of the work on stderr (e.g. how much the memo saved).
    static func note(_ message: String) {
        guard level == .verbose else { return }
        CLIError.printError("paginate: \(message)")
    }

    /// Prints an informational line on stdout unless `--quiet` (e.g. "wrote book.pdf: 424 pages").
    static func inform(_ message: String) {
        guard level > .quiet else { return }
        print(message)
    }

    /// Records how long a step took, for `--verbose`. A step recorded twice adds up.
    static func record(_ name: String, _ duration: Duration) {
        if let index = steps.firstIndex(where: { $0.name == name }) {
            steps[index].duration += duration
        } else {
            steps.append((name, duration))
        }
    }

    /// Runs `work` as the step `name`, recording its duration.
    static func time<T>(_ name: String, _ work: () throws -> T) rethrows -> T {
        let start = ContinuousClock.now
        defer { record(name, ContinuousClock.now - start) }
        return try work()
    }

    /// With `--verbose`, prints each step's time and the total since the program started.
    static func printTimings() {
        guard level == .verbose else { return }
        let width = max(5, steps.map(\.name.count).max() ?? 0)
        func row(_ name: String, _ duration: Duration) -> String {
            let padded = name + String(repeating: " ", count: width - name.count)
            return "paginate: time: \(padded)  \(seconds(duration)) s"
        }
        for step in steps { CLIError.printError(row(step.name, step.duration)) }
        CLIError.printError(row("total", ContinuousClock.now - started))
    }

    /// A duration in seconds with three decimals.
    static func seconds(_ duration: Duration) -> String {
        let milliseconds = Int(
            (Double(duration.components.seconds) * 1000
                + Double(duration.components.attoseconds) / 1e15).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
