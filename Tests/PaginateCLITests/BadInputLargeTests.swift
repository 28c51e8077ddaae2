import Foundation
import TestSupport
import XCTest

/// The largest bad inputs: a 50 MB line with no break opportunity, and the check that the time
/// such a line takes grows linearly with its length (no re-measuring of the line per break).
final class BadInputLargeTests: XCTestCase {
    /// The bound on the 50 MB case, for a debug build on a shared machine: it catches a hang, not
    /// a slowdown (the release build renders the 24,000 pages in 5 to 15 s; linearity is
    /// `testLongLinesTakeLinearTime`'s to check).
    static let fiftyMegabyteBound: TimeInterval = 300

    func testFiftyMegabyteLineWithoutBreakOpportunities() throws {
        let count = 50_000_000
        try BadInputRunner.check(
            .renders(
                "a 50 MB line without a break opportunity",
                .generated { [UInt8](repeating: UInt8(ascii: "x"), count: count) },
                pages: nil, text: .only("x", count: count), timeout: Self.fiftyMegabyteBound))
    }

    /// Laying out (`count`) a line four times as long takes at most about four times as long: a
    /// quadratic breaker would take sixteen. Each length is timed twice, the faster run kept.
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
        // Start-up is most of a 1 MB run of the release build: lengthen the line until the short
        // run takes a tenth of a second, so that the comparison measures the layout.
        var megabytes = 1
        var short = try seconds(megabytes)
        while short < 0.1 && megabytes < 8 {
            megabytes *= 2
            short = try seconds(megabytes)
        }
        let long = try seconds(4 * megabytes)
        XCTAssertLessThan(
            long, max(short, 0.05) * 8,
            "\(megabytes) MB took \(String(format: "%.2f", short)) s, \(4 * megabytes) MB \(String(format: "%.2f", long)) s: worse than linear"
        )
    }
}
