import XCTest
@testable import PaginateKit

/// Progress reports and step timings of the layout manager: they follow the work and never
/// change its result.
final class LayoutProgressTests: XCTestCase {
    /// A text long enough for several progress strides.
    private func longText() -> TextStorage {
        let paragraph = String(repeating: "A sentence of plain words to fill the lines of a page. ", count: 40)
        let count = LayoutManager.progressStride / paragraph.utf8.count * 3 + 7
        return TextStorage(Array(repeating: paragraph, count: count).joined(separator: "\n\n"))
    }

    func testSequentialLayoutReportsMonotonicProgressUpToTheEnd() throws {
        let storage = longText()
        var manager = LayoutManager(fonts: try UnitSupport.fonts(), settings: UnitSupport.settings())
        var reports: [LayoutProgress] = []
        var phases: [LayoutPhase] = []
        manager.progress = { reports.append($0) }
        manager.phaseTimer = { phase, duration in
            XCTAssertGreaterThanOrEqual(duration, .zero)
            phases.append(phase)
        }
        let observed = try manager.layout(storage)
        XCTAssertGreaterThanOrEqual(reports.count, 3, "one report per stride at least")
        XCTAssertEqual(
            zip(reports, reports.dropFirst()).filter { $0.bytesLaidOut > $1.bytesLaidOut || $0.pages > $1.pages }.count, 0,
            "progress never goes back")
        XCTAssertEqual(reports.last, LayoutProgress(bytesLaidOut: storage.length, totalBytes: storage.length, pages: observed.pageCount))
        XCTAssertEqual(phases, [.split, .breakAndPlace])

        let plain = try LayoutManager(fonts: try UnitSupport.fonts(), settings: UnitSupport.settings()).layout(storage)
        XCTAssertEqual(PageMap(plain), PageMap(observed))
    }

    func testPageMapPathTimesSplitBreakAndPlace() throws {
        let storage = longText()
        var manager = LayoutManager(fonts: try UnitSupport.fonts(), settings: UnitSupport.settings())
        var phases: [LayoutPhase] = []
        var last: LayoutProgress?
        manager.phaseTimer = { phase, _ in phases.append(phase) }
        manager.progress = { last = $0 }
        let map = try manager.pageMap(storage, jobs: 2)
        XCTAssertEqual(phases, [.split, .breakLines, .place])
        XCTAssertEqual(last, LayoutProgress(bytesLaidOut: storage.length, totalBytes: storage.length, pages: map.pageCount))
    }

    func testFractionOfAnEmptyTextIsComplete() {
        XCTAssertEqual(LayoutProgress(bytesLaidOut: 0, totalBytes: 0, pages: 1).fraction, 1)
        XCTAssertEqual(LayoutProgress(bytesLaidOut: 50, totalBytes: 200, pages: 1).fraction, 0.25)
    }
}
