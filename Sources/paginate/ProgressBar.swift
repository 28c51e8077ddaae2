#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress bar on stderr: `writing PDF  [#######---------]  120/424 pages  310/s  ETA 1s`.
///
/// It appears only when stderr is a terminal, the tool is not `--quiet`, and the program has
/// already run for half a second (short runs stay silent); it redraws at most ten times a second and is
/// erased when the work ends, so nothing of it is left in the terminal or in a log.
final class ProgressBar {
    private let isShown: Bool
    private let start = ContinuousClock.now
    private var lastDraw: ContinuousClock.Instant?
    private var drawn = false

    /// Delay before the bar first appears, and the shortest time between two redraws.
    private static let delay = Duration.milliseconds(500)
    private static let interval = Duration.milliseconds(100)
    private static let barWidth = 24

    init() {
        isShown = Reporter.level > .quiet && isatty(STDERR_FILENO) == 1
    }

    /// Shows `done` of `total` units of the step `label` (e.g. "writing PDF", 120, 424, "pages").
    func update(_ label: String, done: Int, total: Int, unit: String) {
        guard isShown else { return }
        let now = ContinuousClock.now
        guard Reporter.elapsed >= ProgressBar.delay else { return }
        if let lastDraw, now - lastDraw < ProgressBar.interval, done < total { return }
        lastDraw = now
        let elapsed = Double((now - start).components.seconds) + Double((now - start).components.attoseconds) / 1e18
        let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 1
        let filled = Int((fraction * Double(ProgressBar.barWidth)).rounded(.down))
        var line =
            "\(label)  [" + String(repeating: "#", count: filled)
            + String(repeating: "-", count: ProgressBar.barWidth - filled) + "]  "
        line += unit == "%" ? "\(Int((fraction * 100).rounded(.down)))%" : "\(done)/\(total) \(unit)"
        if elapsed > 0, done > 0 {
            let rate = Double(done) / elapsed
            if unit != "%" { line += "  \(Int(rate.rounded()))/s" }
            let remaining = Double(total - done) / rate
            if remaining.isFinite, done < total { line += "  ETA \(ProgressBar.format(seconds: remaining))" }
        }
        // Carriage return and erase-to-end-of-line redraw the same terminal line.
        fputs("\r\u{1B}[K" + line, standardError)
        drawn = true
    }

    /// Erases the bar, if it was drawn.
    func finish() {
        guard drawn else { return }
        fputs("\r\u{1B}[K", standardError)
        drawn = false
    }

    static func format(seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return whole < 60 ? "\(whole)s" : "\(whole / 60)m\(String(format2: whole % 60))s"
    }
}

private extension String {
    /// Two digits, zero-padded.
    init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
