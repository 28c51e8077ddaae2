import XCTest
@testable import PaginateKit

/// Exclusion rectangles in text containers: lines beside one are shortened, lines below use the
/// full width, and a band with too little room moves the line below the exclusion.
final class ExclusionTests: XCTestCase {
    private let sentence =
        "It is a truth universally acknowledged, that a single man in possession of a good fortune must be in want of a wife. "

    private var prose: String { String(repeating: sentence, count: 30) }

    /// Default book page (328×528 pt columns, 11 pt type on a 13.2 pt pitch) whose first container
    /// carries `exclusions`.
    private func layout(
        _ text: String, firstContainerExclusions exclusions: [Rect],
        settings: LayoutSettings = UnitSupport.settings(mode: .blank)
    ) throws -> Layout {
        var manager = LayoutManager(fonts: try UnitSupport.fonts(), settings: settings)
        let size = Size(width: settings.page.columnWidth, height: settings.page.columnHeight)
        manager.containerProvider = { index in
            TextContainer(size: size, exclusions: index == 0 ? exclusions : [])
        }
        return try manager.layout(TextStorage(text))
    }

    private let pitch = 13.2
    private let width = 328.0

    func testExclusionOnTheRightShortensLinesBesideIt() throws {
        let exclusion = Rect(x: width / 2, y: 0, width: width / 2, height: 100)
        let result = try layout(prose, firstContainerExclusions: [exclusion])
        let lines = result.pages[0].containers[0].lines
        let beside = lines.filter { $0.origin.y < exclusion.maxY }
        let below = lines.filter { $0.origin.y >= exclusion.maxY }
        XCTAssertEqual(beside.count, Int((100 / pitch).rounded(.up)), "every band overlapping the exclusion")
        for line in beside {
            XCTAssertEqual(line.origin.x, 0)
            XCTAssertLessThanOrEqual(line.width, width / 2 + 1e-9, "line at y \(line.origin.y) runs into the exclusion")
            XCTAssertGreaterThan(line.width, width / 2 - 60, "prose lines beside the exclusion are still filled")
        }
        XCTAssertFalse(below.isEmpty)
        for line in below {
            XCTAssertEqual(line.origin.x, 0)
            XCTAssertLessThanOrEqual(line.width, width + 1e-9)
        }
        XCTAssertGreaterThan(below.map(\.width).max() ?? 0, width / 2 + 60, "lines below use the full width")
        XCTAssertEqual(below.first?.origin.y ?? 0, Double(beside.count) * pitch, accuracy: 1e-6, "no gap is left")
        // The next container has no exclusion.
        let next = result.pages[1].containers[0].lines
        XCTAssertGreaterThan(next.prefix(5).map(\.width).min() ?? 0, width / 2 + 60)
        UnitSupport.assertPartition(result, "right exclusion")
    }

    func testExclusionOnTheLeftMovesTheLineOrigin() throws {
        let exclusion = Rect(x: 0, y: 0, width: 100, height: 50)
        let result = try layout(prose, firstContainerExclusions: [exclusion])
        let lines = result.pages[0].containers[0].lines
        for line in lines where line.origin.y < exclusion.maxY {
            XCTAssertEqual(line.origin.x, 100)
            XCTAssertLessThanOrEqual(line.origin.x + line.width, width + 1e-9)
        }
        for line in lines where line.origin.y >= exclusion.maxY {
            XCTAssertEqual(line.origin.x, 0)
        }
        XCTAssertEqual(lines.filter { $0.origin.y < exclusion.maxY }.count, 4)
    }

    func testWidestFreeIntervalIsChosen() throws {
        // A narrow post in the middle-left: the interval on its right (178 pt) beats the left one (100 pt).
        let exclusion = Rect(x: 100, y: 20, width: 50, height: 30)
        let result = try layout(prose, firstContainerExclusions: [exclusion])
        for line in result.pages[0].containers[0].lines {
            let overlaps = line.origin.y < exclusion.maxY && line.origin.y + line.height > exclusion.minY
            if overlaps {
                XCTAssertEqual(line.origin.x, 150, "line at y \(line.origin.y)")
                XCTAssertLessThanOrEqual(line.width, 178 + 1e-9)
            } else {
                XCTAssertEqual(line.origin.x, 0, "line at y \(line.origin.y)")
            }
            // No line box overlaps the exclusion.
            let horizontal = line.origin.x < exclusion.maxX && line.origin.x + line.width > exclusion.minX
            XCTAssertFalse(overlaps && horizontal, "line \(line.rect) overlaps the exclusion")
        }
    }

    func testFullWidthExclusionMovesLinesBelowIt() throws {
        let exclusion = Rect(x: 0, y: 50, width: width, height: 40)
        let result = try layout(prose, firstContainerExclusions: [exclusion])
        let lines = result.pages[0].containers[0].lines
        for line in lines {
            XCTAssertFalse(
                line.origin.y < exclusion.maxY && line.origin.y + line.height > exclusion.minY,
                "line at y \(line.origin.y) overlaps the full-width exclusion")
        }
        // Three lines above (0, 13.2, 26.4: the fourth band would reach 52.8), then straight below.
        XCTAssertEqual(lines[0].origin.y, 0, accuracy: 1e-9)
        XCTAssertEqual(lines[1].origin.y, pitch, accuracy: 1e-9)
        XCTAssertEqual(lines[2].origin.y, 2 * pitch, accuracy: 1e-9)
        XCTAssertEqual(lines[3].origin.y, 90, accuracy: 1e-9)
        XCTAssertEqual(lines[4].origin.y, 90 + pitch, accuracy: 1e-9)
        XCTAssertGreaterThan(lines[3].width, width / 2)
        // The lines below continue the text: byte ranges stay contiguous.
        XCTAssertEqual(lines[2].range.upperBound, lines[3].range.lowerBound)
        UnitSupport.assertPartition(result, "full-width exclusion")
    }

    func testTallFallbackLinesDoNotRunIntoAnExclusionBelow() throws {
        // CJK lines are taller than the 13.2 pt pitch (the fallback font's ascent + descent at
        // 11 pt is about 14.4 pt). An exclusion starting at y = 13.5 on the right half must not be
        // overlapped by the first line's box, [0, 14.4).
        let fonts = try UnitSupport.fonts()
        let cjkHeight = (max(fonts.fonts[0].ascent, fonts.fonts[1].ascent) + max(fonts.fonts[0].descent, fonts.fonts[1].descent)) * 11
        XCTAssertGreaterThan(cjkHeight, 13.5, "premise")
        let exclusion = Rect(x: width / 2, y: 13.5, width: width / 2, height: 100)
        let text = String(repeating: "如是我聞一時佛在舍衛國祇樹給孤獨園與大比丘眾千二百五十人俱", count: 10)
        let result = try layout(text, firstContainerExclusions: [exclusion])
        let lines = result.pages[0].containers[0].lines
        XCTAssertGreaterThan(lines.count, 3)
        for line in lines {
            let vertical = line.origin.y < exclusion.maxY && line.origin.y + line.height > exclusion.minY
            let horizontal = line.origin.x < exclusion.maxX && line.origin.x + line.width > exclusion.minX
            XCTAssertFalse(
                vertical && horizontal,
                "line box \(line.rect) overlaps the exclusion \(exclusion)")
        }
        UnitSupport.assertPartition(result, "tall lines beside an exclusion")
    }

    func testProviderIndexCountsColumns() throws {
        // Container 1 is the second column of page 1: only its lines go around the exclusion.
        let settings = UnitSupport.settings(columns: 2, mode: .blank)
        let column = settings.page.columnWidth
        var manager = LayoutManager(fonts: try UnitSupport.fonts(), settings: settings)
        let size = Size(width: column, height: settings.page.columnHeight)
        manager.containerProvider = { index in
            TextContainer(size: size, exclusions: index == 1 ? [Rect(x: 0, y: 0, width: 60, height: 528)] : [])
        }
        let result = try manager.layout(TextStorage(prose))
        let page = result.pages[0]
        XCTAssertEqual(page.containers.count, 2)
        XCTAssertTrue(page.containers[0].lines.allSatisfy { $0.origin.x == 0 })
        XCTAssertTrue(page.containers[1].lines.allSatisfy { $0.origin.x == 60 && $0.width <= column - 60 + 1e-9 })
        XCTAssertEqual(page.containers[1].frame.minX, settings.page.columnFrame(1).minX)
        XCTAssertTrue(result.pages[1].containers[1].lines.allSatisfy { $0.origin.x == 0 }, "container 3 is plain")
    }

    func testTooNarrowGapCountsAsBlocked() throws {
        // 8 pt left free beside the exclusion is less than the font size: the line moves below.
        let exclusion = Rect(x: 0, y: 0, width: width - 8, height: 30)
        let result = try layout(prose, firstContainerExclusions: [exclusion])
        let first = result.pages[0].containers[0].lines[0]
        XCTAssertEqual(first.origin.y, 30, accuracy: 1e-9)
        XCTAssertEqual(first.origin.x, 0)
        XCTAssertEqual(first.range.lowerBound, 0)
    }

    func testExclusionCoveringTheFirstContainerPushesTextToTheNext() throws {
        let exclusion = Rect(x: 0, y: 0, width: width, height: 528)
        let result = try layout("Short text.", firstContainerExclusions: [exclusion])
        XCTAssertEqual(result.pageCount, 2)
        XCTAssertTrue(result.pages[0].lines.isEmpty)
        XCTAssertEqual(result.pages[1].lines.map(\.text), ["Short text."])
        UnitSupport.assertPartition(result, "covered first container")
        XCTAssertEqual(result.pageIndex(containing: 0), 1, "the byte lives on the page that shows it")
        XCTAssertEqual(result.lineFragment(containing: 3)?.page, 1)
    }

    func testExclusionsEverywhereThrowInsteadOfLooping() throws {
        let settings = UnitSupport.settings(mode: .blank)
        var manager = LayoutManager(fonts: try UnitSupport.fonts(), settings: settings)
        let size = Size(width: settings.page.columnWidth, height: settings.page.columnHeight)
        manager.containerProvider = { _ in
            TextContainer(size: size, exclusions: [Rect(x: 0, y: 0, width: size.width, height: size.height)])
        }
        XCTAssertThrowsError(try manager.layout(TextStorage("Nothing fits."))) { error in
            guard case LayoutError.containerTooSmall = error else { return XCTFail("unexpected \(error)") }
        }
    }

    func testExclusionOutsideTheContainerIsIgnored() throws {
        let plain = try layout(prose, firstContainerExclusions: [])
        let outside = try layout(
            prose,
            firstContainerExclusions: [
                Rect(x: width + 10, y: 0, width: 50, height: 200),
                Rect(x: -80, y: 0, width: 60, height: 200),
            ])
        XCTAssertEqual(plain.pages.map(\.range), outside.pages.map(\.range))
        XCTAssertEqual(plain.pages[0].lines.map(\.rect), outside.pages[0].lines.map(\.rect))
    }

    // MARK: TextContainer.lineSpan directly

    func testLineSpan() {
        let container = TextContainer(
            size: Size(width: 300, height: 500),
            exclusions: [
                Rect(x: 200, y: 0, width: 100, height: 50),
                Rect(x: 0, y: 100, width: 50, height: 50),
                Rect(x: 40, y: 120, width: 100, height: 10),
            ])
        XCTAssertEqual(container.lineSpan(top: 0, height: 10, minimumWidth: 10)?.x, 0)
        XCTAssertEqual(container.lineSpan(top: 0, height: 10, minimumWidth: 10)?.width, 200)
        XCTAssertEqual(container.lineSpan(top: 50, height: 10, minimumWidth: 10)?.width, 300, "the band [50, 60) touches no exclusion")
        XCTAssertEqual(container.lineSpan(top: 45, height: 10, minimumWidth: 10)?.width, 200)
        // Overlapping exclusions merge: [0, 140) is blocked.
        let merged = container.lineSpan(top: 115, height: 10, minimumWidth: 10)
        XCTAssertEqual(merged?.x, 140)
        XCTAssertEqual(merged?.width, 160)
        XCTAssertNil(container.lineSpan(top: 0, height: 10, minimumWidth: 201))
        XCTAssertEqual(container.bottomOfExclusions(overlapping: 110, 20), 150)
        XCTAssertNil(container.bottomOfExclusions(overlapping: 60, 20))
    }
}
