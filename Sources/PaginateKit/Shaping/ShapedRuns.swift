/// The drawable runs of one line of a shaped paragraph: one run per segment, glyphs positioned
/// by the shaper, and — when the paragraph has right-to-left text — the runs reordered into
/// visual order (UAX #9 rule L2) and set side by side from the line's start.
///
/// A run keeps its text in logical order (what is copied and searched) and its glyphs in visual
/// order (what is drawn).
enum ShapedRuns {
    /// The runs of `line`, left to right.
    ///
    /// - Parameters:
    ///   - tabStop: the tab stop distance, in thousandths of an em.
    ///   - scale: points per thousandth of an em.
    static func make(
        _ prepared: PreparedParagraph, _ line: LineBreaker.Line, _ adjustment: LineAdjustment,
        tabStop: Int, scale: Double
    ) -> [TextRun] {
        guard let shaping = prepared.shaping else { return [] }
        let paragraph = prepared.paragraph
        let content = line.range.lowerBound..<line.contentEnd
        var runs: [TextRun] = []
        var levels: [UInt8] = []
        let lineLevels = prepared.bidi?.visualOrder(of: content).levels
        var x = 0  // natural pen position, thousandths of an em
        var extra = 0.0  // what justification added before the pen
        for segment in shaping.segments where segment.range.overlaps(content) {
            let range = max(segment.range.lowerBound, content.lowerBound)..<min(segment.range.upperBound, content.upperBound)
            if prepared.advances[range.lowerBound] == PreparedParagraph.tabAdvance {
                x += tabStop - (x % tabStop)
                continue
            }
            let natural = range.reduce(0) { $0 + Int(prepared.advances[$1]) }
            let gap = adjustment.adjustsGaps ? adjustment.extra(prepared, after: range.upperBound - 1) : 0
            var text = String.UnicodeScalarView()
            // Where each code point of the range lands in the run's text (a soft hyphen is not drawn).
            var positionInText: [Int] = []
            positionInText.reserveCapacity(range.count)
            var scalarsInText = 0
            for index in range {
                positionInText.append(scalarsInText)
                if prepared.display[index] != 0xAD {
                    text.append(Unicode.Scalar(prepared.display[index]) ?? "\u{FFFD}")
                    scalarsInText += 1
                }
            }
            // The stretch of a gap belongs to its run's logical end: the left end of a right-to-left run.
            var pen = segment.isRightToLeft ? gap : 0
            var glyphs: [PositionedGlyph] = []
            for glyph in shaping.glyphs[segment.glyphs] where range.contains(Int(glyph.cluster)) {
                glyphs.append(
                    PositionedGlyph(
                        glyph: glyph.glyph, x: (pen + Double(glyph.xOffset)) * scale,
                        y: Double(glyph.yOffset) * scale, advance: Double(glyph.advance) * scale,
                        cluster: positionInText[Int(glyph.cluster) - range.lowerBound]))
                pen += Double(glyph.advance)
            }
            runs.append(
                TextRun(
                    fontIndex: segment.fontIndex, text: String(text), x: (Double(x) + extra) * scale,
                    width: (Double(natural) + gap) * scale,
                    sourceRange: paragraph.offsets[range.lowerBound]..<paragraph.sourceEnd(of: range.upperBound - 1),
                    glyphs: glyphs, isRightToLeft: segment.isRightToLeft))
            levels.append(lineLevels?[range.lowerBound] ?? 0)
            x += natural
            extra += gap
        }
        if let hyphen = TextRun.hyphen(prepared, line, x: (Double(x) + extra) * scale, scale: scale) {
            runs.append(hyphen)
            levels.append(lineLevels?[line.contentEnd - 1] ?? 0)
        }
        guard prepared.bidi != nil else { return runs }
        return visuallyOrdered(runs, levels: levels)
    }

    /// Insertion points of a line whose runs were reordered: one at the leading edge of every
    /// cluster (its left edge left to right, its right edge right to left), sorted left to right,
    /// and one for `lineEnd` at the line's trailing end (its right end, or its left end when the
    /// paragraph starts at the right edge).
    static func caretStops(_ runs: [TextRun], lineEnd: Int, startsRight: Bool) -> [CaretStop] {
        var stops: [CaretStop] = []
        for run in runs where !run.isHyphen {
            let offsets = run.scalarOffsets
            var seen = Set<Int>()
            for glyph in run.glyphs where glyph.cluster < offsets.count && seen.insert(glyph.cluster).inserted {
                // The cluster's extent: every glyph of it, marks included.
                let members = run.glyphs.filter { $0.cluster == glyph.cluster }
                let left = members.map(\.x).min()!, right = members.map { $0.x + $0.advance }.max()!
                stops.append(CaretStop(offset: offsets[glyph.cluster], x: run.x + (run.isRightToLeft ? right : left)))
            }
        }
        stops.sort { $0.x < $1.x }
        let lineLeft = runs.map(\.x).min() ?? 0, lineRight = runs.map { $0.x + $0.width }.max() ?? 0
        if startsRight {
            stops.insert(CaretStop(offset: lineEnd, x: lineLeft), at: 0)
        } else {
            stops.append(CaretStop(offset: lineEnd, x: lineRight))
        }
        return stops
    }

    /// `runs` in the order UAX #9 rule L2 shows them — from the highest level down to the lowest
    /// odd one, every maximal sequence at that level or above reversed — set edge to edge from
    /// where the first run started.
    static func visuallyOrdered(_ runs: [TextRun], levels: [UInt8]) -> [TextRun] {
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return runs }
        var order = Array(runs.indices)
        var level = highest
        while level >= lowestOdd {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else { start += 1; continue }
                var end = start
                while end < order.count && levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            if level == 0 { break }
            level -= 1
        }
        var x = runs.first?.x ?? 0
        return order.map { index in
            defer { x += runs[index].width }
            return runs[index].moved(to: x)
        }
    }
}
