/// The lines of a run of paragraphs broken for one width: what the line-breaking step hands the
/// placer. Each line's first byte and height are all a page map needs (and all a paragraph memo
/// stores); a layout also keeps each line set for drawing (`setLines`).
struct BrokenLines {
    var lineStarts: [Int] = []
    var lineHeights: [Double] = []
    /// What each line shows; empty when only page ranges are wanted.
    var setLines: [SetLine] = []
    /// Lines per paragraph of the run, in order.
    var lineCounts: [Int32] = []
    var diagnostics = TextDiagnostics()
    /// The paragraphs (by index in the run) whose decoding replaced or dropped characters,
    /// in order, for a memo that stores them per paragraph.
    var paragraphDiagnostics: [(paragraph: Int, counts: TextDiagnostics)] = []
}

/// A line as set for drawing, before it is placed: everything but its vertical position.
struct SetLine {
    /// What to set beyond the line's geometry.
    struct Content {
        /// Whether to build the drawable runs.
        var runs: Bool
        /// Whether to build caret stops too (only with runs).
        var caretStops: Bool
    }

    /// Distance of the drawn content from the container's left edge (indent and alignment included).
    var x: Double
    /// Width of the drawn content after alignment.
    var width: Double
    /// Distance from the top of the line box to the baseline.
    var baseline: Double
    var isHyphenated: Bool
    var runs: [TextRun]
    var caretStops: [CaretStop]
}
