import XCTest
@testable import PaginateKit

/// The layout manager and its container chain: columns, pages, the vertical rule, page breaks,
/// separators, and the errors for unusable settings.
final class LayoutManagerTests: XCTestCase {
    /// `count` short source lines, each its own paragraph in `lines` mode.
    private func numberedLines(_ count: Int) -> String {
        (1...count).map { "Line \($0)" }.joined(separator: "\n")
    }

    private func expectedLinesPerColumn(_ settings: LayoutSettings, lineBox: Double) -> Int {
        Int((settings.page.columnHeight / lineBox + 1e-9).rounded(.down))
    }

    // MARK: Vertical rule

    func testLinesPerFullColumnFollowTheLinePitch() throws {
        let fonts = try UnitSupport.fonts()
        let primary = fonts.fonts[0]
        XCTAssertLessThan(primary.ascent + primary.descent, 1.2, "premise: DejaVu fits in a 1.2 pitch")
        for (size, lineHeight) in [(11.0, 1.2), (10.0, 1.25), (12.0, 1.5), (9.0, 2.0), (13.0, 1.3)] {
            let settings = UnitSupport.settings(fontSize: size, lineHeight: lineHeight, mode: .lines)
            let layout = try UnitSupport.layout(numberedLines(300), settings)
            let pitch = lineHeight * size
            let perColumn = expectedLinesPerColumn(settings, lineBox: pitch)
            XCTAssertEqual(perColumn, Int(settings.page.columnHeight / pitch + 1e-9), "sanity")
            XCTAssertGreaterThan(layout.pageCount, 1)
            for page in layout.pages.dropLast() {
                XCTAssertEqual(page.lineCount, perColumn, "size \(size), line height \(lineHeight), page \(page.number)")
            }
            XCTAssertLessThanOrEqual(layout.pages.last!.lineCount, perColumn)
            XCTAssertEqual(layout.pages.reduce(0) { $0 + $1.lineCount }, 300)
            for page in layout.pages {
                for (index, line) in page.lines.enumerated() {
                    XCTAssertEqual(line.height, pitch, accuracy: 1e-9)
                    XCTAssertEqual(line.origin.y, Double(index) * pitch, accuracy: 1e-6)
                    XCTAssertEqual(line.origin.x, 0)
                    XCTAssertEqual(line.baseline, primary.ascent * size, accuracy: 1e-9)
                    XCTAssertLessThanOrEqual(line.origin.y + line.height, settings.page.columnHeight + 1e-6)
                }
            }
        }
    }

    func testTightLineHeightUsesTheFontsOwnHeight() throws {
        // At a pitch below ascent + descent, the line box grows to the font's height.
        let fonts = try UnitSupport.fonts()
        let primary = fonts.fonts[0]
        let settings = UnitSupport.settings(fontSize: 10, lineHeight: 1.0, mode: .lines)
        let layout = try UnitSupport.layout(numberedLines(200), settings)
        let box = (primary.ascent + primary.descent) * 10
        XCTAssertEqual(layout.pages[0].lines[0].height, box, accuracy: 1e-9)
        XCTAssertEqual(layout.pages[0].lineCount, expectedLinesPerColumn(settings, lineBox: box))
    }

    func testFirstBaselineIsOneAscentBelowTheTop() throws {
        let fonts = try UnitSupport.fonts()
        let settings = UnitSupport.settings(fontSize: 11)
        let layout = try UnitSupport.layout("Hello, world.", settings)
        let container = layout.pages[0].containers[0]
        XCTAssertEqual(container.frame, Rect(x: 36, y: 36, width: 328, height: 528))
        let first = container.lines[0]
        XCTAssertEqual(first.origin, Point(x: 0, y: 0))
        XCTAssertEqual(first.baseline, fonts.fonts[0].ascent * 11, accuracy: 1e-9)
        XCTAssertEqual(first.text, "Hello, world.")
        XCTAssertEqual(first.range, 0..<13)
        let expectedWidth = "Hello, world.".unicodeScalars.reduce(0) { $0 + fonts.fonts[0].width(of: $1.value)! }
        XCTAssertEqual(first.width, Double(expectedWidth) * 11 / 1000, accuracy: 1e-9)
    }

    func testLineWithFallbackGlyphsUsesTheTallerFont() throws {
        let fonts = try UnitSupport.fonts()
        let (latin, cjk) = (fonts.fonts[0], fonts.fonts[1])
        XCTAssertGreaterThan(cjk.ascent + cjk.descent, 1.2, "premise: the CJK font is taller than the pitch")
        let settings = UnitSupport.settings(fontSize: 11, lineHeight: 1.2, mode: .lines)
        let layout = try UnitSupport.layout("Latin only\n金剛般若\nLatin again", settings)
        let lines = layout.pages[0].lines
        XCTAssertEqual(lines.count, 3)
        XCTAssertEqual(lines[0].height, 13.2, accuracy: 1e-9)
        XCTAssertEqual(lines[1].height, (max(latin.ascent, cjk.ascent) + max(latin.descent, cjk.descent)) * 11, accuracy: 1e-9)
        XCTAssertEqual(lines[1].baseline, max(latin.ascent, cjk.ascent) * 11, accuracy: 1e-9)
        XCTAssertEqual(lines[1].origin.y, 13.2, accuracy: 1e-9)
        XCTAssertEqual(lines[2].origin.y, 13.2 + lines[1].height, accuracy: 1e-9)
        XCTAssertEqual(lines[2].baseline, latin.ascent * 11, accuracy: 1e-9)
    }

    // MARK: Columns and the container chain

    func testTwoColumnsFillLeftThenRightThenTheNextPage() throws {
        let text = numberedLines(190)
        let one = try UnitSupport.layout(text, UnitSupport.settings(fontSize: 10, lineHeight: 1.25, mode: .lines))
        let two = try UnitSupport.layout(text, UnitSupport.settings(columns: 2, fontSize: 10, lineHeight: 1.25, mode: .lines))
        // 42 lines per column: 190 lines take 5 columns.
        XCTAssertEqual(one.pageCount, 5)
        XCTAssertEqual(two.pageCount, 3, "five containers on pages of two")
        let columnWidth = (400 - 72 - 18) / 2.0
        for page in two.pages {
            XCTAssertEqual(page.containers[0].frame, Rect(x: 36, y: 36, width: columnWidth, height: 528))
            if page.containers.count > 1 {
                XCTAssertEqual(page.containers[1].frame, Rect(x: 36 + columnWidth + 18, y: 36, width: columnWidth, height: 528))
            }
        }
        XCTAssertEqual(two.pages.map { $0.containers.map(\.lines.count) }, [[42, 42], [42, 42], [22]])
        // Reading order: every line of a column comes before every line of the next column.
        var previous = -1
        for page in two.pages {
            for container in page.containers {
                for line in container.lines {
                    XCTAssertGreaterThan(line.range.lowerBound, previous)
                    previous = line.range.lowerBound
                    XCTAssertLessThanOrEqual(line.width, columnWidth)
                }
            }
        }
        XCTAssertEqual(two.pages[0].containers[1].lines.first?.text, "Line 43")
        XCTAssertEqual(two.pages[1].containers[0].lines.first?.text, "Line 85")
        UnitSupport.assertPartition(two, "two columns")
    }

    func testPageCountIsContainersOverColumns() throws {
        let bytes = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        let storage = TextStorage(bytes: Array(bytes.prefix(60_000)))
        for columns in 1...3 {
            let settings = UnitSupport.settings(columns: columns)
            let layout = try LayoutManager(fonts: UnitSupport.fonts(), settings: settings).layout(storage, includeRuns: false)
            let containers = layout.pages.reduce(0) { $0 + $1.containers.count }
            XCTAssertTrue(layout.pages.dropLast().allSatisfy { $0.containers.count == columns }, "columns \(columns)")
            XCTAssertEqual(layout.pageCount, (containers + columns - 1) / columns, "columns \(columns)")
            // Every container but the last is used (no page break in this text).
            let all = layout.pages.flatMap(\.containers)
            XCTAssertTrue(all.allSatisfy { !$0.lines.isEmpty }, "columns \(columns)")
            for (index, container) in all.enumerated() {
                let column = index % columns
                XCTAssertEqual(container.frame, settings.page.columnFrame(column))
            }
            UnitSupport.assertPartition(layout, "columns \(columns)")
        }
    }

    func testLastPageIsPartial() throws {
        let settings = UnitSupport.settings(fontSize: 10, lineHeight: 1.25, mode: .lines)
        let layout = try UnitSupport.layout(numberedLines(100), settings)
        XCTAssertEqual(layout.pages.map(\.lineCount), [42, 42, 16])
        XCTAssertEqual(layout.pages.last?.lines.last?.text, "Line 100")
        XCTAssertEqual(layout.pages.last?.range.upperBound, layout.sourceLength)
    }

    func testEveryLineFitsItsContainerOnProse() throws {
        let bytes = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        let settings = LayoutSettings.bookDefaults
        let layout = try LayoutManager(fonts: UnitSupport.fonts(), settings: settings)
            .layout(TextStorage(bytes: Array(bytes.prefix(40_000))))
        for page in layout.pages {
            for container in page.containers {
                for line in container.lines {
                    XCTAssertLessThanOrEqual(line.origin.x + line.width, container.frame.width + 1e-9)
                    XCTAssertLessThanOrEqual(line.origin.y + line.height, container.frame.height + 1e-9)
                    for run in line.runs {
                        XCTAssertTrue(
                            line.range.lowerBound <= run.sourceRange.lowerBound && run.sourceRange.upperBound <= line.range.upperBound,
                            "run \(run.sourceRange) outside line \(line.range)")
                    }
                }
            }
        }
    }

    func testTabMovesTheNextRunToTheTabStop() throws {
        let fonts = try UnitSupport.fonts()
        var settings = UnitSupport.settings(fontSize: 10, mode: .lines)
        settings.tabWidth = 4
        let layout = try UnitSupport.layout("a\tb\tc", settings)
        let runs = layout.pages[0].lines[0].runs
        let stop = Double(4 * fonts.fonts[0].width(of: 0x20)!) * 10 / 1000
        XCTAssertEqual(runs.map(\.text), ["a", "b", "c"])
        XCTAssertEqual(runs[0].x, 0)
        XCTAssertEqual(runs[1].x, stop, accuracy: 1e-9)
        XCTAssertEqual(runs[2].x, 2 * stop, accuracy: 1e-9)
        XCTAssertEqual(layout.pages[0].lines[0].text, "abc", "tabs are not drawn")
    }

    // MARK: Page breaks and separators

    func testFormFeedStartsANewPage() throws {
        for mode in ParagraphMode.allCases {
            let layout = try UnitSupport.layout("first\u{0C}second", UnitSupport.settings(mode: mode))
            XCTAssertEqual(layout.pageCount, 2, "mode \(mode)")
            XCTAssertEqual(layout.pages.map(\.range), [0..<6, 6..<12], "mode \(mode)")
            XCTAssertEqual(layout.pages[1].lines.first?.text, "second", "mode \(mode)")
        }
    }

    func testFormFeedOnALineOfItsOwn() throws {
        let layout = try UnitSupport.layout("Para one.\n\u{0C}\n\nPara two.", UnitSupport.settings(mode: .auto))
        XCTAssertEqual(layout.pageCount, 2)
        XCTAssertEqual(layout.pages[0].lines.map(\.text), ["Para one."])
        XCTAssertEqual(layout.pages[1].lines.map(\.text), ["Para two."], "the separator after the break is not placed at the top")
        UnitSupport.assertPartition(layout, "form feed line")
    }

    func testFormFeedSkipsTheRemainingColumns() throws {
        let layout = try UnitSupport.layout("left\u{0C}next page", UnitSupport.settings(columns: 2, mode: .lines))
        XCTAssertEqual(layout.pageCount, 2)
        XCTAssertEqual(layout.pages[0].containers.flatMap(\.lines).map(\.text), ["left"])
        XCTAssertEqual(layout.pages[1].containers[0].lines.first?.text, "next page")
        XCTAssertEqual(layout.pages[1].containers[0].frame.minX, 36)
    }

    func testSeparatorDroppedAtEveryColumnTopForOddCapacities() throws {
        // One-line paragraphs and separators alternate. With an odd number of lines per column a
        // separator falls due at the top of every new column and is dropped each time; with an
        // even number none is. Either way no container starts with a blank line.
        let text = (1...100).map { "Paragraph \($0)." }.joined(separator: "\n\n")
        for (height, capacity) in [(590.0, 41), (600.0, 42), (612.0, 43)] {
            let settings = UnitSupport.settings(height: height, fontSize: 10, lineHeight: 1.25, mode: .blank)
            XCTAssertEqual(expectedLinesPerColumn(settings, lineBox: 12.5), capacity)
            let layout = try UnitSupport.layout(text, settings)
            var placedSeparators = 0
            for page in layout.pages {
                for container in page.containers {
                    XCTAssertEqual(container.lines.first?.runs.isEmpty, false, "capacity \(capacity), page \(page.number)")
                    placedSeparators += container.lines.filter { $0.runs.isEmpty }.count
                }
            }
            let dropped = 99 - placedSeparators
            XCTAssertEqual(dropped, capacity % 2 == 1 ? layout.pageCount - 1 : 0, "capacity \(capacity)")
            XCTAssertTrue(layout.pages.dropLast().allSatisfy { $0.lineCount == capacity }, "capacity \(capacity)")
            UnitSupport.assertPartition(layout, "capacity \(capacity)")
        }
    }

    // MARK: Edge cases

    func testEmptyTextGivesOneEmptyPage() throws {
        for mode in ParagraphMode.allCases {
            let layout = try UnitSupport.layout("", UnitSupport.settings(mode: mode))
            XCTAssertEqual(layout.pageCount, 1, "mode \(mode)")
            XCTAssertEqual(layout.pages[0].range, 0..<0, "mode \(mode)")
            XCTAssertEqual(layout.pages[0].number, 1)
            XCTAssertEqual(layout.sourceLength, 0)
            XCTAssertTrue(layout.pages[0].lines.allSatisfy { $0.runs.isEmpty && $0.range == 0..<0 })
        }
    }

    func testLayoutIsDeterministicAndRunsDoNotChangeGeometry() throws {
        let bytes = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        let storage = TextStorage(bytes: Array(bytes.prefix(30_000)))
        let manager = try LayoutManager(fonts: UnitSupport.fonts(), settings: .bookDefaults)
        let a = try manager.layout(storage)
        let b = try manager.layout(storage)
        let bare = try manager.layout(storage, includeRuns: false)
        XCTAssertEqual(a.pages, b.pages)
        XCTAssertEqual(a.pageMap, bare.pageMap)
        for (pageA, pageBare) in zip(a.pages, bare.pages) {
            XCTAssertEqual(pageA.lines.map(\.range), pageBare.lines.map(\.range))
            XCTAssertEqual(pageA.lines.map(\.rect), pageBare.lines.map(\.rect))
            XCTAssertTrue(pageBare.lines.allSatisfy { $0.runs.isEmpty })
        }
    }

    // MARK: Errors

    func testContainerTooSmallForOneLineThrows() throws {
        // An 80 pt column cannot hold a 86.4 pt line.
        let settings = UnitSupport.settings(width: 100, height: 100, margin: 10, fontSize: 72, lineHeight: 1.2)
        XCTAssertThrowsError(try UnitSupport.layout("Big", settings)) { error in
            guard case LayoutError.containerTooSmall = error else { return XCTFail("unexpected \(error)") }
        }
        // The same page with a smaller font works.
        XCTAssertNoThrow(
            try UnitSupport.layout("Big", UnitSupport.settings(width: 100, height: 100, margin: 10, fontSize: 60, lineHeight: 1.2)))
    }

    func testInvalidSettingsThrow() throws {
        let fonts = try UnitSupport.fonts()
        /// What an error refuses: the setting out of range, `page` for a page size, `room` for no room left.
        func refused(_ error: any Error) -> String {
            switch error as? LayoutError {
            case .outOfRange(let setting, _, _)?: setting.rawValue
            case .pageSizeOutOfRange?: "page"
            case .noRoomForText?: "room"
            default: "unexpected \(error)"
            }
        }
        func assertThrows(_ settings: LayoutSettings, _ expected: String, _ message: String, line: UInt = #line) {
            XCTAssertThrowsError(try LayoutManager(fonts: fonts, settings: settings).layout(TextStorage("text")), message, line: line) {
                error in
                XCTAssertEqual(refused(error), expected, message, line: line)
            }
        }
        var settings = UnitSupport.settings()
        settings.fontSize = 0
        assertThrows(settings, "fontSize", "font size 0")
        settings = UnitSupport.settings(); settings.fontSize = .nan
        assertThrows(settings, "fontSize", "font size NaN")
        settings = UnitSupport.settings(); settings.fontSize = 2000
        assertThrows(settings, "fontSize", "font size 2000")
        settings = UnitSupport.settings(); settings.lineHeight = 0.2
        assertThrows(settings, "lineHeight", "line height 0.2")
        settings = UnitSupport.settings(); settings.lineHeight = .infinity
        assertThrows(settings, "lineHeight", "line height inf")
        settings = UnitSupport.settings(); settings.tabWidth = 0
        assertThrows(settings, "tabWidth", "tab width 0")
        settings = UnitSupport.settings(); settings.page.columns = 0
        assertThrows(settings, "columns", "no columns")
        assertThrows(UnitSupport.settings(margin: 200), "room", "margins wider than the page")
        assertThrows(UnitSupport.settings(margin: -1), "margins", "negative margin")
        assertThrows(UnitSupport.settings(width: 0), "page", "zero width")
        assertThrows(UnitSupport.settings(width: 2), "page", "narrower than the smallest PDF page")
        assertThrows(UnitSupport.settings(height: .nan), "page", "NaN height")
        assertThrows(UnitSupport.settings(columns: 2, gutter: 400), "room", "gutter eats the page")
        assertThrows(UnitSupport.settings(gutter: -5), "gutter", "negative gutter")
    }
}
