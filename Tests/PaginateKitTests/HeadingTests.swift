import XCTest
@testable import PaginateKit

/// Headings: which lines are headings (the built-in rule, a custom pattern, an invalid one), and
/// how they meet page breaks — kept with the next paragraph, starting pages with `chapterBreak`.
final class HeadingTests: XCTestCase {
    private func isHeading(_ line: String, pattern: String? = nil) throws -> Bool {
        let rule = try HeadingRule(pattern: pattern)
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBufferPointer { rule.matches($0, 0..<bytes.count) }
    }

    /// The texts of the paragraphs marked as headings.
    private func headings(_ text: String, mode: ParagraphMode = .auto, pattern: String? = nil) throws -> [String] {
        let rule = mode == .lines ? nil : try HeadingRule(pattern: pattern)
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var builder = ParagraphBuilder()
            return ParagraphSplitter(bytes: buffer, mode: mode, headings: rule).split()
                .map { builder.build($0, from: buffer) }
                .filter(\.isHeading)
                .map { UnitSupport.string($0.scalars) }
        }
    }

    // MARK: Which lines are headings

    func testTheBuiltInRuleKnowsChapterBookAndPartHeadings() throws {
        for line in [
            "CHAPTER I.", "Chapter 12", "CHAPTER XLII", "BOOK ONE", "PART II", "chapter iv", "Chapter I.]",
            "CHAPTER I. The Beginning", "Chapter 12: in which nothing happens", "CHAPTER XLII — A Title",
            "Book Twenty-One", "Chapter the Last", "PART THE FIRST", "   CHAPTER X.   ", "\tBook 3",
        ] {
            XCTAssertTrue(try isHeading(line), line)
        }
    }

    func testTheBuiltInRuleLeavesProseAlone() throws {
        for line in [
            "Part one of the problem was money.", "Book I read yesterday", "Chapter and verse", "CHAPTERS",
            "Chapter Ivy", "part of our youth", "The chapter ends here.", "CHAPTER", "Bookkeeping 12",
            "Chapter I. " + String(repeating: "x", count: 80), "",
        ] {
            XCTAssertFalse(try isHeading(line), line)
        }
    }

    func testAHeadingStandsAloneBetweenBlankLines() throws {
        let text =
            "CHAPTER I.\n\nIt is a truth universally acknowledged.\n\nCHAPTER II.\nMr. Bennet was among the earliest.\n\n  Chapter 3  \n\nEnd.\n\nBOOK TWO"
        XCTAssertEqual(try headings(text), ["CHAPTER I.", "  Chapter 3  ", "BOOK TWO"], "a heading line followed by text is prose")
        XCTAssertEqual(try headings(text, mode: .blank), ["CHAPTER I.", "  Chapter 3  ", "BOOK TWO"])
        XCTAssertEqual(try headings(text, mode: .lines), [], "lines mode has no blank-line blocks")
        XCTAssertEqual(try headings("Text.\u{0C}Chapter 9\u{0C}More."), ["Chapter 9"], "form feeds bound a heading too")
        let bytes = Array(text.utf8)
        XCTAssertEqual(TextStorage(bytes: bytes).paragraphs(mode: .auto).paragraphs.filter(\.isHeading).count, 3)
    }

    func testACustomPatternDecides() throws {
        let text = "§ 1\n\nFirst section.\n\nCHAPTER I.\n\nSecond.\n\n§ 22 Of headings\n\nThird."
        XCTAssertEqual(try headings(text, pattern: "^§ [0-9]+"), ["§ 1", "§ 22 Of headings"])
        XCTAssertEqual(try headings(text, pattern: "^§ [0-9]+$"), ["§ 1"], "anchors make the pattern match whole lines")
        XCTAssertEqual(try headings(text, pattern: "(?i)chapter"), ["CHAPTER I."])
        XCTAssertEqual(try headings(text, pattern: "(?!)"), [], "a pattern that never matches turns headings off")
    }

    func testAnInvalidPatternIsAOneLineSettingError() throws {
        var settings = UnitSupport.settings()
        settings.typography.headingPattern = "CHAPTER (I"
        XCTAssertThrowsError(try settings.validate()) { error in
            guard case LayoutError.invalidHeadingPattern(let pattern, let reason) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(pattern, "CHAPTER (I")
            XCTAssertFalse(reason.isEmpty || reason.contains("\n"), reason)
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("the heading pattern is not a valid regular expression"), message)
            XCTAssertFalse(message.contains("--"), "the library names no command-line flag: \(message)")
        }
        let manager = LayoutManager(fonts: try UnitSupport.fonts(), settings: settings)
        XCTAssertThrowsError(try manager.layout(TextStorage("text"))) { XCTAssertTrue($0 is LayoutError) }
        XCTAssertThrowsError(try manager.pageMap(TextStorage("text"), jobs: 1)) { XCTAssertTrue($0 is LayoutError) }
    }

    // MARK: Keep with next

    /// `lines` paragraph lines, a heading, and a paragraph of `after` lines, in the word grid
    /// (whose column is too narrow for `CHAPTER I.` on one line).
    private func headingText(before lines: Int, after: Int = 5, heading: String = "Part 1") -> String {
        GridText.paragraph(1, lines: lines) + "\n\n" + heading + "\n\n" + GridText.paragraph(2, lines: after)
    }

    private func summary(_ text: String, capacity: Int = 10, columns: Int = 1, typography: Typography = Typography()) throws -> [[String]] {
        GridText.summary(try GridText.layout(text, GridText.settings(capacity: capacity, columns: columns, typography: typography)))
    }

    func testAHeadingIsNeverAloneAtTheFoot() throws {
        // Heading on line 9, its blank line on 10: it goes over with the paragraph.
        XCTAssertEqual(try summary(headingText(before: 7)), [["P01×7", "-"], ["Par×1", "-", "P02×5"]])
        // Heading on line 8: only one line of the paragraph would follow it: too few.
        XCTAssertEqual(try summary(headingText(before: 6)), [["P01×6", "-"], ["Par×1", "-", "P02×5"]])
        // Heading on line 7: two lines follow it.
        XCTAssertEqual(try summary(headingText(before: 5)), [["P01×5", "-", "Par×1", "-", "P02×2"], ["P02×3"]])
        // Heading on the last line.
        XCTAssertEqual(try summary(headingText(before: 8)), [["P01×8", "-"], ["Par×1", "-", "P02×5"]])
    }

    func testOrphansOfOneKeepAHeadingWithOneLine() throws {
        let typography = Typography(widows: 1, orphans: 1)
        XCTAssertEqual(try summary(headingText(before: 6), typography: typography), [["P01×6", "-", "Par×1", "-", "P02×1"], ["P02×4"]])
        XCTAssertEqual(try summary(headingText(before: 7), typography: typography), [["P01×7", "-"], ["Par×1", "-", "P02×5"]])
    }

    func testOnlyHeadingsAreKeptWithNext() throws {
        // The same line with a pattern that does not match is an ordinary one-line paragraph.
        XCTAssertEqual(
            try summary(headingText(before: 7), typography: Typography(headingPattern: "^§")),
            [["P01×7", "-", "Par×1", "-"], ["P02×5"]])
    }

    func testAHeadingInTheLastColumnMovesToTheNextPage() throws {
        let text = GridText.paragraph(1, lines: 17) + "\n\nPart 2\n\n" + GridText.paragraph(2, lines: 6)
        let layout = try GridText.layout(text, GridText.settings(capacity: 10, columns: 2))
        XCTAssertEqual(
            layout.pages.map { $0.containers.map { GridText.summary($0.lines) } },
            [[["P01×10"], ["P01×7", "-"]], [["Par×1", "-", "P02×6"]]])
    }

    func testAChainOfHeadingsMovesTogether() throws {
        let text = GridText.paragraph(1, lines: 5) + "\n\nBook 1\n\nPart 1\n\n" + GridText.paragraph(2, lines: 5)
        XCTAssertEqual(try summary(text), [["P01×5", "-"], ["Boo×1", "-", "Par×1", "-", "P02×5"]])
        let room = GridText.paragraph(1, lines: 3) + "\n\nBook 1\n\nPart 1\n\n" + GridText.paragraph(2, lines: 5)
        XCTAssertEqual(try summary(room), [["P01×3", "-", "Boo×1", "-", "Par×1", "-", "P02×2"], ["P02×3"]])
    }

    // MARK: Chapter breaks

    func testChapterBreakStartsEachHeadingOnANewPage() throws {
        let chapter = { (number: Int) in "Part \(number)\n\n" + GridText.paragraph(number, lines: 2) }
        let text = (1...3).map(chapter).joined(separator: "\n\n")
        XCTAssertEqual(
            try summary(text, typography: Typography(chapterBreak: true)),
            [["Par×1", "-", "P01×2", "-"], ["Par×1", "-", "P02×2", "-"], ["Par×1", "-", "P03×2"]],
            "the first heading is already at the top of a page")
        XCTAssertEqual(try summary(text), [["Par×1", "-", "P01×2", "-", "Par×1", "-", "P02×2", "-"], ["Par×1", "-", "P03×2"]])
    }

    func testChapterBreakSkipsTheRemainingColumns() throws {
        let text = GridText.paragraph(1, lines: 2) + "\n\nPart 2\n\n" + GridText.paragraph(2, lines: 2)
        let layout = try GridText.layout(text, GridText.settings(capacity: 10, columns: 2, typography: Typography(chapterBreak: true)))
        XCTAssertEqual(
            layout.pages.map { $0.containers.map { GridText.summary($0.lines) } },
            [[["P01×2", "-"], []], [["Par×1", "-", "P02×2"]]])
    }

    func testAChainOfHeadingsBreaksThePageOnce() throws {
        let text = GridText.paragraph(1, lines: 2) + "\n\nBook 2\n\nPart 1\n\n" + GridText.paragraph(2, lines: 2)
        XCTAssertEqual(
            try summary(text, typography: Typography(chapterBreak: true)),
            [["P01×2", "-"], ["Boo×1", "-", "Par×1", "-", "P02×2"]])
    }

    func testChapterBreakAfterAFormFeedAddsNoEmptyPage() throws {
        let text = GridText.paragraph(1, lines: 2) + "\u{0C}Part 2\n\n" + GridText.paragraph(2, lines: 2)
        XCTAssertEqual(try summary(text, typography: Typography(chapterBreak: true)), [["P01×2"], ["Par×1", "-", "P02×2"]])
    }

    func testChapterBreaksOnPrideAndPrejudice() throws {
        let bytes = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        var settings = LayoutSettings.bookDefaults
        settings.typography.chapterBreak = true
        let layout = try LayoutManager(fonts: UnitSupport.fonts(), settings: settings).layout(TextStorage(bytes: bytes), includeRuns: true)
        let chapterStarts = layout.pages.filter { $0.lines.first.map { $0.text.uppercased().hasPrefix("CHAPTER ") } ?? false }
        XCTAssertEqual(chapterStarts.count, 61, "every chapter opens a page")
        let headingLines = layout.pages.flatMap(\.lines).filter { $0.text.uppercased().hasPrefix("CHAPTER ") && $0.text.count < 20 }
        XCTAssertEqual(headingLines.count, 61)
    }
}
