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
/// | 15 | bit 0: also lay out without runs, through the offset and as a page map, and compare; bits 1–4 all set: the page map on 3 threads |
///
/// With extreme values, bytes 0, 1, 4 and 8 pick the page width, page height, font size and gutter
/// from `extremes` (zero, negative, tiny, huge, infinite, NaN): settings must then be refused with
/// a `LayoutError` or laid out, never crash.
public struct FuzzCase {
    public static let headerLength = 16

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
            var value = FuzzCase.extremes[byte(index) % FuzzCase.extremes.count]
            // Known finding `huge-page`: sizes past what an Int of thousandths of an em holds trap.
            if Invariants.tolerated.contains("huge-page"), value.isFinite, value > 1e12 { value = 1e12 }
            return value
        }
        settings = LayoutSettings(page: PageSetup(size: Size(width: pick(0, width), height: pick(1, height)), margins: margins,
                                                  columns: columns, gutter: pick(8, gutter)),
                                  fontSize: pick(4, fontSize), lineHeight: lineHeight, paragraphMode: mode, tabWidth: tabWidth,
                                  typography: Typography(kerning: byte(6) & 0x10 != 0))

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
    nonisolated(unsafe) public static let bundled: FontChain = {
        do {
            return try FontChain.bundled()
        } catch {
            fatalError("fuzz setup: \(error) (set PAGINATE_FONTS to the repository's Fonts folder)")
        }
    }()

    nonisolated(unsafe) public static let primaryOnly = FontChain(fonts: [bundled.fonts[0]])

    public static func chain(for fuzzCase: FuzzCase) -> FontChain {
        fuzzCase.primaryFontOnly ? primaryOnly : bundled
    }
}
