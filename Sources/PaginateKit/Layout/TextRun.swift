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

    /// Creates a run.
    public init(fontIndex: Int, text: String, x: Double, width: Double, sourceRange: Range<Int>, isHyphen: Bool = false) {
        self.fontIndex = fontIndex
        self.text = text
        self.x = x
        self.width = width
        self.sourceRange = sourceRange
        self.isHyphen = isHyphen
    }
}
