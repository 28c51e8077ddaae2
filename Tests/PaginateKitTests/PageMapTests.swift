import XCTest
@testable import PaginateKit

/// Page ranges partition the source bytes, and the queries agree with them.
final class PageMapTests: XCTestCase {
    /// A small page (180×130 pt column: nine 11 pt lines) so short inputs still make many pages.
    private func smallPage(_ mode: ParagraphMode, columns: Int = 1) -> LayoutSettings {
        UnitSupport.settings(width: columns == 1 ? 200 : 380, height: 150, margin: 10, columns: columns, mode: mode)
    }

    private func layout(_ bytes: [UInt8], _ settings: LayoutSettings, includeRuns: Bool = false) throws -> Layout {
        try LayoutManager(fonts: UnitSupport.fonts(), settings: settings).layout(TextStorage(bytes: bytes), includeRuns: includeRuns)
    }

    /// Partition, `pageIndex(containing:)` at every page's first and last byte, and
    /// `lineFragment(containing:)` at those bytes and a sample of others.
    private func assertQueries(
        _ layout: Layout, _ context: String, sampleStride: Int = 1,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        UnitSupport.assertPartition(layout, context, file: file, line: line)
        let length = layout.sourceLength
        XCTAssertNil(layout.pageIndex(containing: -1), context, file: file, line: line)
        XCTAssertNil(layout.pageIndex(containing: length + 1), context, file: file, line: line)
        XCTAssertEqual(layout.pageIndex(containing: length), layout.pageCount - 1, context, file: file, line: line)

        var probes: Set<Int> = [length]
        for (index, page) in layout.pages.enumerated() where !page.range.isEmpty {
            XCTAssertEqual(
                layout.pageIndex(containing: page.range.lowerBound), index,
                "\(context): first byte of page \(page.number)", file: file, line: line)
            XCTAssertEqual(
                layout.pageIndex(containing: page.range.upperBound - 1), index,
                "\(context): last byte of page \(page.number)", file: file, line: line)
            probes.insert(page.range.lowerBound)
            probes.insert(page.range.upperBound - 1)
            for fragment in page.lines where !fragment.range.isEmpty {
                probes.insert(fragment.range.lowerBound)
                probes.insert(fragment.range.upperBound - 1)
            }
        }
        for offset in stride(from: 0, to: length, by: max(1, sampleStride)) { probes.insert(offset) }

        for offset in probes.sorted() {
            guard let pageIndex = layout.pageIndex(containing: offset) else {
                XCTFail("\(context): no page for offset \(offset)", file: file, line: line)
                continue
            }
            let page = layout.pages[pageIndex]
            if offset < length {
                XCTAssertTrue(
                    page.range.contains(offset), "\(context): page \(page.number) \(page.range) does not hold \(offset)", file: file,
                    line: line)
            }
            guard let found = layout.lineFragment(containing: offset) else {
                XCTFail("\(context): no line for offset \(offset)", file: file, line: line)
                continue
            }
            XCTAssertEqual(found.page, pageIndex, "\(context): offset \(offset)", file: file, line: line)
            if offset < length {
                XCTAssertTrue(
                    found.line.range.contains(offset),
                    "\(context): line \(found.line.range) does not hold offset \(offset)", file: file, line: line)
            } else {
                XCTAssertEqual(found.line.range.upperBound, length, "\(context): end of text", file: file, line: line)
            }
        }

        let map = layout.pageMap
        XCTAssertEqual(map.map(\.page), layout.pages.map(\.number), context, file: file, line: line)
        XCTAssertEqual(map.map(\.range), layout.pages.map(\.range), context, file: file, line: line)
        XCTAssertEqual(map.map(\.lineCount), layout.pages.map(\.lineCount), context, file: file, line: line)
    }

    // MARK: Corpus

    func testPrideAndPrejudicePartitions() throws {
        let bytes = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        let result = try layout(bytes, UnitSupport.settings(mode: .auto))
        XCTAssertGreaterThan(result.pageCount, 300)
        XCTAssertEqual(result.sourceLength, bytes.count)
        assertQueries(result, "P&P auto", sampleStride: 1_009)
    }

    func testPrideAndPrejudiceTwoColumnsLinesMode() throws {
        let bytes = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        let result = try layout(Array(bytes.prefix(150_000)), UnitSupport.settings(columns: 2, mode: .lines))
        assertQueries(result, "P&P lines, 2 columns", sampleStride: 331)
    }

    func testSutraPartitions() throws {
        let bytes = try UnitSupport.corpusBytes("diamond-sutra.txt")
        for mode in ParagraphMode.allCases {
            let result = try layout(bytes, UnitSupport.settings(mode: mode))
            XCTAssertGreaterThan(result.pageCount, 3)
            assertQueries(result, "sutra \(mode)", sampleStride: 7)
            // Lines start on character boundaries (never inside a UTF-8 sequence).
            for page in result.pages {
                for line in page.lines where line.range.lowerBound < bytes.count {
                    XCTAssertNotEqual(bytes[line.range.lowerBound] & 0xC0, 0x80, "line starts inside a character")
                }
            }
        }
        let small = try layout(bytes, smallPage(.auto, columns: 2), includeRuns: true)
        assertQueries(small, "sutra small 2 columns", sampleStride: 3)
        // The sutra is CJK: the fallback font draws it.
        XCTAssertTrue(small.pages[0].lines.flatMap(\.runs).contains { $0.fontIndex == 1 })
    }

    // MARK: Tricky inputs

    private let tricky: [(String, [UInt8])] = [
        ("empty", []),
        ("one newline", Array("\n".utf8)),
        ("only newlines", Array(String(repeating: "\n", count: 40).utf8)),
        ("only CRLFs", Array(String(repeating: "\r\n", count: 25).utf8)),
        ("one form feed", [0x0C]),
        ("only form feeds", [0x0C, 0x0C, 0x0C, 0x0C]),
        ("form feeds and newlines", Array("\u{0C}\n\u{0C}\n\n\u{0C}".utf8)),
        ("trailing blank lines", Array("Some text here.\nMore text.\n\n\n\n\n".utf8)),
        ("leading blank lines", Array("\n\n\n\nText after blanks.".utf8)),
        ("text then form feed", Array("abc\u{0C}".utf8)),
        ("form feed then text", Array("\u{0C}abc".utf8)),
        ("separated page breaks", Array("a\n\u{0C}\n\u{0C}\nb\n\n\nc".utf8)),
        ("whitespace lines", Array("   \n\t\n  \n".utf8)),
        ("byte order mark only", [0xEF, 0xBB, 0xBF]),
        ("byte order mark and newline", [0xEF, 0xBB, 0xBF, 0x0A]),
        ("hidden controls only", [0x01, 0x02, 0x0A, 0x1B]),
        ("invalid bytes only", [0xFF, 0xFE, 0x80, 0xC0]),
        ("one long word", Array(String(repeating: "x", count: 600).utf8)),
        ("many short paragraphs", Array((1...120).map { "P\($0)." }.joined(separator: "\n\n").utf8)),
        ("prose", Array(String(repeating: "It is a truth universally acknowledged. ", count: 60).utf8)),
        ("cjk without spaces", Array(String(repeating: "如是我聞一時佛在舍衛國", count: 40).utf8)),
        ("mixed breaks", Array("a\r\nb\rc\u{85}d\u{2028}e\u{2029}f\u{0C}g".utf8)),
        ("tabs", Array("\tcol1\tcol2\n\t\t\tdeep\n".utf8)),
    ]

    func testTrickyInputsPartitionInEveryModeAndColumnCount() throws {
        for (name, bytes) in tricky {
            for mode in ParagraphMode.allCases {
                for columns in [1, 2] {
                    let context = "\(name), \(mode), \(columns) column(s)"
                    let result = try layout(bytes, smallPage(mode, columns: columns), includeRuns: true)
                    XCTAssertEqual(result.sourceLength, bytes.count, context)
                    assertQueries(result, context)
                }
            }
        }
    }

    func testFormFeedsInLinesModeGiveOnePagePerFormFeed() throws {
        let result = try layout([0x0C, 0x0C, 0x0C], smallPage(.lines))
        XCTAssertEqual(result.pages.map(\.range), [0..<1, 1..<2, 2..<3])
    }

    func testTrailingBlankLinesBelongToTheLastPage() throws {
        let text = Array("Line.\n\n\n\n".utf8)
        for mode in ParagraphMode.allCases {
            let result = try layout(text, smallPage(mode))
            XCTAssertEqual(result.pages.last?.range.upperBound, text.count, "mode \(mode)")
            XCTAssertEqual(result.lineFragment(containing: text.count - 1)?.line.range.upperBound, text.count, "mode \(mode)")
        }
    }

    func testQueriesOnAHandMadeLayout() {
        // Queries read only the pages, so a hand-made layout pins their contract, empty pages included.
        func line(_ range: Range<Int>) -> LineFragment {
            LineFragment(range: range, origin: Point(x: 0, y: 0), width: 0, height: 10, baseline: 8, runs: [])
        }
        let frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let pages = [
            Page(number: 1, range: 0..<10, containers: [ContainerLayout(frame: frame, lines: [line(0..<4), line(4..<10)])]),
            Page(number: 2, range: 10..<10, containers: [ContainerLayout(frame: frame, lines: [])]),
            Page(number: 3, range: 10..<25, containers: [ContainerLayout(frame: frame, lines: [line(10..<20), line(20..<25)])]),
        ]
        let result = Layout(pages: pages, sourceLength: 25, settings: UnitSupport.settings(), diagnostics: TextDiagnostics())
        XCTAssertEqual(result.pageIndex(containing: 0), 0)
        XCTAssertEqual(result.pageIndex(containing: 9), 0)
        XCTAssertEqual(result.pageIndex(containing: 10), 2, "the empty page holds no byte")
        XCTAssertEqual(result.pageIndex(containing: 24), 2)
        XCTAssertEqual(result.pageIndex(containing: 25), 2)
        XCTAssertNil(result.pageIndex(containing: 26))
        XCTAssertNil(result.pageIndex(containing: -1))
        XCTAssertEqual(result.lineFragment(containing: 3)?.line.range, 0..<4)
        XCTAssertEqual(result.lineFragment(containing: 4)?.line.range, 4..<10)
        XCTAssertEqual(result.lineFragment(containing: 19)?.line.range, 10..<20)
        XCTAssertEqual(result.lineFragment(containing: 25)?.line.range, 20..<25)
        XCTAssertEqual(result.lineFragment(containing: 25)?.page, 2)
        XCTAssertNil(result.lineFragment(containing: 30))
        XCTAssertEqual(result.pageMap.map(\.lineCount), [2, 0, 2])
    }
}
