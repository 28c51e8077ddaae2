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

    /// Appends the lines of the run of paragraphs after these.
    mutating func append(_ run: BrokenLines) {
        guard !lineCounts.isEmpty else { self = run; return }  // the first run is taken, not copied
        let paragraphs = lineCounts.count
        lineStarts += run.lineStarts
        lineHeights += run.lineHeights
        setLines += run.setLines
        lineCounts += run.lineCounts
        diagnostics = diagnostics.adding(run.diagnostics)
        for (paragraph, counts) in run.paragraphDiagnostics { paragraphDiagnostics.append((paragraphs + paragraph, counts)) }
    }
}

/// A line as set for drawing, before it is placed: `LineFragment`'s fields but its range and
/// vertical position; `x` is the content's distance from the container's left edge.
struct SetLine {
    /// What to set beyond the line's geometry: drawable runs, and with them caret stops.
    struct Content { var runs: Bool; var caretStops: Bool }

    var x: Double
    var width: Double
    var baseline: Double
    var isHyphenated: Bool
    var runs: [TextRun]
    var caretStops: [CaretStop]
}
