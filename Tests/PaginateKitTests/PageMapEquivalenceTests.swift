import XCTest
@testable import PaginateKit

/// The parallel page-map path must give exactly the pages of the plain sequential layout.
final class PageMapEquivalenceTests: XCTestCase {
    private func assertEquivalent(_ bytes: [UInt8], _ settings: LayoutSettings, _ context: String, jobs: [Int] = [1, 2, 3],
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        // The bold and bold italic chains change nothing unless the typography sets headings in them.
        let fonts = try FontChain(paths: [UnitSupport.dejaVuPath, UnitSupport.droidPath], styles: [
            .bold: [UnitSupport.fontPath("DejaVuSerif-Bold.ttf"), UnitSupport.droidPath],
            .boldItalic: [UnitSupport.fontPath("DejaVuSerif-BoldItalic.ttf"), UnitSupport.droidPath],
        ])
        let manager = LayoutManager(fonts: fonts, settings: settings)
        let storage = TextStorage(bytes: bytes)
        let sequential = PageMap(try manager.layout(storage, includeRuns: false))
        for jobs in jobs {
            let parallel = try manager.pageMap(storage, jobs: jobs)
            XCTAssertEqual(parallel.entries.count, sequential.entries.count, "\(context), jobs \(jobs): page count", file: file, line: line)
            if let first = zip(parallel.entries, sequential.entries).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                XCTFail("\(context), jobs \(jobs): page \(first + 1) differs: \(parallel.entries[first]) vs \(sequential.entries[first])",
                        file: file, line: line)
            }
            XCTAssertEqual(parallel.diagnostics, sequential.diagnostics, "\(context), jobs \(jobs): diagnostics", file: file, line: line)
            XCTAssertEqual(parallel.sourceLength, sequential.sourceLength, file: file, line: line)
        }
    }

    func testCorporaUnderSeveralSettings() throws {
        let book = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        let sutra = try UnitSupport.corpusBytes("diamond-sutra.txt")
        try assertEquivalent(book, UnitSupport.settings(), "P&P book page")
        try assertEquivalent(book, UnitSupport.settings(width: 595, height: 842, columns: 2), "P&P two columns")
        try assertEquivalent(book, UnitSupport.settings(width: 200, height: 300, margin: 10, mode: .lines), "P&P narrow, lines mode")
        try assertEquivalent(sutra, UnitSupport.settings(), "sutra book page")
        try assertEquivalent(sutra, UnitSupport.settings(width: 300, height: 200, margin: 20, columns: 3, mode: .blank), "sutra three columns")
    }

    func testCorporaWithKerning() throws {
        let book = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        let sutra = try UnitSupport.corpusBytes("diamond-sutra.txt")
        func kerned(_ settings: LayoutSettings) -> LayoutSettings {
            var settings = settings
            settings.typography.kerning = true
            return settings
        }
        try assertEquivalent(book, kerned(UnitSupport.settings()), "P&P kerned")
        try assertEquivalent(book, kerned(UnitSupport.settings(width: 200, height: 300, margin: 10, mode: .lines)), "P&P kerned, narrow")
        try assertEquivalent(sutra, kerned(UnitSupport.settings()), "sutra kerned")
        let words = String(repeating: "AVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAV “To” LT, P. Yo. ", count: 200)
        try assertEquivalent(Array(words.utf8), kerned(UnitSupport.settings(width: 150, height: 120, margin: 10)), "kerned long words")
    }

    func testCorporaUnderEveryLineBreakingMode() throws {
        let book = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        let sutra = try UnitSupport.corpusBytes("diamond-sutra.txt")
        let modes: [(String, Typography)] = [
            ("justified", Typography(alignment: .justify)),
            ("justified, hyphenated, kerned", Typography(alignment: .justify, hyphenationLanguage: "en-US", kerning: true)),
            ("optimal ragged, hyphenated", Typography(breaking: .optimal, hyphenationLanguage: "en-US")),
            ("greedy justified, hyphenated", Typography(alignment: .justify, breaking: .greedy, hyphenationLanguage: "en-US")),
        ]
        for (index, (name, typography)) in modes.enumerated() {
            var settings = UnitSupport.settings()
            settings.typography = typography
            try assertEquivalent(book, settings, "P&P, \(name)")
            // Narrow columns and CJK for the mode that exercises every feature (the slowest to check).
            guard index == 1 else { continue }
            var narrow = UnitSupport.settings(width: 200, height: 300, margin: 10, columns: 2)
            narrow.typography = typography
            try assertEquivalent(book, narrow, "P&P two narrow columns, \(name)")
            try assertEquivalent(sutra, settings, "sutra, \(name)")
        }
    }

    /// Typography that moves lines between containers: every rule of `BreakRules` on its own and together.
    static let typographies: [(name: String, typography: Typography)] = [
        ("widows 1 orphans 1", Typography(widows: 1, orphans: 1)),
        ("widows 3 orphans 4", Typography(widows: 3, orphans: 4)),
        ("chapter breaks", Typography(chapterBreak: true)),
        ("indent and spacing", Typography(firstLineIndent: 18, paragraphSpacing: 5)),
        ("everything", Typography(widows: 3, orphans: 2, firstLineIndent: 250, paragraphSpacing: 9.5, chapterBreak: true)),
        ("custom headings", Typography(headingPattern: "^[A-Z][A-Z .,;:’']+$", chapterBreak: true)),
        ("bold headings", Typography(headingStyle: .bold)),
        ("bold italic headings, indent, spacing, chapter breaks",
         Typography(firstLineIndent: 18, paragraphSpacing: 5, chapterBreak: true, headingStyle: .boldItalic)),
    ]

    func testCorporaUnderTypography() throws {
        let book = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        let sutra = try UnitSupport.corpusBytes("diamond-sutra.txt")
        for (name, typography) in Self.typographies {
            var page = UnitSupport.settings()
            page.typography = typography
            try assertEquivalent(book, page, "P&P book page, \(name)", jobs: [1, 2])
            var columns = UnitSupport.settings(width: 300, height: 200, margin: 20, columns: 3, mode: .blank)
            columns.typography = typography
            try assertEquivalent(sutra, columns, "sutra three columns, \(name)", jobs: [1, 2])
        }
        var twoColumns = UnitSupport.settings(width: 595, height: 842, columns: 2)
        twoColumns.typography = Typography(widows: 4, orphans: 3, firstLineIndent: 12, paragraphSpacing: 3, chapterBreak: true)
        try assertEquivalent(book, twoColumns, "P&P two columns, everything", jobs: [1, 2])
    }

    func testGeneratedTextsWithHeadingsUnderTypography() throws {
        for seed in 1...6 {
            let text = PageBreakSupport.textWithHeadings(seed: UInt64(seed))
            for (name, typography) in Self.typographies {
                for mode in [ParagraphMode.auto, .blank] {
                    var settings = UnitSupport.settings(width: 220, height: 160 + Double(seed) * 7, margin: 12,
                                                        columns: seed % 3 + 1, gutter: 8, mode: mode)
                    settings.typography = typography
                    try assertEquivalent(Array(text.utf8), settings, "seed \(seed), \(name), \(mode)", jobs: [1, 2])
                }
            }
        }
    }

    /// Headings long enough to wrap in a narrow column, where the bold face wraps them earlier
    /// than the regular one would: both paths must break them in bold.
    func testHeadingsThatWrapInBold() throws {
        var text = ""
        for number in 1...40 {
            text += "CHAPTER \(number). The Long Way Home\n\n"
            text += String(repeating: "Words of the chapter \(number) go on. ", count: number % 7 + 1) + "\n\n"
        }
        for style in [FontStyle.regular, .bold] {
            for width in [150.0, 173, 225, 260] {
                var settings = UnitSupport.settings(width: width, height: 170, margin: 10)
                settings.typography.headingStyle = style
                try assertEquivalent(Array(text.utf8), settings, "\(style) headings, width \(width)")
            }
        }
        // The text does test what it is meant to: in a 205 pt column every heading fits one line in
        // regular (191–198 pt) and wraps in bold (208–216 pt).
        let fonts = try FontChain.bundled(styles: [.bold])
        let lineCounts = try [FontStyle.regular, .bold].map { style in
            var settings = UnitSupport.settings(width: 225, height: 170, margin: 10)
            settings.typography.headingStyle = style
            return try LayoutManager(fonts: fonts, settings: settings).pageMap(TextStorage(bytes: Array(text.utf8)), jobs: 1)
                .entries.reduce(0) { $0 + $1.lineCount }
        }
        XCTAssertGreaterThan(lineCounts[1], lineCounts[0])
    }

    func testBookTimesEight() throws {
        let book = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        try assertEquivalent(Array(repeating: book, count: 8).flatMap { $0 }, UnitSupport.settings(), "P&P ×8")
    }

    func testTrickyTexts() throws {
        let texts: [String] = [
            "", "\n\n\n", "\u{0C}\u{0C}a\u{0C}", String(repeating: "\u{0C}", count: 50),
            "a\n\n\nb\n\n\n\u{0C}\n\nc", "\t\tx\ty\n" + String(repeating: "word ", count: 500),
            String(repeating: "長", count: 3000), "e\u{301}\u{301}" + String(repeating: "x", count: 2000),
            "\u{1F600} \u{80} \u{7} bad\u{FFFF}",
        ]
        for (index, text) in texts.enumerated() {
            for mode in ParagraphMode.allCases {
                try assertEquivalent(Array(text.utf8), UnitSupport.settings(width: 150, height: 120, margin: 10, mode: mode),
                                     "text \(index), \(mode)")
            }
        }
        try assertEquivalent([0xFF, 0xC0, 0x0A, 0xED, 0xA0, 0x80], UnitSupport.settings(), "invalid bytes")
    }
}
