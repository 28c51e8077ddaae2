import XCTest
@testable import PaginateKit

/// Paragraph modes (`lines`, `blank`, `auto`) and the cleaning done on the way into paragraphs.
final class ParagraphSplitterTests: XCTestCase {
    private func split(_ text: String, _ mode: ParagraphMode) -> (paragraphs: [Paragraph], diagnostics: TextDiagnostics) {
        TextStorage(text).paragraphs(mode: mode)
    }

    private func texts(_ text: String, _ mode: ParagraphMode) -> [String] {
        UnitSupport.texts(split(text, mode).paragraphs)
    }

    private func trimmed(_ string: String) -> String {
        String(string.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    // MARK: lines

    func testLinesModeEveryBreakEndsAParagraph() {
        let (paragraphs, _) = split("one\ntwo\n\nthree\n", .lines)
        XCTAssertEqual(paragraphs.map { UnitSupport.string($0.scalars) }, ["one", "two", "", "three"])
        XCTAssertEqual(paragraphs.map(\.kind), [.text, .text, .text, .text], "an empty line is an empty text paragraph")
        XCTAssertEqual(paragraphs.map(\.startOffset), [0, 4, 8, 9])
        XCTAssertEqual(paragraphs[3].offsets, [9, 10, 11, 12, 13])
    }

    func testLinesModeKeepsRunsOfEmptyLines() {
        let (paragraphs, _) = split("a\n\n\n\nb", .lines)
        XCTAssertEqual(paragraphs.map { UnitSupport.string($0.scalars) }, ["a", "", "", "", "b"])
        XCTAssertTrue(paragraphs.allSatisfy { $0.kind == .text })
    }

    func testLinesModeKeepsIndentation() {
        XCTAssertEqual(texts("  indented\n\tTabbed", .lines), ["  indented", "\tTabbed"])
    }

    // MARK: blank

    func testBlankModeJoinsSingleBreaksWithASpace() {
        let (paragraphs, _) = split("one\ntwo   \nthree\n\n\n\nfour\nfive", .blank)
        XCTAssertEqual(paragraphs.map(\.kind), [.text, .separator, .text])
        XCTAssertEqual(UnitSupport.string(paragraphs[0].scalars), "one two three", "trailing spaces are dropped before the join")
        XCTAssertEqual(UnitSupport.string(paragraphs[2].scalars), "four five")
        // The joining space stands at the line break's byte.
        XCTAssertEqual(paragraphs[0].offsets[3], 3)
        // One separator for the whole run of blank lines, at the first blank line.
        XCTAssertEqual(paragraphs[1].startOffset, 17)
        XCTAssertTrue(paragraphs[1].scalars.isEmpty)
    }

    func testBlankModeNoSeparatorAtTheEdges() {
        XCTAssertEqual(split("\n\n  \nfoo\nbar\n\n\n", .blank).paragraphs.map(\.kind), [.text])
        XCTAssertEqual(texts("\n\n  \nfoo\nbar\n\n\n", .blank), ["foo bar"])
    }

    func testBlankModeWhitespaceOnlyLinesAreBlank() {
        let (paragraphs, _) = split("a\n \t \nb", .blank)
        XCTAssertEqual(paragraphs.map(\.kind), [.text, .separator, .text])
    }

    func testBlankModeFormFeed() {
        // A form feed ending a line with text.
        let inline = split("a\u{0C}b", .blank).paragraphs
        XCTAssertEqual(inline.map { UnitSupport.string($0.scalars) }, ["a", "b"])
        XCTAssertEqual(inline.map(\.breaksPageAfter), [true, false])
        // A form feed on a line of its own marks the paragraph before it.
        let own = split("a\n\u{0C}\nb", .blank).paragraphs
        XCTAssertEqual(UnitSupport.texts(own), ["a", "b"])
        XCTAssertTrue(own[0].breaksPageAfter)
        XCTAssertFalse(own.last!.breaksPageAfter)
    }

    func testEmptyTextGivesOneEmptyParagraph() {
        for mode in ParagraphMode.allCases {
            let (paragraphs, diagnostics) = split("", mode)
            XCTAssertEqual(paragraphs.count, 1, "mode \(mode)")
            XCTAssertEqual(paragraphs[0].scalars, [], "mode \(mode)")
            XCTAssertEqual(paragraphs[0].startOffset, 0, "mode \(mode)")
            XCTAssertTrue(diagnostics.isEmpty)
        }
    }

    // MARK: CJK joins

    func testCJKRejoinsWithoutSpaceInBlankMode() {
        XCTAssertEqual(texts("日本語の文章を\n折り返した例です。", .blank), ["日本語の文章を折り返した例です。"])
        XCTAssertEqual(texts("日本語 \n文章", .blank), ["日本語文章"], "trailing spaces go, and no space comes back")
        // Only between two wide characters: Latin on either side still gets its space.
        XCTAssertEqual(texts("English\n日本語", .blank), ["English 日本語"])
        XCTAssertEqual(texts("日本語\nEnglish", .blank), ["日本語 English"])
    }

    func testCJKRejoinsWithoutSpaceInAutoMode() throws {
        // Hard-wrap real paragraphs of the sutra at 20 characters (40 cells) and rejoin them.
        let sutra = String(decoding: try UnitSupport.corpusBytes("diamond-sutra.txt"), as: UTF8.self)
        let originals = sutra.split(separator: "\n").map(String.init).filter { $0.unicodeScalars.count > 80 }.prefix(4)
        XCTAssertEqual(originals.count, 4)
        var wrapped: [String] = []
        for paragraph in originals {
            let scalars = Array(paragraph.unicodeScalars)
            var lines: [String] = []
            var start = 0
            while start < scalars.count {
                let end = min(start + 20, scalars.count)
                var view = String.UnicodeScalarView()
                view.append(contentsOf: scalars[start..<end])
                lines.append(String(view))
                start = end
            }
            wrapped.append(lines.joined(separator: "\n"))
        }
        let source = wrapped.joined(separator: "\n\n") + "\n"
        let result = texts(source, .auto)
        XCTAssertEqual(result, Array(originals))
        XCTAssertFalse(result.joined().contains(" "), "no space may be inserted between CJK characters")
        XCTAssertEqual(texts(source, .blank), Array(originals))
    }

    // MARK: auto

    func testAutoKeepsABreakWhenTheNextWordWouldHaveFitted() {
        let source = """
            The quick brown fox jumps over the lazy
            dog and keeps running far away into the
            night.
            Then it stops and rests for a while at
            home.
            """
        XCTAssertEqual(
            texts(source, .auto),
            [
                "The quick brown fox jumps over the lazy dog and keeps running far away into the night.",
                "Then it stops and rests for a while at home.",
            ])
        XCTAssertEqual(texts(source, .blank).count, 1)
        XCTAssertEqual(texts(source, .lines).count, 5)
    }

    func testAutoKeepsTheBreakBeforeAnIndentedLine() {
        let source = """
            The quick brown fox jumps over the lazy
            dog and keeps running far away into the
                an indented line of verse
            or a quotation that goes on and on until
            it ends.
            """
        XCTAssertEqual(
            texts(source, .auto),
            [
                "The quick brown fox jumps over the lazy dog and keeps running far away into the",
                "    an indented line of verse",
                // "or" would have fitted after the short indented line: that break was meant too.
                "or a quotation that goes on and on until it ends.",
            ])
    }

    func testAutoOnPrideAndPrejudiceExcerpt() throws {
        // Title page, list of illustrations, preface and the start of chapter 1: every line up to
        // and including "How so? how can it affect them?".
        let bytes = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        let marker = Array("how can it affect them?".utf8)
        guard let markerStart = firstIndex(of: marker, in: bytes) else { return XCTFail("marker not found") }
        let end = bytes[markerStart...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
        let excerpt = Array(bytes[..<end])
        let (paragraphs, diagnostics) = TextStorage(bytes: excerpt).paragraphs(mode: .auto)
        XCTAssertTrue(diagnostics.isEmpty)

        // Pinned so that any change of the auto rule on this excerpt is visible.
        XCTAssertEqual(paragraphs.count, 332)
        XCTAssertEqual(paragraphs.filter { $0.kind == .separator }.count, 156)
        let all = UnitSupport.texts(paragraphs)
        let clean = all.map(trimmed)

        // Centred title lines stay separate paragraphs (each is indented).
        for title in [
            "PRIDE.", "PREJUDICE", "Jane Austen,", "with a Preface by", "George Saintsbury",
            "Illustrations by", "Hugh Thomson", "GEORGE ALLEN", "PUBLISHER", "156 CHARING CROSS ROAD",
        ] {
            XCTAssertTrue(clean.contains(title), "'\(title)' should be a paragraph of its own")
        }
        if let pride = clean.firstIndex(of: "PRIDE.") {
            XCTAssertEqual(Array(clean[pride...].prefix(3)), ["PRIDE.", "and", "PREJUDICE"])
        }
        // Dedication lines are kept as written.
        XCTAssertTrue(clean.contains("in acknowledgment of all I"))
        XCTAssertTrue(clean.contains("owe to his friendship and"))

        // Prose reflows: one paragraph each.
        let truth = all.filter { $0.contains("It is a truth universally acknowledged") }
        XCTAssertEqual(
            truth, ["It is a truth universally acknowledged, that a single man in possession of a good fortune must be in want of a wife."])
        XCTAssertEqual(all.filter { $0.contains("single man in possession") }.count, 1)
        XCTAssertTrue(
            all.contains(
                "However little known the feelings or views of such a man may be on his first entering a neighbourhood, this truth is so well fixed in the minds of the surrounding families, that he is considered as the rightful property of some one or other of their daughters."
            ))
        let whitman = all.filter { $0.hasPrefix("_Walt Whitman") }
        XCTAssertEqual(whitman.count, 1)
        XCTAssertTrue(whitman.first?.hasSuffix("but it does not want them._") ?? false)
        XCTAssertFalse(whitman.first?.contains("  ") ?? true, "soft wraps become exactly one space")
        let netherfield = all.filter { $0.hasPrefix("“Why, my dear, you must know") }
        XCTAssertEqual(netherfield.count, 1)
        XCTAssertTrue(netherfield.first?.hasSuffix("in the house by the end of next week.”") ?? false)
        XCTAssertTrue(all.contains("Mr. Bennet replied that he had not."))

        // Table-of-contents style entries (padded lines) stay one per paragraph.
        XCTAssertTrue(clean.contains { $0.hasPrefix("Frontispiece") && $0.hasSuffix("iv") })

        // Blank mode merges the centred title lines instead.
        let blank = UnitSupport.texts(TextStorage(bytes: excerpt).paragraphs(mode: .blank).paragraphs).map(trimmed)
        XCTAssertFalse(blank.contains("PREJUDICE"))
        XCTAssertLessThan(blank.count, clean.count)
    }

    func testAutoLeavesUnwrappedTextAlone() {
        // Only one of five breaks looks like a wrap (fewer than a third): the text is not
        // hard-wrapped, so every break is kept, even the one after the long line.
        let source = """
            This line is very long compared with all of the others here.
            Short one.
            Also short.
            A bit.
            Tiny line.
            End.
            """
        XCTAssertEqual(texts(source, .auto), source.split(separator: "\n").map(String.init))
    }

    // MARK: Cleaning

    func testHiddenControlsAreDroppedAndCounted() {
        // U+0001, DEL, U+009F (C1), NUL are dropped; the tab stays.
        let (paragraphs, diagnostics) = split("a\u{01}b\u{7F}c\u{9F}d\te\u{00}", .lines)
        XCTAssertEqual(paragraphs.count, 1)
        XCTAssertEqual(UnitSupport.string(paragraphs[0].scalars), "abcd\te")
        XCTAssertEqual(paragraphs[0].offsets, [0, 2, 4, 7, 8, 9])
        XCTAssertEqual(diagnostics.hiddenControls, 4)
        XCTAssertEqual(diagnostics.invalidSequences, 0)
    }

    func testHiddenControlsAreCountedInEveryMode() {
        for mode in ParagraphMode.allCases {
            let (_, diagnostics) = split("x\u{1B}[0my\u{07}\nz", mode)
            XCTAssertEqual(diagnostics.hiddenControls, 2, "mode \(mode)")
        }
    }

    func testTabsAreKept() {
        XCTAssertEqual(texts("a\tb\t\tc", .blank), ["a\tb\t\tc"])
        XCTAssertEqual(split("a\tb", .lines).diagnostics.hiddenControls, 0)
    }

    func testCharactersAboveBMPAreKept() {
        // The PDF draws them with their own glyphs, so they reach layout as they are.
        let (paragraphs, diagnostics) = split("a😀b𝄞", .lines)
        XCTAssertEqual(paragraphs[0].scalars, [0x61, 0x1F600, 0x62, 0x1D11E])
        XCTAssertEqual(paragraphs[0].offsets, [0, 1, 5, 6])
        XCTAssertTrue(diagnostics.isEmpty)
    }

    private func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }
}
