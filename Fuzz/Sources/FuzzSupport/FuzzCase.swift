import PaginateKit

/// One fuzz input: a small header chooses the settings, the rest is the text.
///
/// Header bytes (missing bytes read as 0), chosen so that almost every input lays out:
///
/// | byte | meaning |
/// | --- | --- |
/// | 0, 1 | page width and height: 30 + 2 × value points |
/// | 2 | margins 0–31 pt; bit 5 makes the four sides differ; bit 6: extreme values (below) |
/// | 3 | columns 1–4 (low two bits), gutter 0–23 pt (the rest) |
/// | 4 | font size 1–24.5 pt in half points |
/// | 5 | line height 0.5–3.5 |
/// | 6 | paragraph mode (mod 3); bit 2: one exclusion rectangle per container; bit 3: primary font only; bit 4: kerning |
/// | 7 | tab width 1–16 |
/// | 8–11 | the exclusion: x, y, width, height as fractions (/255) of the container |
/// | 12, 13 | a byte offset (big-endian, modulo text length + 1) for the noncontiguous layout check |
/// | 14 | PDF title: a length (mod 16) taken from the text's start |
/// | 15 | bit 0: also lay out without runs, through the offset and as a page map, and compare; bits 1–4 all set: the page map on 3 threads; bits 5–6: heading face (regular, bold, italic, bold-italic) |
/// | 16 | alignment (bits 0–1: left, justify, center, right); breaking (bits 2–3: auto, greedy, optimal, auto); bit 4: hyphenation (`en-US`); bit 5: chapter breaks; heading pattern (bits 6–7: built-in, or one of `headingPatterns`) |
/// | 17 | widows (bits 0–1) and orphans (bits 2–3): 2, 3, 4 or 1 lines for 0–3 |
/// | 18 | first-line indent 0–60 pt (value mod 61); 248–255: one invalid setting instead (`invalidSettings`) |
/// | 19 | paragraph spacing: 0 for none (a blank line), else 0–20 pt ((value − 1) mod 21) |
///
/// Zero bytes give the default typography (ragged right, automatic breaking, no hyphenation, 2
/// widows and 2 orphans, no indent, blank lines between paragraphs, built-in headings), so inputs written
/// for the 16-byte header of earlier versions keep their meaning with four zero bytes inserted
/// after it.
///
/// With extreme values, bytes 0, 1, 4 and 8 pick the page width, page height, font size and gutter
/// from `extremes` (zero, negative, tiny, huge, infinite, NaN): settings must then be refused with
/// a `LayoutError` or laid out, never crash. An invalid typography setting (byte 18) must be
/// refused with a `LayoutError`.
public struct FuzzCase {
    public static let headerLength = 20

    /// Heading patterns besides the built-in rule: a line of capitals, a Markdown heading, any
    /// line with a digit (so that many short lines become headings and chapters).
    public static let headingPatterns = ["^[A-Z0-9 .:-]+$", "^#+ ", "[0-9]"]

    /// Typography the engine must refuse, one per value 248–255 of byte 18.
    static let invalidSettings: [(inout Typography) -> Void] = [
        { $0.widows = 0 },
        { $0.orphans = 101 },
        { $0.firstLineIndent = -1 },
        { $0.firstLineIndent = .nan },
        { $0.paragraphSpacing = -1 },
        { $0.paragraphSpacing = .infinity },
        { $0.headingPattern = "(" },
        { $0.hyphenationLanguage = "zz" },
    ]

    public static let extremes: [Double] = [0, -1, 1e-300, 0.5, 1, 3, 14_400, 1e6, 1e15, 1e20, 1e308,
                                            .infinity, -.infinity, .nan, .greatestFiniteMagnitude, .leastNonzeroMagnitude]

    public let settings: LayoutSettings
    /// One exclusion rectangle per container, in container coordinates, or none.
    public let exclusions: [Rect]
    /// Whether the font chain is the primary font alone (more characters are uncovered then).
    public let primaryFontOnly: Bool
    /// A byte offset for `layout(_:includeRuns:through:)`.
    public let probeOffset: Int
    /// Whether to compare the layout with the two other ways of making it (without runs; stopped).
    public let checksVariants: Bool
    /// Threads for `LayoutManager.pageMap(_:jobs:)` (more than one opens the fonts again: rarely).
    public let pageMapJobs: Int
    /// Whether the settings hold an invalid typography value, which layout must refuse.
    public let expectsRefusal: Bool
    /// The title the PDF target records.
    public let title: String
    /// The text bytes.
    public let text: [UInt8]

    public init(_ data: UnsafeRawBufferPointer) {
        let count = data.count
        func byte(_ index: Int) -> Int { index < count ? Int(data[index]) : 0 }
        let header = min(count, FuzzCase.headerLength)
        text = Array(data[header...])

        let width = 30 + 2 * Double(byte(0))
        let height = 30 + 2 * Double(byte(1))
        let margin = Double(byte(2) % 32)
        let margins = byte(2) & 0x20 != 0
            ? EdgeInsets(top: margin, right: margin / 2, bottom: margin / 3, left: margin / 4)
            : EdgeInsets(all: margin)
        let columns = 1 + byte(3) % 4
        let gutter = Double((byte(3) >> 2) % 24)
        let fontSize = 1 + Double(byte(4) % 48) / 2
        let lineHeight = 0.5 + Double(byte(5) % 31) / 10
        let mode: ParagraphMode = [.lines, .blank, .auto][byte(6) % 3]
        let tabWidth = 1 + byte(7) % 16
        let extreme = byte(2) & 0x40 != 0
        func pick(_ index: Int, _ normal: Double) -> Double {
            guard extreme else { return normal }
            return FuzzCase.extremes[byte(index) % FuzzCase.extremes.count]
        }
        var typography = Typography(kerning: byte(6) & 0x10 != 0)
        typography.alignment = [.left, .justify, .center, .right][byte(16) & 3]
        typography.breaking = [.auto, .greedy, .optimal, .auto][(byte(16) >> 2) & 3]
        typography.hyphenationLanguage = byte(16) & 0x10 != 0 ? "en-US" : nil
        typography.chapterBreak = byte(16) & 0x20 != 0
        // Headings in another face (measured with it): the bundled chain carries all four styles.
        typography.headingStyle = FontStyle.allCases[(byte(15) >> 5) & 3]
        let heading = byte(16) >> 6
        typography.headingPattern = heading == 0 ? nil : FuzzCase.headingPatterns[heading - 1]
        // 0 stands for the default of 2 lines, so that zero bytes keep the default typography.
        func lines(_ bits: Int) -> Int { [2, 3, 4, 1][bits & 3] }
        typography.widows = lines(byte(17))
        typography.orphans = lines(byte(17) >> 2)
        if byte(18) >= 248 {
            FuzzCase.invalidSettings[byte(18) - 248](&typography)
            expectsRefusal = true
        } else {
            typography.firstLineIndent = Double(byte(18) % 61)
            expectsRefusal = false
        }
        if byte(19) != 0 && typography.paragraphSpacing == nil {
            typography.paragraphSpacing = Double((byte(19) - 1) % 21)
        }
        settings = LayoutSettings(page: PageSetup(size: Size(width: pick(0, width), height: pick(1, height)), margins: margins,
                                                  columns: columns, gutter: pick(8, gutter)),
                                  fontSize: pick(4, fontSize), lineHeight: lineHeight, paragraphMode: mode, tabWidth: tabWidth,
                                  typography: typography)

        if byte(6) & 0x04 != 0 {
            let columnWidth = settings.page.columnWidth, columnHeight = settings.page.columnHeight
            exclusions = [Rect(x: columnWidth * Double(byte(8)) / 255, y: columnHeight * Double(byte(9)) / 255,
                               width: columnWidth * Double(byte(10)) / 255, height: columnHeight * Double(byte(11)) / 255)]
        } else {
            exclusions = []
        }
        primaryFontOnly = byte(6) & 0x08 != 0
        probeOffset = (byte(12) << 8 | byte(13)) % (text.count + 1)
        let titleLength = min(text.count, byte(14) % 16)
        title = String(decoding: text[..<titleLength], as: UTF8.self)
        checksVariants = byte(15) & 1 != 0
        pageMapJobs = byte(15) & 0x1E == 0x1E ? 3 : 1
    }

    /// A layout manager for these settings; containers carry the exclusion, if any.
    public func manager(fonts: FontChain) -> LayoutManager {
        var manager = LayoutManager(fonts: fonts, settings: settings)
        if !exclusions.isEmpty {
            let size = Size(width: settings.page.columnWidth, height: settings.page.columnHeight)
            let exclusions = self.exclusions
            manager.containerProvider = { _ in TextContainer(size: size, exclusions: exclusions) }
        }
        return manager
    }
}

/// The fonts every run uses, opened once per process (opening measures a few hundred glyphs).
public enum FuzzFonts {
    // Unsafe because a FontChain is not Sendable (its width caches change as it measures):
    // libFuzzer calls the fuzz targets one input at a time on one thread, the only one that uses
    // these chains.
    nonisolated(unsafe) public static let bundled: FontChain = {
        do {
            return try FontChain.bundled(styles: FontStyle.allCases)
        } catch {
            fatalError("fuzz setup: \(error) (set PAGINATE_FONTS to the repository's Fonts folder)")
        }
    }()

    nonisolated(unsafe) public static let primaryOnly = FontChain(fonts: [bundled.fonts[0]])

    public static func chain(for fuzzCase: FuzzCase) -> FontChain {
        fuzzCase.primaryFontOnly ? primaryOnly : bundled
    }
}
