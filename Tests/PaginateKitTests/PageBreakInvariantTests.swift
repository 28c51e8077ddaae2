import XCTest
@testable import PaginateKit

/// Generated texts for the page-break tests: varied prose, CJK lines (taller than Latin ones),
/// tabs, form feeds and blank lines, with chapter headings between the blocks.
enum PageBreakSupport {
    /// Typography that moves lines between containers: every rule of `BreakRules` on its own and together.
    static let typographies: [(name: String, typography: Typography)] = [
        ("widows 1 orphans 1", Typography(widows: 1, orphans: 1)),
        ("widows 3 orphans 4", Typography(widows: 3, orphans: 4)),
        ("chapter breaks", Typography(chapterBreak: true)),
        ("indent and spacing", Typography(firstLineIndent: 18, paragraphSpacing: 5)),
        ("everything", Typography(widows: 3, orphans: 2, firstLineIndent: 250, paragraphSpacing: 9.5, chapterBreak: true)),
        ("custom headings", Typography(headingPattern: "^[A-Z][A-Z .,;:’']+$", chapterBreak: true)),
        ("bold headings", Typography(headingStyle: .bold)),
        (
            "bold italic headings, indent, spacing, chapter breaks",
            Typography(firstLineIndent: 18, paragraphSpacing: 5, chapterBreak: true, headingStyle: .boldItalic)
        ),
    ]

    static func textWithHeadings(seed: UInt64) -> String {
        let blocks = QueryTextGenerator.text(seed: seed, paragraphs: 40).components(separatedBy: "\n\n")
        var rng = QuerySeededGenerator(seed: seed &* 31)
        var out: [String] = []
        for (index, block) in blocks.enumerated() {
            if rng.chance(30) { out.append(rng.chance(70) ? "CHAPTER \(index + 1)." : "BOOK \(index + 1)\n\nCHAPTER I") }
            out.append(block)
        }
        return out.joined(separator: "\n\n")
    }
}

/// What every layout must satisfy whatever the typography: pages partition the text, no line
/// leaves its container, and the paragraph rules hold wherever the containers leave room for them.
final class PageBreakInvariantTests: XCTestCase {
    /// One paragraph's lines in one container.
    private struct Piece {
        var paragraph: Int
        var container: Int
        var count: Int
        var atTop: Bool
    }

    /// Checks the rules on a layout of `bytes` in `blank`/`auto` mode with the built-in headings.
    private func assertRules(
        _ layout: Layout, _ bytes: [UInt8], _ context: String,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let settings = layout.settings
        let typography = settings.typography
        let paragraphs = TextStorage(bytes: bytes).paragraphs(mode: settings.paragraphMode).paragraphs
        let starts = paragraphs.map(\.startOffset)
        func paragraph(of offset: Int) -> Int {
            var low = 0
            var high = starts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return low
        }
        var pieces: [Piece] = []
        let containers = layout.pages.flatMap(\.containers)
        for (index, container) in containers.enumerated() {
            for (position, fragment) in container.lines.enumerated() {
                let owner = paragraph(of: fragment.range.lowerBound)
                if position == 0 {
                    XCTAssertNotEqual(
                        paragraphs[owner].kind, .separator, "\(context): container \(index) starts with a blank line",
                        file: file, line: line)
                }
                if let last = pieces.last, last.paragraph == owner, last.container == index {
                    pieces[pieces.count - 1].count += 1
                } else {
                    pieces.append(Piece(paragraph: owner, container: index, count: 1, atTop: position == 0))
                }
            }
        }
        let capacity = Int((settings.page.columnHeight / (settings.lineHeight * settings.fontSize)).rounded(.down))
        var checkedSplits = 0
        var checkedHeadings = 0
        for (index, piece) in pieces.enumerated() where paragraphs[piece.paragraph].kind == .text {
            let isFirst = index == 0 || pieces[index - 1].paragraph != piece.paragraph
            guard isFirst else { continue }
            let parts = pieces[index...].prefix { $0.paragraph == piece.paragraph }
            let total = parts.reduce(0) { $0 + $1.count }
            if parts.count > 1 && capacity >= typography.widows + typography.orphans {
                checkedSplits += 1
                if !piece.atTop {
                    XCTAssertGreaterThanOrEqual(
                        piece.count, typography.orphans,
                        "\(context): orphans of paragraph \(piece.paragraph) in container \(piece.container)",
                        file: file, line: line)
                }
                if total >= typography.widows + typography.orphans {
                    XCTAssertGreaterThanOrEqual(
                        parts.last!.count, typography.widows,
                        "\(context): widows of paragraph \(piece.paragraph) in container \(parts.last!.container)",
                        file: file, line: line)
                }
            }
            // A heading not at the top of its container has the next text in the same container.
            let heading = paragraphs[piece.paragraph]
            if heading.isHeading && !piece.atTop && !heading.breaksPageAfter {
                guard let next = pieces[(index + parts.count)...].first(where: { paragraphs[$0.paragraph].kind == .text }) else { continue }
                checkedHeadings += 1
                XCTAssertEqual(
                    next.container, parts.last!.container,
                    "\(context): heading \(piece.paragraph) ends container \(parts.last!.container)", file: file, line: line)
            }
        }
        XCTAssertGreaterThan(checkedSplits + checkedHeadings, 0, "\(context): nothing was checked", file: file, line: line)
    }

    private func layout(_ bytes: [UInt8], _ settings: LayoutSettings) throws -> Layout {
        try LayoutManager(fonts: UnitSupport.fonts(), settings: settings).layout(TextStorage(bytes: bytes), includeRuns: true)
    }

    func testPrideAndPrejudiceFollowsTheRules() throws {
        let book = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        for typography in [
            Typography(), Typography(widows: 3, orphans: 4), Typography(firstLineIndent: 20, paragraphSpacing: 4),
            Typography(widows: 2, orphans: 2, chapterBreak: true),
        ] {
            for columns in [1, 2] {
                var settings = UnitSupport.settings(width: columns == 1 ? 400 : 595, height: columns == 1 ? 600 : 842, columns: columns)
                settings.typography = typography
                let layout = try layout(book, settings)
                let context = "P&P, \(columns) column(s), widows \(typography.widows) orphans \(typography.orphans)"
                UnitSupport.assertPartition(layout, context)
                GridText.assertNoOverflow(layout)
                assertRules(layout, book, context)
            }
        }
    }

    func testGeneratedTextsKeepThePartitionAndStayInside() throws {
        for seed in 1...8 {
            let bytes = Array(PageBreakSupport.textWithHeadings(seed: UInt64(seed)).utf8)
            for (name, typography) in PageBreakSupport.typographies {
                var settings = UnitSupport.settings(
                    width: 230, height: 150 + Double(seed) * 11, margin: 12, columns: seed % 2 + 1,
                    gutter: 8, mode: seed % 3 == 0 ? .blank : .auto)
                settings.typography = typography
                let layout = try layout(bytes, settings)
                UnitSupport.assertPartition(layout, "seed \(seed), \(name)")
                GridText.assertNoOverflow(layout)
            }
        }
    }

    func testLayoutThroughAnOffsetGivesTheFullLayoutsPages() throws {
        let book = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        let storage = TextStorage(bytes: Array(book.prefix(150_000)))
        var settings = UnitSupport.settings(columns: 2)
        settings.typography = Typography(widows: 3, orphans: 3, firstLineIndent: 15, paragraphSpacing: 6, chapterBreak: true)
        let manager = LayoutManager(fonts: try UnitSupport.fonts(), settings: settings)
        let full = try manager.layout(storage, includeRuns: false)
        for offset in stride(from: 0, to: storage.length, by: 9_973) {
            let partial = try manager.layout(storage, includeRuns: false, through: offset)
            let index = try XCTUnwrap(full.pageIndex(containing: offset))
            XCTAssertEqual(partial.pages.prefix(index + 1).map(\.range), full.pages.prefix(index + 1).map(\.range), "through \(offset)")
            XCTAssertEqual(partial.pages.prefix(index + 1).map(\.lines), full.pages.prefix(index + 1).map(\.lines), "through \(offset)")
        }
    }

    func testParagraphSpacingSeparatesParagraphsInAContainer() throws {
        let book = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        var settings = LayoutSettings.bookDefaults
        settings.typography.paragraphSpacing = 7
        let layout = try layout(Array(book.prefix(80_000)), settings)
        var gaps = 0
        for container in layout.pages.flatMap(\.containers) {
            for (above, below) in zip(container.lines, container.lines.dropFirst()) {
                let gap = below.origin.y - (above.origin.y + above.height)
                XCTAssertTrue(abs(gap) < 1e-9 || abs(gap - 7) < 1e-9, "a gap of \(gap) pt")
                if abs(gap - 7) < 1e-9 { gaps += 1 }
            }
        }
        XCTAssertGreaterThan(gaps, 100)
        XCTAssertTrue(layout.pages.flatMap(\.lines).allSatisfy { !$0.runs.isEmpty }, "no empty lines stand for separators")
    }
}
