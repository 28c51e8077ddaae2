import Foundation
import TestSupport
import XCTest

/// The largest bad inputs: a 50 MB line with no break opportunity, and the check that the time
/// such a line takes grows linearly with its length (no re-measuring of the line per break).
final class BadInputLargeTests: XCTestCase {
    /// The bound on the 50 MB case, for a debug build on a shared machine: it catches a hang, not
    /// a slowdown (the release build renders the 24,000 pages in about 15 s; linearity is
    /// `testLongLinesTakeLinearTime`'s to check).
    static let fiftyMegabyteBound: TimeInterval = 300

    func testFiftyMegabyteLineWithoutBreakOpportunities() throws {
        let count = 50_000_000
        try BadInputRunner.check(.renders("a 50 MB line without a break opportunity",
                                          .generated { [UInt8](repeating: UInt8(ascii: "x"), count: count) },
                                          pages: nil, text: .only("x", count: count), timeout: Self.fiftyMegabyteBound))
    }

    /// Laying out (`count`) a line four times as long takes at most about four times as long: a
    /// quadratic breaker would take sixteen.
    func testLongLinesTakeLinearTime() throws {
        let folder = try TemporaryDirectory.make(prefix: "bad-input-linear")
        defer { try? FileManager.default.removeItem(at: folder) }
        func seconds(_ megabytes: Int) throws -> TimeInterval {
            let url = folder.appendingPathComponent("line-\(megabytes).txt")
            try Data(repeating: UInt8(ascii: "x"), count: megabytes * 1_000_000).write(to: url)
            var best = TimeInterval.infinity
            for _ in 0..<2 {
                let started = Date()
                let run = try BadInputProcess.paginate(["count", url.path, "--no-cache"], timeout: 120)
                XCTAssertEqual(run.status, 0, run.summary)
                best = min(best, Date().timeIntervalSince(started))
            }
            return best
        }
        let short = try seconds(1)
        let long = try seconds(4)
        XCTAssertLessThan(long, max(short, 0.05) * 8,
                          "1 MB took \(String(format: "%.2f", short)) s, 4 MB \(String(format: "%.2f", long)) s: worse than linear")
    }
}
