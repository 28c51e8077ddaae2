/// One laid-out line: an immutable value, as TextKit 2's `NSTextLineFragment`.
///
/// `range` covers the line's own characters *and* the white space and line breaks that follow it
/// up to the next line, so consecutive fragments partition the source bytes.
public struct LineFragment: Hashable, Sendable {
    /// Source bytes this line accounts for (half-open).
    public let range: Range<Int>
    /// Top-left corner of the line box in its container's coordinate space.
    public let origin: Point
    /// Advance width of the drawn content, trailing white space excluded.
    public let width: Double
    /// Height of the line box (the line pitch).
    public let height: Double
    /// Distance from the top of the line box to the baseline.
    public let baseline: Double
    /// The drawable runs; empty for blank lines, and when the layout was made without runs.
    public let runs: [TextRun]
    /// Insertion points along the line, left to right: one before each grapheme cluster and one
    /// after the last. Empty when the layout was made without runs.
    public let caretStops: [CaretStop]
    /// Whether the line ends inside a word, with a hyphen drawn (the last run, `isHyphen`).
    public let isHyphenated: Bool

    /// Creates a line fragment.
    public init(
        range: Range<Int>, origin: Point, width: Double, height: Double, baseline: Double, runs: [TextRun],
        caretStops: [CaretStop] = [], isHyphenated: Bool = false
    ) {
        self.range = range
        self.origin = origin
        self.width = width
        self.height = height
        self.baseline = baseline
        self.runs = runs
        self.caretStops = caretStops
        self.isHyphenated = isHyphenated
    }

    /// The line box in its container's coordinate space.
    public var rect: Rect { Rect(x: origin.x, y: origin.y, width: width, height: height) }

    /// Whether the line belongs to a right-to-left paragraph, which lines start at the right edge:
    /// the run that reads first is right to left.
    public var startsAtRightEdge: Bool {
        guard runs.contains(where: \.isRightToLeft) else { return false }
        return runs.min { $0.sourceRange.lowerBound < $1.sourceRange.lowerBound }?.isRightToLeft ?? false
    }

    /// The drawn text of the line in logical order (as it reads, whatever the direction), runs
    /// concatenated.
    public var text: String { runsInReadingOrder.map(\.text).joined() }

    /// The runs as they read (logical order); `runs` holds them left to right, which differs only
    /// when the line has right-to-left text.
    public var runsInReadingOrder: [TextRun] {
        // Right-to-left runs are stored in visual order; their sources say how the text reads.
        guard runs.contains(where: \.isRightToLeft) else { return runs }
        return runs.enumerated()
            .sorted {
                ($0.element.sourceRange.lowerBound, $0.element.isHyphen ? 1 : 0, $0.offset)
                    < ($1.element.sourceRange.lowerBound, $1.element.isHyphen ? 1 : 0, $1.offset)
            }
            .map(\.element)
    }
}

/// An insertion point on a line: a source byte offset and where a caret before it stands.
public struct CaretStop: Hashable, Sendable {
    /// The source byte offset of the cluster after the caret (or of the end of the line's text).
    public let offset: Int
    /// Horizontal distance from the line fragment's origin, in points.
    public let x: Double

    /// Creates a caret stop.
    public init(offset: Int, x: Double) {
        self.offset = offset
        self.x = x
    }
}
