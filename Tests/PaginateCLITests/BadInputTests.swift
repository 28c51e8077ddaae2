import Foundation
import TestSupport
import XCTest

/// Bad input of every kind, each case with its exact outcome: a valid PDF (with a warning where
/// something was replaced) or a one-line error with a documented exit code — never a crash, a hang
/// or a leftover temporary file. `BadInputRunner` runs and checks each case.
///
/// Exit codes: 64 usage, 65 layout impossible, 66 input or font unreadable, 73 output unwritable.
final class BadInputTests: XCTestCase {
    typealias Case = BadInputCase
    private static let sample = BadInputRunner.sample
    private static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }
    private static func repeated(_ text: String, _ count: Int) -> [UInt8] { Array(String(repeating: text, count: count).utf8) }

    private func run(_ cases: [Case], file: StaticString = #filePath, line: UInt = #line) throws {
        try BadInputRunner.checkAll(cases, file: file, line: line)
    }

    // MARK: - Empty and blank

    static let emptyAndBlank: [Case] = [
        .renders("empty file", .bytes([]), text: .exactly("")),
        .renders("only spaces", .bytes(repeated(" ", 4096)), text: .exactly("")),
        .renders("only white space of several kinds", .bytes(utf8(" \t\u{3000}\u{A0}\u{2003} \n\t \n  ")), text: .exactly("")),
        .renders("only newlines", .bytes(repeated("\n", 10_000)), text: .exactly("")),
        .renders(
            "only newlines, every line kept", .bytes(repeated("\n", 10_000)), ["--paragraphs", "lines"], pages: 250, text: .exactly("")),
        .renders("only CRLF line ends", .bytes(repeated("\r\n", 5_000)), text: .exactly("")),
        .renders("a byte order mark alone", .bytes([0xEF, 0xBB, 0xBF]), text: .exactly("")),
        .renders("a byte order mark before text", .bytes([0xEF, 0xBB, 0xBF] + utf8("Text after a BOM.\n"))),
        // A second byte order mark is a zero-width no-break space, which an installed font (Noto
        // Serif) maps to an empty glyph.
        .renders(
            "a second byte order mark is a zero-width no-break space", .bytes([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + utf8("x")),
            text: .exactly("\u{FEFF}x")),
    ]

    func testEmptyAndBlankInputs() throws { try run(Self.emptyAndBlank) }

    // MARK: - Invalid UTF-8 (one U+FFFD per maximal invalid subpart)

    static let invalidUTF8: [Case] = [
        .renders(
            "stray continuation bytes", .bytes(utf8("a") + [0x80] + utf8("b") + [0xBF] + utf8("c") + [0x80, 0x80, 0x80] + utf8("d")),
            warning: .exactly("5 invalid UTF-8 sequences replaced by U+FFFD")),
        .renders(
            "overlong two-byte forms", .bytes([0xC0, 0xAF, 0x20, 0xC1, 0xBF, 0x20, 0xC0, 0x80]),
            warning: .exactly("6 invalid UTF-8 sequences replaced by U+FFFD"), text: .exactly(String(repeating: "\u{FFFD}", count: 6))),
        .renders(
            "overlong three-byte form", .bytes([0xE0, 0x80, 0xAF]),
            warning: .exactly("3 invalid UTF-8 sequences replaced by U+FFFD"), text: .exactly("\u{FFFD}\u{FFFD}\u{FFFD}")),
        .renders(
            "overlong four-byte form", .bytes([0xF0, 0x80, 0x80, 0xAF]),
            warning: .exactly("4 invalid UTF-8 sequences replaced by U+FFFD"), text: .exactly(String(repeating: "\u{FFFD}", count: 4))),
        .renders(
            "encoded surrogates", .bytes([0xED, 0xA0, 0x80, 0x20, 0xED, 0xBF, 0xBF]),
            warning: .exactly("6 invalid UTF-8 sequences replaced by U+FFFD"), text: .exactly(String(repeating: "\u{FFFD}", count: 6))),
        .renders(
            "a CESU-8 surrogate pair", .bytes(utf8("x") + [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80] + utf8("y")),
            warning: .exactly("6 invalid UTF-8 sequences replaced by U+FFFD")),
        .renders(
            "code points beyond U+10FFFF", .bytes([0xF4, 0x90, 0x80, 0x80, 0x20, 0xF5, 0x80, 0x80, 0x80, 0x20, 0xFF, 0xFE]),
            warning: .exactly("10 invalid UTF-8 sequences replaced by U+FFFD"), text: .exactly(String(repeating: "\u{FFFD}", count: 10))),
        .renders(
            "UTF-16 with its byte order mark (read as UTF-16)", .bytes([0xFF, 0xFE, 0x68, 0x00, 0x69, 0x00]),
            text: .exactly("hi")),
        .renders(
            "UTF-16 with its byte order mark read as UTF-8", .bytes([0xFF, 0xFE, 0x68, 0x00, 0x69, 0x00]), ["--encoding", "utf-8"],
            warning: .exactly("2 invalid UTF-8 sequences replaced by U+FFFD; 2 control characters not drawn"),
            text: .exactly("\u{FFFD}\u{FFFD}hi")),
        .renders(
            "UTF-16 cut in the middle of a unit", .bytes([0xFE, 0xFF, 0x00, 0x68, 0xD8, 0x3D, 0x00]),
            warning: .exactly("2 invalid UTF-16BE sequences replaced by U+FFFD"), text: .exactly("h\u{FFFD}\u{FFFD}")),
        .renders(
            "a two-byte sequence cut at the end of the file", .bytes(utf8("ab") + [0xC3]),
            warning: .exactly("1 invalid UTF-8 sequence replaced by U+FFFD")),
        .renders(
            "a three-byte sequence cut at the end of the file", .bytes(utf8("ab") + [0xE2, 0x82]),
            warning: .exactly("1 invalid UTF-8 sequence replaced by U+FFFD")),
        .renders(
            "a four-byte sequence cut at the end of the file", .bytes(utf8("ab") + [0xF0, 0x9F, 0x98]),
            warning: .exactly("1 invalid UTF-8 sequence replaced by U+FFFD")),
        .renders(
            "cut sequences before ASCII", .bytes([0xE2, 0x82] + utf8("x") + [0xF0, 0x9F, 0x98] + utf8("y\n")),
            warning: .exactly("2 invalid UTF-8 sequences replaced by U+FFFD"), text: .exactly("\u{FFFD}x\u{FFFD}y")),
        .renders(
            "Latin-1 text", .bytes(utf8("caf") + [0xE9] + utf8(" na") + [0xEF] + utf8("ve ") + [0xA9] + utf8(" 1999\n")),
            warning: .exactly("3 invalid UTF-8 sequences replaced by U+FFFD")),
        .renders("a literal U+FFFD is not an error", .bytes(utf8("a\u{FFFD}b"))),
        .renders(
            "64 KiB of pseudo-random bytes", .generated { BadInputFixtures.randomBytes(65_536) }, pages: nil,
            warning: .startingWith(
                String(BadInputRunner.invalidSequences(in: BadInputFixtures.randomBytes(65_536)))
                    + " invalid UTF-8 sequences replaced by U+FFFD; "),
            text: .unchecked),
    ]

    func testInvalidUTF8() throws { try run(Self.invalidUTF8) }

    // MARK: - Control characters

    /// Every C0 control and DEL, each followed by an `x`.
    static let everyControl: [UInt8] = (Array(0x00...0x1F) + [0x7F]).flatMap { [UInt8($0), UInt8(ascii: "x")] }

    static let controls: [Case] = [
        .renders(
            "NUL bytes", .bytes(utf8("a") + [0] + utf8("b") + [0, 0] + utf8("c")),
            warning: .exactly("3 control characters not drawn"), text: .exactly("abc")),
        .renders(
            "only NUL bytes", .bytes([UInt8](repeating: 0, count: 10_000)),
            warning: .exactly("10000 control characters not drawn"), text: .exactly("")),
        // Tab, LF, CR and FF are white space and breaks; the form feed starts page 2.
        .renders(
            "every C0 control and DEL", .bytes(everyControl), pages: 2,
            warning: .exactly("29 control characters not drawn"), text: .exactly(String(repeating: "x", count: 33))),
        // NEL (U+0085) is a line break; the other 31 C1 controls are not drawn.
        .renders(
            "every C1 control", .bytes((0x80...0x9F).flatMap { Array("\(Unicode.Scalar(UInt8($0)))x".utf8) }),
            warning: .exactly("31 control characters not drawn"), text: .exactly(String(repeating: "x", count: 32))),
        .renders(
            "ANSI escape sequences", .bytes(utf8("\u{1B}[1;31mred\u{1B}[0m plain \u{1B}]0;title\u{07}\n")),
            warning: .exactly("4 control characters not drawn"), text: .exactly("[1;31mred[0m plain ]0;title")),
        .renders("DEL only", .bytes([0x7F]), warning: .exactly("1 control character not drawn"), text: .exactly("")),
    ]

    func testControlCharacters() throws { try run(Self.controls) }

    // MARK: - Line ends and page breaks

    static let lineEnds: [Case] = [
        .renders(
            "CR-only line ends", .bytes(utf8("one\rtwo\rthree\r")), ["--paragraphs", "lines"], text: .lines(["one", "two", "three"])),
        .renders(
            "CRLF line ends", .bytes(utf8("one\r\ntwo\r\nthree\r\n")), ["--paragraphs", "lines"], text: .lines(["one", "two", "three"])),
        .renders(
            "mixed line ends: LF, CR, CRLF, NEL, LS, PS", .bytes(utf8("a\nb\rc\r\nd\u{85}e\u{2028}f\u{2029}g")), ["--paragraphs", "lines"],
            text: .lines(["a", "b", "c", "d", "e", "f", "g"])),
        .renders("LF CR is two line ends", .bytes(utf8("a\n\rb")), ["--paragraphs", "lines"], text: .lines(["a", "b"])),
        .renders("a lone CR", .bytes(utf8("\r")), text: .exactly("")),
        // A run of form feeds on their own lines is one page break, and none at the end of the text.
        .renders("10 000 form feeds", .bytes(repeated("\u{0C}", 10_000)), text: .exactly("")),
        .renders(
            "text between 10 000 form feeds", .bytes(utf8("A") + repeated("\u{0C}", 10_000) + utf8("B")), pages: 2, text: .exactly("AB")),
        // Every line kept: each form feed ends a line and starts a page (a page tree past libharu's flat limit).
        .renders(
            "10 000 form feeds, every line kept", .bytes(repeated("\u{0C}", 10_000)), ["--paragraphs", "lines"], pages: 10_000,
            text: .exactly("")),
    ]

    func testLineEndsAndPageBreaks() throws { try run(Self.lineEnds) }

    // MARK: - Unicode beyond the simple cases

    static let unicode: [Case] = [
        .renders("one grapheme of 1 000 combining marks", .bytes(utf8("a" + String(repeating: "\u{301}", count: 1_000) + " b\n"))),
        // Each line holds one cluster that sticks out of its 30 pt column (but not off the page,
        // where pdftotext would not see it).
        .renders(
            "a grapheme wider than the column", .bytes(utf8("W\u{301}W\u{301}W\u{301}")),
            ["--page", "70x200", "--margin", "5,35,5,5", "--size", "40"],
            text: .lines(["W\u{301}", "W\u{301}", "W\u{301}"])),
        // Characters beyond U+FFFF are drawn with their own glyphs: emoji from an installed
        // monochrome font (Symbola), mathematical letters, Gothic and Extension B from the fonts
        // that cover them.
        .renders(
            "a ZWJ emoji sequence", .bytes(utf8("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}")),
            text: .exactly("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}")),
        .renders(
            "flags", .bytes(utf8("\u{1F1EB}\u{1F1F7}\u{1F1EF}\u{1F1F5}")),
            text: .exactly("\u{1F1EB}\u{1F1F7}\u{1F1EF}\u{1F1F5}")),
        // The bundled fonts have no U+2764: its cluster is drawn with an installed font (Symbola).
        .renders(
            "BMP emoji with variation selectors and a keycap", .bytes(utf8("\u{263A}\u{FE0F} \u{2764}\u{FE0F} 1\u{FE0F}\u{20E3}\n")),
            text: .exactly("\u{263A}\u{FE0F}\u{2764}\u{FE0F}1\u{FE0F}\u{20E3}")),
        .renders(
            "characters outside the BMP", .bytes(utf8("\u{1D400}\u{1D401}\u{1D402} \u{10348} \u{20000}\n")),
            text: .exactly("\u{1D400}\u{1D401}\u{1D402}\u{10348}\u{20000}")),
        .renders("1 000 emoji", .bytes(repeated("\u{1F600}", 1_000)), text: .only("\u{1F600}", count: 1_000)),
        // Hebrew and Arabic come from installed fonts, shaped and set right to left; pdftotext
        // reads them back in logical order, marking each right-to-left run with U+202B … U+202C.
        .renders(
            "right-to-left text", .bytes(utf8("\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{645}\u{631}\u{62D}\u{628}\u{627}\n")),
            text: .exactly("\u{202B}\u{5E9}\u{5DC}\u{5D5}\u{5DD}\u{202C}\u{202B}\u{645}\u{631}\u{62D}\u{628}\u{627}\u{202C}")),
        .renders(
            "noncharacters and private use", .bytes(utf8("a\u{FFFE}b\u{FFFF}c\u{E000}d")),
            warning: .exactly("3 characters not covered by any font"), text: .exactly("a\u{FFFD}b\u{FFFD}c\u{FFFD}d")),
        .renders("zero-width spaces as the only break opportunities", .bytes(repeated("abcde\u{200B}", 2_000)), pages: nil),
        .renders("no-break spaces joining 5 000 characters", .bytes(repeated("ab\u{A0}", 1_700)), pages: nil),
        .renders("20 000 ideographs without spaces", .bytes(repeated("如是我聞一時佛在舍衛國", 2_000)), pages: nil),
        .renders("Greek, Cyrillic, CJK and Latin mixed", .bytes(utf8("Αλφα Кириллица 漢字かな Latin.\n"))),
    ]

    func testUnicodeEdgeCases() throws { try run(Self.unicode) }

    // MARK: - Long lines and tabs

    static let longLines: [Case] = [
        .renders(
            "a line of one 10 000-character URL",
            .bytes(utf8("https://example.com/" + String((0..<10_000).map { "abcdefgh/-_.?=&"[$0 % 15] }).prefix(9_980) + "\n")), pages: nil),
        .renders(
            "a 1 MB line without a break opportunity", .bytes(repeated("x", 1_000_000)), pages: nil,
            text: .only("x", count: 1_000_000)),
        .renders("100 000 tabs before a word", .bytes(repeated("\t", 100_000) + utf8("x")), pages: nil, text: .exactly("x")),
        .renders(
            "tabs at every column", .bytes((0..<80).flatMap { Array((String(repeating: "x", count: $0) + "\ty\n").utf8) }),
            ["--paragraphs", "lines"], pages: nil),
        .renders(
            "a tab stop wider than the column", .bytes(utf8("a\tb\tc\td\n")), ["--page", "100x600", "--margin", "10", "--tab-width", "64"],
            pages: nil, text: .exactly("abcd")),
    ]

    func testLongLinesAndTabs() throws { try run(Self.longLines) }

    // MARK: - Page geometry

    static let geometry: [Case] = [
        .fails("a page of 1×1 pt", .bytes(sample), ["--page", "1x1"], code: 64, message: "between 3 and 14400 points"),
        .fails(
            "a page of 1×1 pt without margins", .bytes(sample), ["--page", "1x1", "--margin", "0"], code: 64,
            message: "between 3 and 14400 points"),
        .fails("a page too short for one line", .bytes(sample), ["--page", "400x10", "--margin", "0"], code: 65, message: "too small"),
        .renders(
            "a page of 3×3 pt", .bytes(utf8("ab\n")), ["--page", "3x3", "--margin", "0", "--size", "1", "--line-height", "1"],
            pages: nil),
        // No PDF page may be smaller than 3 pt: the engine refuses such a page for every subcommand.
        .fails(
            "a page of 2×2 pt", .bytes(utf8("ab\n")), ["--page", "2x2", "--margin", "0", "--size", "1", "--line-height", "1"],
            code: 64, message: "between 3 and 14400 points"),
        .fails("margins larger than the page", .bytes(sample), ["--margin", "1000"], code: 64, message: "leave no room"),
        .fails("side margins wider than the page", .bytes(sample), ["--margin", "0,300,0,300"], code: 64, message: "leave no room"),
        .fails("a negative page size", .bytes(sample), ["--page=-400x600"], code: 64, message: "between 3 and 14400 points"),
        .fails("a negative margin", .bytes(sample), ["--margin=-10"], code: 64, message: "negative"),
        .fails("a NaN page size", .bytes(sample), ["--page", "nanx600"], code: 64, message: "'nanx600' is invalid for '--page"),
        .fails("a NaN margin", .bytes(sample), ["--margin", "nan"], code: 64, message: "'nan' is invalid for '--margin"),
        .fails("an infinite page size", .bytes(sample), ["--page", "infxinf"], code: 64, message: "'infxinf' is invalid for '--page"),
        .fails("a zero page size", .bytes(sample), ["--page", "0x0"], code: 64, message: "between 3 and 14400 points"),
        .fails("a page size that is not one", .bytes(sample), ["--page", "banana"], code: 64, message: "'banana' is invalid for '--page"),
        .renders("the largest PDF page", .bytes(sample), ["--page", "14400x14400"]),
        .fails("a page wider than PDF allows", .bytes(sample), ["--page", "14401x600"], code: 64, message: "between 3 and 14400 points"),
        // Sizes too large to measure in thousandths of an em must be refused, not trap.
        .fails("an astronomically large page", .bytes(sample), ["--page", "1e308x1e308"], code: 64, message: "between 3 and 14400 points"),
        .fails(
            "a page wider than an integer can measure", .bytes(sample), ["--page", "1e20x600"], code: 64,
            message: "between 3 and 14400 points"),
        .renders("a one-inch page in inches", .bytes(sample), ["--page", "1x1in", "--margin", "0.1in", "--size", "4"], pages: nil),
    ]

    func testPageGeometry() throws { try run(Self.geometry) }

    // MARK: - Type settings

    static let typeSettings: [Case] = [
        .fails("--size 0", .bytes(sample), ["--size", "0"], code: 64, message: "--size"),
        .fails("a negative size", .bytes(sample), ["--size=-5"], code: 64, message: "--size"),
        .fails("a NaN size", .bytes(sample), ["--size", "nan"], code: 64, message: "--size"),
        .fails("an infinite size", .bytes(sample), ["--size", "inf"], code: 64, message: "--size"),
        .fails("--size 10000", .bytes(sample), ["--size", "10000"], code: 64, message: "--size must be between 1 and 1000"),
        .fails("--size 1000 on the default page", .bytes(sample), ["--size", "1000"], code: 65, message: "too small"),
        .renders("--size 1000 on a large page", .bytes(utf8("Ab")), ["--page", "3000x3000", "--size", "1000"]),
        .renders("--size 1", .bytes(sample), ["--size", "1"]),
        .fails("--line-height 0", .bytes(sample), ["--line-height", "0"], code: 64, message: "--line-height"),
        .fails("a NaN line height", .bytes(sample), ["--line-height", "nan"], code: 64, message: "--line-height"),
        .fails("--line-height 100", .bytes(sample), ["--line-height", "100"], code: 64, message: "--line-height"),
        .fails("--tab-width 0", .bytes(sample), ["--tab-width", "0"], code: 64, message: "--tab-width must be between 1 and 64"),
        .fails("--tab-width 1000", .bytes(sample), ["--tab-width", "1000"], code: 64, message: "--tab-width must be between 1 and 64"),
        .fails("a size that is not a number", .bytes(sample), ["--size", "big"], code: 64, message: "--size"),
        .fails("--spread 3", .bytes(sample), ["--spread", "3"], code: 64, message: "--spread"),
        .fails("an unknown option", .bytes(sample), ["--colour", "red"], code: 64, message: "--colour"),
    ]

    func testTypeSettings() throws { try run(Self.typeSettings) }

    // MARK: - Columns

    static let columns: [Case] = [
        .fails("--columns 0", .bytes(sample), ["--columns", "0"], code: 64, message: "--columns"),
        .fails("negative columns", .bytes(sample), ["--columns=-3"], code: 64, message: "--columns"),
        .fails("--columns 1000", .bytes(sample), ["--columns", "1000"], code: 64, message: "leave no room"),
        .renders(
            "--columns 1000 on the widest page", .bytes(sample),
            ["--columns", "1000", "--page", "14400x600", "--margin", "0", "--gutter", "0"]),
        .fails(
            "more columns than an integer holds", .bytes(sample), ["--columns", "99999999999999999999"], code: 64, message: "--columns"),
        .fails("a NaN gutter", .bytes(sample), ["--columns", "2", "--gutter", "nan"], code: 64, message: "'nan' is invalid for '--gutter"),
        .fails("a negative gutter", .bytes(sample), ["--columns", "2", "--gutter=-5"], code: 64, message: "negative"),
        .fails("a gutter wider than the page", .bytes(sample), ["--columns", "2", "--gutter", "1000"], code: 64, message: "leave no room"),
    ]

    func testColumns() throws { try run(Self.columns) }

    // MARK: - Environment

    static let environment: [Case] = [
        Case.renders("SOURCE_DATE_EPOCH set", .bytes(sample)).with { $0.environment = ["SOURCE_DATE_EPOCH": "1700000000"] },
        Case.fails("SOURCE_DATE_EPOCH not a number", .bytes(sample), code: 64, message: "SOURCE_DATE_EPOCH")
            .with { $0.environment = ["SOURCE_DATE_EPOCH": "yesterday"] },
        Case.fails("SOURCE_DATE_EPOCH past the year 9999", .bytes(sample), code: 64, message: "SOURCE_DATE_EPOCH")
            .with { $0.environment = ["SOURCE_DATE_EPOCH": "999999999999999"] },
    ]

    func testEnvironment() throws { try run(Self.environment) }
}

extension BadInputRunner {
    /// The number of U+FFFD the decoder makes of `bytes` (one per maximal invalid subpart), not
    /// counting U+FFFD written in the text itself.
    static func invalidSequences(in bytes: [UInt8]) -> Int {
        var count = 0
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .error: count += 1
            case .emptyInput: return count
            }
        }
    }
}

private extension String {
    subscript(_ index: Int) -> Character { self[self.index(startIndex, offsetBy: index)] }
}
