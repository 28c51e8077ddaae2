import XCTest
@testable import PaginateKit

/// The greedy first-fit line breaker: never breaks early, never overflows except by one cluster,
/// lets trailing spaces hang, and breaks overlong words between grapheme clusters.
final class LineBreakerTests: XCTestCase {
    /// A real paragraph (the opening of Pride and Prejudice, chapter 1, with dialogue and dashes).
    private let prose = """
        However little known the feelings or views of such a man may be on his first entering a \
        neighbourhood, this truth is so well fixed in the minds of the surrounding families, that he is \
        considered as the rightful property of some one or other of their daughters. “My dear Mr. \
        Bennet,” said his lady to him one day, “have you heard that Netherfield Park is let at last?” \
        Mr. Bennet replied that he had not. “But it is,” returned she; “for Mrs. Long has just been \
        here, and she told me all about it.” And in the sect--fairly large and yet unusually \
        choice--of Austenians or Janites, there would probably be found partisans of the claim to \
        primacy of almost every one of the novels; a well-known, out-of-the-way (parenthetical) remark.
        """

    private let cjk = "如是我聞。一時佛在舍衛國。祇樹給孤獨園。與大比丘眾。千二百五十人俱。爾時。世尊食時。著衣持缽。入舍衛大城。乞食於其城中。次第乞已。還至本處。"

    private func prepare(_ text: String) throws -> PreparedParagraph {
        PreparedParagraph(UnitSupport.paragraph(text), fonts: try UnitSupport.fonts())
    }

    private func lines(_ prepared: PreparedParagraph, maxWidth: Int, tabStop: Int = 2536) -> [LineBreaker.Line] {
        var breaker = LineBreaker(prepared, tabStop: tabStop)
        var result: [LineBreaker.Line] = []
        while let line = breaker.nextLine(maxWidth: maxWidth) {
            result.append(line)
            if result.count > prepared.count + 1 { XCTFail("the breaker does not advance"); break }
        }
        XCTAssertTrue(breaker.isFinished)
        return result
    }

    private func isHanging(_ scalar: UInt32) -> Bool { scalar == 0x20 || scalar == 0x09 || scalar == 0x3000 }

    /// Width of the drawn part of `range` (no tabs in these texts), trailing white space excluded.
    private func contentWidth(_ prepared: PreparedParagraph, _ range: Range<Int>) -> Int {
        var end = range.upperBound
        while end > range.lowerBound && isHanging(prepared.paragraph.scalars[end - 1]) { end -= 1 }
        return prepared.advances[range.lowerBound..<end].reduce(0) { $0 + Int($1) }
    }

    /// The first segment starting at `start`: up to and including the first break opportunity.
    private func firstSegment(_ prepared: PreparedParagraph, from start: Int) -> Range<Int> {
        var end = start
        while end < prepared.count - 1 && prepared.actions[end] == .prohibited { end += 1 }
        return start..<(end + 1)
    }

    /// The widest segment of the paragraph (no line narrower than this needs an emergency break).
    private func widestSegment(_ prepared: PreparedParagraph) -> Int {
        var widest = 0
        var start = 0
        while start < prepared.count {
            let segment = firstSegment(prepared, from: start)
            widest = max(widest, contentWidth(prepared, segment))
            start = segment.upperBound
        }
        return widest
    }

    private func assertGreedy(_ text: String, widths: [Int], file: StaticString = #filePath, line: UInt = #line) throws {
        let prepared = try prepare(text)
        let widest = widestSegment(prepared)
        for maxWidth in widths where maxWidth >= widest {
            let result = lines(prepared, maxWidth: maxWidth)
            XCTAssertFalse(result.isEmpty, file: file, line: line)
            // The lines cover the paragraph without gaps.
            XCTAssertEqual(result.first?.range.lowerBound, 0, file: file, line: line)
            XCTAssertEqual(result.last?.range.upperBound, prepared.count, file: file, line: line)
            for (a, b) in zip(result, result.dropFirst()) {
                XCTAssertEqual(a.range.upperBound, b.range.lowerBound, file: file, line: line)
            }
            for (index, current) in result.enumerated() {
                XCTAssertEqual(current.width, contentWidth(prepared, current.range), "width is the content advance", file: file, line: line)
                XCTAssertLessThanOrEqual(current.width, maxWidth, "line \(index) overflows at \(maxWidth)", file: file, line: line)
                XCTAssertNotEqual(
                    prepared.actions[current.range.upperBound - 1], .prohibited,
                    "line \(index) must end at a break opportunity", file: file, line: line)
                guard index + 1 < result.count else { continue }
                // Greedy: the next line's first segment would not have fitted on this line.
                let pen = prepared.advances[current.range].reduce(0) { $0 + Int($1) }
                let segment = firstSegment(prepared, from: result[index + 1].range.lowerBound)
                let joined = pen + contentWidth(prepared, segment)
                XCTAssertGreaterThan(
                    joined, maxWidth,
                    "line \(index) at width \(maxWidth) broke early: '\(UnitSupport.string(Array(prepared.paragraph.scalars[segment])))' would have fitted",
                    file: file, line: line)
            }
        }
    }

    // MARK: Greedy

    func testGreedyNeverBreaksEarlyOnProse() throws {
        try assertGreedy(prose, widths: Array(stride(from: 4_000, through: 60_000, by: 397)) + [100_000, 1_000_000])
    }

    func testGreedyNeverBreaksEarlyOnCJK() throws {
        try assertGreedy(cjk, widths: Array(stride(from: 2_000, through: 40_000, by: 250)))
    }

    func testWholeParagraphOnOneLineWhenWide() throws {
        XCTAssertTrue(prose.contains("entering a neighbourhood, this"), "the continuation lines keep their spaces")
        let prepared = try prepare(prose)
        let result = lines(prepared, maxWidth: Int.max / 4)
        XCTAssertEqual(result.count, 1)
        XCTAssertEqual(result[0].range, 0..<prepared.count)
    }

    func testLineCountShrinksAsWidthGrows() throws {
        let prepared = try prepare(prose)
        var previous = Int.max
        for maxWidth in stride(from: 8_000, through: 80_000, by: 4_000) {
            let count = lines(prepared, maxWidth: maxWidth).count
            XCTAssertLessThanOrEqual(count, previous, "more lines at a wider measure \(maxWidth)")
            previous = count
        }
    }

    // MARK: Hanging white space

    func testTrailingSpacesHang() throws {
        let fonts = try UnitSupport.fonts()
        let a = fonts.fonts[0].width(of: 0x61)!
        let prepared = try prepare("aaa     aaa")
        // The content "aaa" fits exactly; the five spaces after it do not, and need not.
        let result = lines(prepared, maxWidth: 3 * a)
        XCTAssertEqual(result.map(\.range), [0..<8, 8..<11])
        XCTAssertEqual(result[0].contentEnd, 3)
        XCTAssertEqual(result[0].width, 3 * a)
    }

    func testContentFittingExactlyStaysOnTheLine() throws {
        let fonts = try UnitSupport.fonts()
        let primary = fonts.fonts[0]
        let exact = "aaa bbb".unicodeScalars.reduce(0) { $0 + primary.width(of: $1.value)! }
        let prepared = try prepare("aaa bbb aaa")
        let fits = lines(prepared, maxWidth: exact)
        XCTAssertEqual(fits.map(\.range), [0..<8, 8..<11])
        XCTAssertEqual(fits[0].width, exact)
        XCTAssertEqual(fits[0].contentEnd, 7)
        // One thousandth less and "bbb" moves down.
        let short = lines(prepared, maxWidth: exact - 1)
        XCTAssertEqual(short.map(\.range), [0..<4, 4..<8, 8..<11])
    }

    func testIdeographicSpaceHangs() throws {
        let prepared = try prepare("漢字\u{3000}\u{3000}\u{3000}漢字")
        let result = lines(prepared, maxWidth: 2_000)
        XCTAssertEqual(result.map(\.range), [0..<5, 5..<7])
        XCTAssertEqual(result[0].width, 2_000)
        XCTAssertEqual(result[0].contentEnd, 2)
    }

    // MARK: Overlong words and clusters

    private func assertClusterBoundaries(
        _ prepared: PreparedParagraph, _ result: [LineBreaker.Line],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        for current in result {
            XCTAssertFalse(current.range.isEmpty, "every line holds at least one cluster", file: file, line: line)
            XCTAssertTrue(
                prepared.clusterStarts[current.range.lowerBound], "line starts inside a cluster: \(current.range)", file: file, line: line)
            if current.range.upperBound < prepared.count {
                XCTAssertTrue(
                    prepared.clusterStarts[current.range.upperBound], "line ends inside a cluster: \(current.range)", file: file, line: line
                )
            }
        }
        XCTAssertEqual(result.last?.range.upperBound, prepared.count, file: file, line: line)
    }

    func testOverlongLatinWordBreaksBetweenCharacters() throws {
        let word = "Honorificabilitudinitatibus"
        let prepared = try prepare("a " + word + " b")
        let maxWidth = 5_000
        let result = lines(prepared, maxWidth: maxWidth)
        XCTAssertEqual(result.first?.range, 0..<2, "the word starts a fresh line")
        XCTAssertGreaterThan(result.count, 3)
        for current in result { XCTAssertLessThanOrEqual(current.width, maxWidth) }
        // Each piece of the word is as long as possible: one more letter would overflow.
        for current in result.dropFirst().dropLast() where current.contentEnd == current.range.upperBound {
            let next = Int(prepared.advances[current.range.upperBound])
            XCTAssertGreaterThan(current.width + next, maxWidth)
        }
        assertClusterBoundaries(prepared, result)
    }

    func testCombiningMarksStayWithTheirBase() throws {
        // "é" as e + U+0301, ten times: one unbreakable word.
        let word = String(repeating: "e\u{301}", count: 10)
        let fonts = try UnitSupport.fonts()
        let e = fonts.fonts[0].width(of: 0x65)!
        let prepared = try prepare(word)
        let result = lines(prepared, maxWidth: 3 * e)
        XCTAssertEqual(result.map { $0.range.count }, [6, 6, 6, 2], "three clusters of two code points per line")
        assertClusterBoundaries(prepared, result)
        for current in result {
            XCTAssertEqual(prepared.paragraph.scalars[current.range.upperBound - 1], 0x301, "the mark stays with its e")
        }
    }

    func testClustersWithWideMembersAreNotSplit() throws {
        // Kana with a combining voiced mark, glued by word joiners so no break opportunity exists.
        // The mark makes the paragraph shaped: か + ゙ is drawn as one glyph (が), 1 em wide,
        // measured on the cluster's first code point; a cut must still fall between clusters.
        let cluster = "か\u{3099}\u{2060}"
        let prepared = try prepare(String(repeating: cluster, count: 6))
        XCTAssertTrue(prepared.actions.dropLast().allSatisfy { $0 == .prohibited })
        for maxWidth in [500, 1_000, 1_500, 2_000, 2_500, 3_000, 3_999, 4_000, 5_500] {
            let result = lines(prepared, maxWidth: maxWidth)
            assertClusterBoundaries(prepared, result)
            for current in result {
                let clusters = (current.range).filter { prepared.clusterStarts[$0] }.count
                if current.width > maxWidth {
                    XCTAssertTrue(
                        clusters <= 2 && prepared.paragraph.scalars[current.range.lowerBound] == 0x304B,
                        "only a lone cluster may overflow (width \(maxWidth), line \(current.range))")
                }
            }
            if maxWidth >= 2_000 {
                XCTAssertTrue(result.allSatisfy { $0.width <= maxWidth }, "width \(maxWidth)")
            }
        }
        // At 3000: three shaped clusters (1000 each) fit; at 4000, four.
        XCTAssertEqual(lines(prepared, maxWidth: 3_000).first?.range, 0..<9)
        XCTAssertEqual(lines(prepared, maxWidth: 4_000).first?.range, 0..<12)
        XCTAssertEqual(prepared.advances.prefix(3), [1_000, 0, 0], "the mark is drawn on its kana, taking no room")
    }

    func testHangulJamoClustersAreNotSplit() throws {
        // Conjoining jamo L V T: one syllable per cluster; breaks are allowed only between syllables.
        let syllable = "\u{1100}\u{1161}\u{11A8}"
        let prepared = try prepare(String(repeating: syllable, count: 5))
        XCTAssertEqual(prepared.clusterStarts.filter { $0 }.count, 5)
        for maxWidth in [1, 500, 1_000, 1_999, 2_000, 3_000, 4_000, 7_000] {
            let result = lines(prepared, maxWidth: maxWidth)
            assertClusterBoundaries(prepared, result)
            XCTAssertTrue(result.allSatisfy { $0.range.count % 3 == 0 }, "width \(maxWidth): \(result.map(\.range))")
        }
        // A measure narrower than one syllable still puts one syllable on each line.
        XCTAssertEqual(lines(prepared, maxWidth: 1).map(\.range), [0..<3, 3..<6, 6..<9, 9..<12, 12..<15])
    }

    func testTinyWidthStillPlacesOneClusterPerLine() throws {
        let prepared = try prepare("ab e\u{301}c")
        let result = lines(prepared, maxWidth: 1)
        XCTAssertEqual(result.map(\.range), [0..<1, 1..<3, 3..<5, 5..<6])
        assertClusterBoundaries(prepared, result)
    }

    // MARK: Tabs and empty paragraphs

    func testTabAdvancesToTheNextStop() throws {
        let fonts = try UnitSupport.fonts()
        let primary = fonts.fonts[0]
        let tabStop = 8 * primary.width(of: 0x20)!
        let prepared = try prepare("a\tb")
        let result = lines(prepared, maxWidth: 100_000, tabStop: tabStop)
        XCTAssertEqual(result.count, 1)
        XCTAssertEqual(result[0].width, tabStop + primary.width(of: 0x62)!)
    }

    func testEmptyParagraphYieldsOneEmptyLine() throws {
        let prepared = try prepare("")
        let result = lines(prepared, maxWidth: 1_000)
        XCTAssertEqual(result, [LineBreaker.Line(range: 0..<0, contentEnd: 0, width: 0)])
    }

    func testBreakerIsAValueThatCanBeRetried() throws {
        let prepared = try prepare(prose)
        var breaker = LineBreaker(prepared, tabStop: 2536)
        var trial = breaker
        let narrow = trial.nextLine(maxWidth: 10_000)
        let wide = breaker.nextLine(maxWidth: 40_000)
        XCTAssertNotNil(narrow)
        XCTAssertNotNil(wide)
        XCTAssertLessThan(narrow!.range.upperBound, wide!.range.upperBound)
        XCTAssertEqual(breaker.position, wide!.range.upperBound)
        XCTAssertEqual(trial.position, narrow!.range.upperBound)
    }
}
