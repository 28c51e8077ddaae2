import Foundation
import XCTest
import PaginateKit
@testable import PaginateExport

final class TextSpreadTests: XCTestCase {
    func testThreePagesOddLastPage() {
        let layout = SpreadFixture.layout([
            [["It was a bright cold day in", "April, and the clocks were ", "", "striking thirteen."]],
            [["Winston Smith, his chin", "nuzzled into his breast,"]],
            [["slipped quickly through", "the glass doors of", "Victory Mansions."]],
        ])
        assertMatchesSnapshot(TextSpreadRenderer().render(layout), extension: "txt")
    }

    func testWideCharactersAlignByCells() {
        // "|" splits a line into runs, as a font fallback would.
        let layout = SpreadFixture.layout([
            [["吾輩は|猫である。", "名前はまだ無い。", "Latin after CJK"]],
            [["cafe\u{301} au lait", "mixed |中文| text", "全角ＡＢＣ"]],
        ])
        let output = TextSpreadRenderer().render(layout)
        assertMatchesSnapshot(output, extension: "txt")
        // The spine sits at the same terminal cell on every row, whatever the script.
        let spineCells = Set(
            output.split(separator: "\n").dropFirst().map { row in
                CellWidth.of(String(row[..<row.firstIndex(of: "|")!]))
            })
        XCTAssertEqual(spineCells.count, 1, output)
    }

    func testTwoColumns() {
        let layout = SpreadFixture.layout(
            [
                [["First column,", "top to bottom."], ["Second column", "continues here,", "and ends."]],
                [["Page two, left."], []],
            ], columns: 2)
        assertMatchesSnapshot(TextSpreadRenderer().render(layout), extension: "txt")
    }

    func testOnePagePerSpread() {
        let layout = SpreadFixture.layout([
            [["One page", "after another,"]],
            [["each under"]],
            [["its own label."]],
        ])
        assertMatchesSnapshot(TextSpreadRenderer(pagesPerSpread: 1).render(layout), extension: "txt")
    }

    func testNarrowPagesWidenToTheirLabels() {
        let layout = SpreadFixture.layout((1...11).map { [["p\($0)"]] })
        assertMatchesSnapshot(TextSpreadRenderer().render(layout), extension: "txt")
    }

    func testEmptyDocumentIsOneLabel() {
        let layout = SpreadFixture.layout([[[]]])
        XCTAssertEqual(TextSpreadRenderer().render(layout), "- 1 -\n")
    }

    func testNoTrailingSpacesAndOneFinalNewline() {
        let layouts = [
            SpreadFixture.layout([[["a long first line", "b"]], [["c "]], [["d"]]]),
            SpreadFixture.layout([[["x", "y", "z"]], [["w"]]], columns: 2),
        ]
        for layout in layouts {
            for perSpread in 1...2 {
                let output = TextSpreadRenderer(pagesPerSpread: perSpread).render(layout)
                XCTAssertTrue(output.hasSuffix("\n"), output)
                XCTAssertFalse(output.hasSuffix("\n\n"), output)
                for row in output.split(separator: "\n", omittingEmptySubsequences: false) {
                    XCTAssertFalse(row.hasSuffix(" "), "trailing space in \(row.debugDescription)")
                }
            }
        }
    }
}

/// Builds small layouts by hand, so exporter tests need neither fonts nor the line breaker.
enum SpreadFixture {
    /// A layout from pages of columns of lines. Every line takes its bytes plus one for a line
    /// break, so pages partition the source like a real layout's; a `|` in a line splits it into
    /// separate runs (and is not part of the text).
    static func layout(_ pages: [[[String]]], columns: Int = 1) -> Layout {
        var settings = LayoutSettings.bookDefaults
        settings.page.columns = columns
        let pitch = settings.fontSize * settings.lineHeight
        var offset = 0
        var built: [Page] = []
        for (pageIndex, pageColumns) in pages.enumerated() {
            let pageStart = offset
            var containers: [ContainerLayout] = []
            for (columnIndex, lines) in pageColumns.enumerated() {
                var fragments: [LineFragment] = []
                for (lineIndex, line) in lines.enumerated() {
                    let lineStart = offset
                    var runs: [TextRun] = []
                    var x = 0.0
                    for piece in line.split(separator: "|") {
                        let length = piece.utf8.count
                        let width = Double(length) * 6
                        runs.append(
                            TextRun(
                                fontIndex: runs.count % 2, text: String(piece), x: x, width: width,
                                sourceRange: offset..<offset + length))
                        x += width
                        offset += length
                    }
                    offset += 1
                    fragments.append(
                        LineFragment(
                            range: lineStart..<offset, origin: Point(x: 0, y: Double(lineIndex) * pitch),
                            width: x, height: pitch, baseline: settings.fontSize, runs: runs))
                }
                containers.append(ContainerLayout(frame: settings.page.columnFrame(columnIndex), lines: fragments))
            }
            built.append(Page(number: pageIndex + 1, range: pageStart..<offset, containers: containers))
        }
        return Layout(pages: built, sourceLength: offset, settings: settings, diagnostics: TextDiagnostics())
    }
}

/// Compares `actual` with the golden file `Snapshots/<test name>.<extension>` next to this file.
///
/// With `PAGINATE_RECORD_SNAPSHOTS=1` the golden file is written instead, and the test fails so a
/// recording run can never pass by accident. Shared by the exporter tests of this target.
func assertMatchesSnapshot(
    _ actual: String, extension ext: String, testName: String = #function,
    file: StaticString = #filePath, line: UInt = #line
) {
    let name = testName.hasSuffix("()") ? String(testName.dropLast(2)) : testName
    let url = URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
        .appendingPathComponent("Snapshots").appendingPathComponent("\(name).\(ext)")
    if ProcessInfo.processInfo.environment["PAGINATE_RECORD_SNAPSHOTS"] == "1" {
        do {
            try Data(actual.utf8).write(to: url)
            XCTFail(
                "Recorded \(url.lastPathComponent); check it, then rerun without PAGINATE_RECORD_SNAPSHOTS",
                file: file, line: line)
        } catch {
            XCTFail("Could not record \(url.lastPathComponent): \(error)", file: file, line: line)
        }
        return
    }
    guard let data = FileManager.default.contents(atPath: url.path), let expected = String(data: data, encoding: .utf8) else {
        XCTFail(
            "Missing snapshot \(url.lastPathComponent); run with PAGINATE_RECORD_SNAPSHOTS=1 to record it",
            file: file, line: line)
        return
    }
    guard actual != expected else { return }
    // Point at the first differing line: whole-file diffs of long strings are unreadable.
    let actualLines = actual.components(separatedBy: "\n")
    let expectedLines = expected.components(separatedBy: "\n")
    let common = min(actualLines.count, expectedLines.count)
    let index = (0..<common).first { actualLines[$0] != expectedLines[$0] } ?? common
    let got = index < actualLines.count ? actualLines[index].debugDescription : "end of output"
    let wanted = index < expectedLines.count ? expectedLines[index].debugDescription : "end of snapshot"
    XCTFail(
        "\(url.lastPathComponent) differs at line \(index + 1):\n  got:      \(got)\n  expected: \(wanted)\n\nActual output:\n\(actual)",
        file: file, line: line)
}

/// Right-to-left paragraphs in spreads: logical text, set against the right edge of the column.
final class TextSpreadDirectionTests: XCTestCase {
    func testRightToLeftLinesAlignRight() throws {
        let hebrew = "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf"
        guard FileManager.default.fileExists(atPath: hebrew) else {
            return XCTFail("Noto Sans Hebrew is missing: install Debian's fonts-noto-core")
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let fonts = try FontChain(paths: [root.appendingPathComponent("Fonts/DejaVuSerif.ttf").path, hebrew])
        let settings = LayoutSettings(
            page: PageSetup(size: Size(width: 300, height: 200), margins: EdgeInsets(all: 20)),
            fontSize: 11)
        // "שלום עולם" (hello, world), then an English paragraph.
        let layout = try LayoutManager(fonts: fonts, settings: settings).layout(TextStorage("שלום עולם\n\nA longer English line"))
        let rows = TextSpreadRenderer(pagesPerSpread: 1).render(layout).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(rows[1], "            שלום עולם", "logical order, padded on the left to the column's width")
        XCTAssertEqual(rows[3], "A longer English line")
    }
}
