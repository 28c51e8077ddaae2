/// A stretch of one line drawn with one font.
///
/// Runs are what an exporter draws: `text` is the exact string to show (invalid bytes already
/// replaced by U+FFFD, tabs and hidden controls removed), placed at `x` from the line's origin.
/// Within a run, glyphs follow each other by the font's own advances; with kerning, a run ends
/// after each kerned pair's first character, so the next run starts where the kern puts it.
/// A run's `width` reaches to the next run's `x` when nothing separates them (on a justified
/// line, a run ending with a gap includes the gap as stretched or shrunk), and the runs of a line
/// end within its width: white space at the line's end hangs undrawn.
public struct TextRun: Hashable, Sendable {
    /// Index of the font in the layout's `FontChain.fonts`, which holds the faces of every style
    /// (a heading's run names the heading face).
    public let fontIndex: Int
    /// The characters to draw, in source order.
    public let text: String
    /// Horizontal offset of the run's start from the line fragment's origin, in points.
    public let x: Double
    /// Advance width of the run, in points.
    public let width: Double
    /// The source bytes the run was made from (half-open; empty for a hyphen the layout added).
    public let sourceRange: Range<Int>
    /// Whether the run is the hyphen the layout added at the end of a hyphenated line — drawn,
    /// but not in the source.
    public let isHyphen: Bool
    /// The shaped glyphs to draw, left to right, for text that is not drawn one code point, one
    /// glyph (complex scripts, combining marks, right-to-left text); empty when each code point of
    /// `text` is drawn with its font's own glyph for it, one after the other.
    public let glyphs: [PositionedGlyph]
    /// Whether the run reads right to left: its glyphs are in visual order, `text` in logical order.
    public let isRightToLeft: Bool

    /// Creates a run.
    public init(
        fontIndex: Int, text: String, x: Double, width: Double, sourceRange: Range<Int>, isHyphen: Bool = false,
        glyphs: [PositionedGlyph] = [], isRightToLeft: Bool = false
    ) {
        self.fontIndex = fontIndex
        self.text = text
        self.x = x
        self.width = width
        self.sourceRange = sourceRange
        self.isHyphen = isHyphen
        self.glyphs = glyphs
        self.isRightToLeft = isRightToLeft
    }

    /// The source offset of each Unicode scalar of `text`: the run's start plus the UTF-8 length of
    /// the text before it. What `PositionedGlyph.cluster` indexes, turned into byte offsets.
    var scalarOffsets: [Int] {
        var offsets: [Int] = []
        var offset = sourceRange.lowerBound
        for scalar in text.unicodeScalars {
            offsets.append(offset)
            offset += UTF8.width(scalar)
        }
        return offsets
    }

    /// The run moved to `x`, for reordering a line's runs into visual order.
    func moved(to x: Double) -> TextRun {
        TextRun(
            fontIndex: fontIndex, text: text, x: x, width: width, sourceRange: sourceRange, isHyphen: isHyphen,
            glyphs: glyphs, isRightToLeft: isRightToLeft)
    }
}

/// A glyph of a shaped run and where it is drawn.
public struct PositionedGlyph: Hashable, Sendable {
    /// The glyph's index in the run's font.
    public let glyph: UInt32
    /// Distance of the glyph's origin from the run's `x`, in points.
    public let x: Double
    /// Distance of the glyph's origin above the baseline, in points (a raised mark is positive).
    public let y: Double
    /// How far the glyph moves the pen, in points.
    public let advance: Double
    /// Where the glyph's cluster starts in the run's `text`, in Unicode scalars: the glyph stands
    /// for the characters from there to the next cluster's start (a ligature for several, the
    /// parts of a split vowel each for the same).
    public let cluster: Int

    /// Creates a positioned glyph.
    public init(glyph: UInt32, x: Double, y: Double, advance: Double, cluster: Int) {
        self.glyph = glyph
        self.x = x
        self.y = y
        self.advance = advance
        self.cluster = cluster
    }
}
