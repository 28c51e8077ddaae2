import Foundation

/// How much longer than usual every time bound of the tests may be.
///
/// Sanitizer builds (`Scripts/sanitize.sh`) run several times slower; they set
/// `PAGINATE_TEST_TIME_SCALE`, and every bound a test or the process runner applies is multiplied
/// by it. Unset, or not a number of at least 1, it is 1.
public enum TestTimeScale {
    /// The factor from `PAGINATE_TEST_TIME_SCALE`, at least 1.
    public static let factor: Double = {
        guard let raw = ProcessInfo.processInfo.environment["PAGINATE_TEST_TIME_SCALE"], let value = Double(raw), value >= 1 else {
            return 1
        }
        return value
    }()
}
