import XCTest
@testable import PaginateKit

/// Line alignment: justified lines fill the measure (their last line stays natural), centred and
/// right-aligned lines sit where they should, hyphenated lines end with a drawn hyphen that is not
/// in the source, and no line leaves its container.
final class JustificationTests: XCTestCase {
    private func layout(_ text: String, _ typography: Typography, width: Double = 260) throws -> Layout {
        var settings = UnitSupport.settings(width: width, height: 2000, margin: 20)
        settings.typography = typography
        return try LayoutManager(fonts: try UnitSupport.fonts(), settings: settings).layout(TextStorage(bytes: Array(text.utf8)))
    }

    private let text = """
        It is a truth universally acknowledged, that a single man in possession of a good fortune, must \
        be in want of a wife. However little known the feelings or views of such a man may be on his \
        first entering a neighbourhood, this truth is so well fixed in the minds of the surrounding \
        families, that he is considered the rightful property of some one or other of their daughters.

        “My dear Mr. Bennet,” said his lady to him one day, “have you heard that Netherfield Park is let at last?”
        """

    private func textLines(_ layout: Layout) -> [LineFragment] {
        layout.pages.flatMap { $0.containers.flatMap(\.lines) }.filter { !$0.runs.isEmpty }
    }

    func testJustifiedLinesFillTheMeasure() throws {
        let layout = try layout(text, Typography(alignment: .justify))
        let measure = layout.settings.page.columnWidth
        let lines = textLines(layout)
        XCTAssertGreaterThan(lines.count, 6)
        let paragraphEnds = Set([lines.firstIndex { $0.text.hasSuffix("daughters.") }!, lines.count - 1])
        for (index, line) in lines.enumerated() {
            XCTAssertLessThanOrEqual(line.origin.x + line.width, measure + 1e-9, "line \(index) overflows")
            let drawnEnd = line.runs.last.map { $0.x + $0.width } ?? 0
            if paragraphEnds.contains(index) {
                XCTAssertLessThan(line.width, measure - 5, "a paragraph's last line stays natural: \(line.text)")
            } else {
                XCTAssertEqual(line.width, measure, accuracy: 0.02, "justified line \(index): \(line.text)")
                XCTAssertEqual(drawnEnd, line.width, accuracy: 0.02, "the last run ends at the measure")
            }
            // Runs are in order and do not overlap (spaces only grow here: the lines were loose).
            for (a, b) in zip(line.runs, line.runs.dropFirst()) { XCTAssertLessThanOrEqual(a.x + a.width, b.x + 1e-9) }
        }
    }

    func testCentredAndRightAlignedLines() throws {
        let left = textLines(try layout(text, Typography(alignment: .left)))
        let centred = textLines(try layout(text, Typography(alignment: .center)))
        let right = textLines(try layout(text, Typography(alignment: .right)))
        let measure = UnitSupport.settings(width: 260, height: 2000, margin: 20).page.columnWidth
        XCTAssertEqual(left.map(\.range), centred.map(\.range), "alignment does not move line breaks")
        XCTAssertEqual(left.map(\.range), right.map(\.range))
        for (l, (c, r)) in zip(left, zip(centred, right)) {
            XCTAssertEqual(l.origin.x, 0)
            XCTAssertEqual(c.width, l.width, accuracy: 1e-9)
            XCTAssertEqual(c.origin.x, (measure - l.width) / 2, accuracy: 0.01)
            XCTAssertEqual(r.origin.x + r.width, measure, accuracy: 0.01)
            XCTAssertEqual(c.runs.map(\.x), l.runs.map(\.x), "runs keep their place within the line")
        }
    }

    func testHyphenatedLinesEndWithAnAddedHyphen() throws {
        let layout = try layout(text, Typography(alignment: .justify, hyphenationLanguage: "en-US"), width: 180)
        let lines = textLines(layout)
        let hyphenated = lines.filter(\.isHyphenated)
        XCTAssertFalse(hyphenated.isEmpty, "a narrow justified column hyphenates")
        for line in lines {
            let hyphens = line.runs.filter(\.isHyphen)
            XCTAssertEqual(hyphens.count, line.isHyphenated ? 1 : 0)
            if let hyphen = hyphens.first {
                XCTAssertEqual(hyphen.text, "-")
                XCTAssertTrue(hyphen.sourceRange.isEmpty)
                XCTAssertEqual(line.runs.last, hyphen, "the hyphen is drawn last")
            }
        }
        // Without the added hyphens, the runs spell the source's characters in order.
        let drawn = lines.flatMap { $0.runs.filter { !$0.isHyphen }.flatMap { $0.text.unicodeScalars } }
            .filter { !$0.properties.isWhitespace }
        let source = text.unicodeScalars.filter { !$0.properties.isWhitespace }
        XCTAssertEqual(String(String.UnicodeScalarView(drawn)), String(String.UnicodeScalarView(source)))
    }

    func testSoftHyphensAreInvisibleUnlessTheyBreak() throws {
        let word = "in\u{AD}com\u{AD}pre\u{AD}hen\u{AD}si\u{AD}bil\u{AD}i\u{AD}ties"
        let wide = textLines(try layout("an \(word) text", Typography()))
        XCTAssertEqual(wide.count, 1)
        XCTAssertEqual(wide[0].text, "an incomprehensibilities text", "soft hyphens are not drawn inside a line")
        let narrow = textLines(try layout(String(repeating: "an \(word) ", count: 6), Typography(), width: 120))
        XCTAssertTrue(narrow.contains { $0.isHyphenated && $0.text.hasSuffix("-") }, "a soft hyphen breaks with a drawn hyphen")
        for line in narrow { XCTAssertFalse(line.text.unicodeScalars.contains("\u{AD}")) }
    }

    /// Justified text with gaps but no spaces (CJK) spreads its inter-character gaps.
    func testJustifiedCJKFillsTheMeasure() throws {
        let cjk = String(repeating: "如是我聞一時佛在舍衛國祇樹給孤獨園與大比丘眾千二百五十人俱", count: 4)
        let layout = try layout(cjk, Typography(alignment: .justify), width: 255)
        let lines = textLines(layout)
        XCTAssertGreaterThan(lines.count, 3)
        for line in lines.dropLast() {
            XCTAssertEqual(line.width, layout.settings.page.columnWidth, accuracy: 0.02)
        }
    }
}
