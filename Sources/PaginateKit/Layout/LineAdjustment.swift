/// Where a line's content sits in the span it was broken for: shifted as a whole (centred or
/// right-aligned lines), or spread to both edges (justified lines) by one adjustment ratio over
/// the line's gaps (`Glue`), the ratio the optimal breaker judged the line by.
///
/// A paragraph's last line, a line ended by a forced break, a line with tabs (their stops are
/// fixed) and a line without gaps stay at their natural width — and so does a line whose gaps
/// would have to stretch more than `maximumStretch` times their stretchability (spaces over two
/// and a half times their width: a line of few words before a long one, a contents line): TeX
/// would report it underfull; left ragged, it reads better than a line of holes.
struct LineAdjustment {
    /// The largest adjustment ratio a justified line is drawn with.
    static let maximumStretch = 3.0

    /// Shift of the whole line from the span's start, in thousandths of an em.
    let offset: Double
    /// How far each gap stretches (> 0) or shrinks (< 0), in units of its stretch or shrink.
    let ratio: Double
    /// Width of the drawn content after adjustment, in thousandths of an em.
    let width: Double
    private let glueRange: Range<Int>

    init(_ prepared: PreparedParagraph, _ line: LineBreaker.Line, available: Int, alignment: TextAlignment) {
        let natural = line.width
        var offset = 0.0
        var ratio = 0.0
        var width = Double(natural)
        let lower = line.range.lowerBound
        let glueRange = lower..<max(lower, line.contentEnd - 1)
        // Right-to-left paragraphs start at the right edge: "left" means the start of the line.
        let startsRight = prepared.bidi?.isRightToLeft ?? false
        switch alignment {
        case .left:
            if startsRight { offset = Double(max(0, available - natural)) }
        case .right where startsRight:
            break
        case .center:
            offset = Double(max(0, available - natural)) / 2
        case .right:
            offset = Double(max(0, available - natural))
        case .justify:
            let end = line.range.upperBound
            let endsParagraph = end >= prepared.count || prepared.actions[end - 1] == .mandatory
            if !endsParagraph && natural != available && !line.range.isEmpty
                && !prepared.paragraph.scalars[line.range].contains(0x09)
            {
                var stretch = 0
                var shrink = 0
                for index in glueRange {
                    let glue = Glue.of(prepared, at: index)
                    stretch += Int(glue.stretch)
                    shrink += Int(glue.shrink)
                }
                if natural < available && stretch > 0 {
                    ratio = Double(available - natural) / Double(stretch)
                    if ratio > LineAdjustment.maximumStretch { ratio = 0 }
                } else if natural > available && shrink > 0 {
                    ratio = max(-1, Double(available - natural) / Double(shrink))
                }
                if ratio != 0 {
                    width = Double(natural) + ratio * Double(ratio > 0 ? stretch : shrink)
                }
            }
            if ratio == 0 && startsRight { offset = Double(max(0, available - natural)) }
        }
        self.offset = offset
        self.ratio = ratio
        self.width = width
        self.glueRange = glueRange
    }

    /// Whether the line's gaps are adjusted, so each word must be positioned on its own.
    var adjustsGaps: Bool { ratio != 0 }

    /// The extra advance after code point `index`, in thousandths of an em.
    @inline(__always)
    func extra(_ prepared: PreparedParagraph, after index: Int) -> Double {
        guard ratio != 0, glueRange.contains(index) else { return 0 }
        let glue = Glue.of(prepared, at: index)
        return ratio * Double(ratio > 0 ? glue.stretch : glue.shrink)
    }
}
