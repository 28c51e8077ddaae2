import Foundation
import XCTest
@testable import PaginateKit

/// Digests of what the engine produces for the corpora under a matrix of options, recorded in
/// `Tests/Golden/layout.txt`: the page map, the line map and the draw list (what the PDF draws,
/// run by run) of the full layout, the page map of the parallel path, and a layout stopped early.
///
/// Any change to where a line breaks, where it is placed or how it is drawn changes a digest.
/// Re-record deliberately with `PAGINATE_RECORD_GOLDEN=1` after a change meant to move text.
final class LayoutGoldenTests: XCTestCase {
    private static let goldenFile = "layout.txt"

    /// The fonts of every case: regular, plus bold and bold italic for headings set in them.
    private func fonts() throws -> FontChain {
        try FontChain(
            paths: [UnitSupport.dejaVuPath, UnitSupport.droidPath],
            styles: [
                .bold: [UnitSupport.fontPath("DejaVuSerif-Bold.ttf"), UnitSupport.droidPath],
                .boldItalic: [UnitSupport.fontPath("DejaVuSerif-BoldItalic.ttf"), UnitSupport.droidPath],
            ])
    }

    private func settings(_ typography: Typography, on base: LayoutSettings = UnitSupport.settings()) -> LayoutSettings {
        var settings = base
        settings.typography = typography
        return settings
    }

    // MARK: Digests

    /// Page numbers, byte ranges and line counts, plus the diagnostics.
    static func digest(_ map: PageMap) -> String {
        var digest = GoldenDigest()
        for entry in map.entries {
            digest.add(entry.page)
            digest.add(entry.range.lowerBound)
            digest.add(entry.range.upperBound)
            digest.add(entry.lineCount)
        }
        digest.add(map.sourceLength)
        add(map.diagnostics, to: &digest)
        return digest.hex
    }

    private static func add(_ diagnostics: TextDiagnostics, to digest: inout GoldenDigest) {
        digest.add(diagnostics.invalidSequences)
        digest.add(diagnostics.hiddenControls)
        digest.add(diagnostics.clusterBrokenCharacters)
        digest.add(diagnostics.uncoveredCharacters)
    }

    /// Page → container (its frame) → line: byte range, origin, width, height, baseline, hyphen.
    static func lineDigest(_ layout: Layout) -> String {
        var digest = GoldenDigest()
        digest.add(layout.isComplete)
        for page in layout.pages {
            digest.add(page.number)
            digest.add(page.range.lowerBound)
            digest.add(page.range.upperBound)
            for (index, container) in page.containers.enumerated() {
                digest.add(index)
                digest.add(container.frame.minX)
                digest.add(container.frame.minY)
                digest.add(container.frame.width)
                digest.add(container.frame.height)
                digest.add(container.lines.count)
                for line in container.lines {
                    digest.add(line.range.lowerBound)
                    digest.add(line.range.upperBound)
                    digest.add(line.origin.x)
                    digest.add(line.origin.y)
                    digest.add(line.width)
                    digest.add(line.height)
                    digest.add(line.baseline)
                    digest.add(line.isHyphenated)
                }
            }
        }
        add(layout.diagnostics, to: &digest)
        return digest.hex
    }

    /// Every run as the PDF draws it: page, container, font, text, pen position on the page
    /// (x and baseline y), width, and the source bytes it stands for.
    static func drawDigest(_ layout: Layout) -> String {
        var digest = GoldenDigest()
        for page in layout.pages {
            for (index, container) in page.containers.enumerated() {
                for line in container.lines {
                    for run in line.runs {
                        digest.add(page.number)
                        digest.add(index)
                        digest.add(run.fontIndex)
                        digest.add(run.text)
                        digest.add(container.frame.minX + line.origin.x + run.x)
                        digest.add(container.frame.minY + line.origin.y + line.baseline)
                        digest.add(run.width)
                        digest.add(run.isHyphen)
                        digest.add(run.sourceRange.lowerBound)
                        digest.add(run.sourceRange.upperBound)
                    }
                }
            }
        }
        return digest.hex
    }

    /// Every caret stop of every line, which hit testing and range rectangles use.
    static func caretDigest(_ layout: Layout) -> String {
        var digest = GoldenDigest()
        for page in layout.pages {
            for line in page.lines {
                digest.add(line.caretStops.count)
                for stop in line.caretStops {
                    digest.add(stop.offset)
                    digest.add(stop.x)
                }
            }
        }
        return digest.hex
    }

    // MARK: Cases

    /// Lays out `bytes` every way the library offers and returns the digests under `name`.
    ///
    /// The parallel page map (one and two threads) must equal the full layout's: it is recorded
    /// once. The early-stopped layout must agree with the full layout on every page but its last.
    private func digests(
        _ name: String, _ bytes: [UInt8], _ settings: LayoutSettings,
        provider: ((Int) -> TextContainer)? = nil, runs: Bool = true
    ) throws -> [(key: String, digest: String)] {
        var manager = LayoutManager(fonts: try fonts(), settings: settings)
        if let provider { manager.containerProvider = provider }
        let storage = TextStorage(bytes: bytes)
        let full = try manager.layout(storage, includeRuns: runs)
        var result = [(key: "\(name) lines", digest: Self.lineDigest(full))]
        if runs {
            result.append((key: "\(name) draw", digest: Self.drawDigest(full)))
            result.append((key: "\(name) carets", digest: Self.caretDigest(full)))
        }
        let fromLayout = PageMap(full)
        result.append((key: "\(name) map", digest: Self.digest(fromLayout)))
        for jobs in [1, 2] {
            let map = try manager.pageMap(storage, jobs: jobs)
            XCTAssertEqual(map.entries.count, fromLayout.entries.count, "\(name), jobs \(jobs): page count")
            XCTAssertEqual(Self.digest(map), Self.digest(fromLayout), "\(name), jobs \(jobs): page map differs from the layout's")
        }
        let offset = bytes.count * 2 / 5
        let partial = try manager.layout(storage, includeRuns: false, through: offset)
        result.append((key: "\(name) through", digest: Self.lineDigest(partial)))
        let shared = partial.pages.count - (partial.isComplete ? 0 : 1)
        XCTAssertLessThanOrEqual(shared, full.pages.count, name)
        for index in 0..<min(shared, full.pages.count) {
            XCTAssertEqual(partial.pages[index].range, full.pages[index].range, "\(name), through \(offset): page \(index + 1)")
        }
        return result
    }

    func testBookUnderEveryOption() throws {
        let book = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        var all: [(key: String, digest: String)] = []
        all += try digests("P&P defaults", book, UnitSupport.settings())
        all += try digests("P&P two-columns", book, UnitSupport.settings(width: 595, height: 842, columns: 2))
        all += try digests(
            "P&P justify-hyphenate-kern", book,
            settings(Typography(alignment: .justify, hyphenationLanguage: "en-US", kerning: true)))
        all += try digests("P&P widows-orphans", book, settings(Typography(widows: 3, orphans: 4)))
        all += try digests("P&P headings-chapters", book, settings(Typography(chapterBreak: true, headingStyle: .bold)))
        all += try digests("P&P indent-spacing", book, settings(Typography(firstLineIndent: 18, paragraphSpacing: 5)))
        all += try digests("P&P small-pages", book, UnitSupport.settings(width: 150, height: 200, margin: 10))
        try GoldenFile.check(all, in: Self.goldenFile)
    }

    /// Containers of unequal shapes, through `containerProvider`: exclusions the text flows around,
    /// and columns of changing width.
    func testBookInCustomContainers() throws {
        let book = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        let settings = UnitSupport.settings()
        let column = Size(width: settings.page.columnWidth, height: settings.page.columnHeight)
        var all: [(key: String, digest: String)] = []
        all += try digests("P&P exclusions", book, settings) { index in
            switch index % 3 {
            case 0: TextContainer(size: column, exclusions: [Rect(x: 120, y: 150, width: 100, height: 90)])
            case 1:
                TextContainer(
                    size: column,
                    exclusions: [
                        Rect(x: 0, y: 0, width: 140, height: 60),
                        Rect(x: 250, y: 300, width: 200, height: 40),
                    ])
            default: TextContainer(size: column)
            }
        }
        var justified = settings
        justified.typography = Typography(alignment: .justify, widows: 3, orphans: 3, firstLineIndent: 12, chapterBreak: true)
        all += try digests("P&P unequal-widths justified", book, justified) { index in
            TextContainer(size: Size(width: column.width - Double(index % 4) * 40, height: column.height))
        }
        try GoldenFile.check(all, in: Self.goldenFile)
    }

    func testSutraAndGeneratedTexts() throws {
        let sutra = try UnitSupport.corpusBytes("diamond-sutra.txt")
        var all: [(key: String, digest: String)] = []
        all += try digests("sutra defaults", sutra, UnitSupport.settings())
        all += try digests(
            "sutra justify-hyphenate-kern", sutra,
            settings(Typography(alignment: .justify, hyphenationLanguage: "en-US", kerning: true)))
        all += try digests(
            "sutra three-columns", sutra, UnitSupport.settings(width: 300, height: 200, margin: 20, columns: 3, mode: .blank))
        all += try digests("sutra small-pages", sutra, UnitSupport.settings(width: 150, height: 200, margin: 10))
        let everything = Typography(
            widows: 3, orphans: 2, firstLineIndent: 250, paragraphSpacing: 9.5, chapterBreak: true,
            headingStyle: .boldItalic)
        for seed in 1...3 {
            let text = Array(PageBreakSupport.textWithHeadings(seed: UInt64(seed)).utf8)
            all += try digests(
                "headings \(seed) everything", text,
                settings(everything, on: UnitSupport.settings(width: 220, height: 180, margin: 12, columns: seed, gutter: 8)))
            all += try digests(
                "headings \(seed) chapters", text,
                settings(Typography(chapterBreak: true), on: UnitSupport.settings(width: 220, height: 180, margin: 12)))
        }
        let tricky =
            "a\n\n\nb\n\n\n\u{0C}\n\nc\u{0C}\u{0C}\t\tx\ty\n" + String(repeating: "word ", count: 300)
            + String(repeating: "長", count: 500) + "e\u{301}\u{301}" + String(repeating: "x", count: 400) + "\u{1F600} \u{80} \u{7} bad"
        for mode in ParagraphMode.allCases {
            all += try digests("tricky \(mode)", Array(tricky.utf8), UnitSupport.settings(width: 150, height: 120, margin: 10, mode: mode))
        }
        try GoldenFile.check(all, in: Self.goldenFile)
    }

    /// The longest text, for the paths that matter at scale: the parallel page map (also through
    /// a paragraph memo, cold and warm) and a layout stopped early (a full sequential layout of it
    /// would take most of a minute in a debug build; the other cases cover that path).
    func testBookTimesEight() throws {
        let book = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        let bytes = Array(repeating: book, count: 8).flatMap { $0 }
        let settings = settings(Typography(alignment: .justify))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("golden-memo-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var manager = LayoutManager(fonts: try fonts(), settings: settings)
        let storage = TextStorage(bytes: bytes)
        let map = try manager.pageMap(storage, jobs: 2)
        let partial = try manager.layout(storage, includeRuns: false, through: bytes.count / 12)
        XCTAssertFalse(partial.isComplete)
        for index in 0..<(partial.pages.count - 1) {
            XCTAssertEqual(partial.pages[index].range, map.entries[index].range, "through: page \(index + 1)")
        }
        manager.paragraphMemo = ParagraphMemo(directory: directory, version: "golden")
        let cold = try manager.pageMap(storage, jobs: 2)
        let warm = try manager.pageMap(storage, jobs: 2)
        XCTAssertEqual(Self.digest(cold), Self.digest(map), "a cold paragraph memo must give the same pages")
        XCTAssertEqual(Self.digest(warm), Self.digest(map), "a warm paragraph memo must give the same pages")
        try GoldenFile.check(
            [
                (key: "P&P×8 justify map", digest: Self.digest(map)),
                (key: "P&P×8 justify through", digest: Self.lineDigest(partial)),
            ], in: Self.goldenFile)
    }
}
