/// What a line draws and where a caret can stand on it, from the prepared paragraph the line was
/// broken from: made once, when the line is set, so a finished layout never needs the paragraph again.
extension Typesetter {
    /// Splits a line into runs of one font each; a tab ends a run and moves the pen to its stop.
    ///
    /// A kerned pair and, on a justified line, every adjusted gap also end a run: a PDF viewer
    /// places the glyphs of one run by the font's own advances, so the glyph after a kern or a
    /// stretched space must start a run where the layout put it; such a run's width includes its
    /// gap's adjustment, so it ends where the next run starts. A hyphenated line ends with a run
    /// holding the hyphen. Trailing white space (after `contentEnd`) is not drawn.
    func makeRuns(_ prepared: PreparedParagraph, _ line: LineBreaker.Line, _ adjustment: LineAdjustment) -> [TextRun] {
        if prepared.shaping != nil { return ShapedRuns.make(prepared, line, adjustment, tabStop: tabStop, scale: scale) }
        let paragraph = prepared.paragraph
        var runs: [TextRun] = []
        var x = 0  // natural pen position, thousandths of an em
        var extra = 0.0  // what justification added before the pen
        var runStart = line.range.lowerBound
        var runX = 0.0
        // The run's text as UTF-8, made into a String once per run: appending scalar by scalar to
        // a String costs several times more, and rendering builds a run for every word.
        var text: [UInt8] = []
        text.reserveCapacity(64)
        func flush(upTo end: Int) {
            guard end > runStart, !text.isEmpty else { return }
            runs.append(
                TextRun(
                    fontIndex: Int(prepared.fontIndices[runStart]), text: String(decoding: text, as: UTF8.self),
                    x: runX * scale, width: (Double(x) + extra - runX) * scale,
                    sourceRange: paragraph.offsets[runStart]..<paragraph.sourceEnd(of: end - 1)))
            text.removeAll(keepingCapacity: true)
        }
        for i in line.range.lowerBound..<line.contentEnd {
            let advance = Int(prepared.advances[i])
            if advance == Int(PreparedParagraph.tabAdvance) {
                flush(upTo: i)
                x += tabStop - (x % tabStop)
                runStart = i + 1
                runX = Double(x) + extra
                continue
            }
            if i > runStart && prepared.fontIndices[i] != prepared.fontIndices[runStart] {
                flush(upTo: i)
                runStart = i
                runX = Double(x) + extra
            }
            if text.isEmpty { runStart = i; runX = Double(x) + extra }
            // A soft hyphen is invisible; where it ends a line, the hyphen run below stands for it.
            let scalar = prepared.display[i]
            if scalar < 0x80 {
                text.append(UInt8(truncatingIfNeeded: scalar))
            } else if scalar != 0xAD {
                text.append(contentsOf: (Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
            }
            x += advance
            let kern = prepared.kern(after: i)
            var endsRun = false
            if kern != 0 {
                if i + 1 < line.contentEnd {
                    endsRun = true
                } else {
                    x -= kern  // the line ends inside the pair: nothing follows to move
                }
            }
            let gap = adjustment.adjustsGaps ? adjustment.extra(prepared, after: i) : 0
            if endsRun || gap != 0 {
                // The adjusted gap belongs to the run it ends: a shrunk space must not reach past
                // the next run's start, nor a stretched one fall short of it.
                extra += gap
                flush(upTo: i + 1)
                runStart = i + 1
            }
        }
        flush(upTo: line.contentEnd)
        if let hyphen = TextRun.hyphen(prepared, line, x: (Double(x) + extra) * scale, scale: scale) { runs.append(hyphen) }
        return runs
    }

    /// Insertion points before every cluster of the line (hanging spaces included) and after its last.
    func makeCaretStops(
        _ prepared: PreparedParagraph, _ line: LineBreaker.Line,
        _ adjustment: LineAdjustment
    ) -> [CaretStop] {
        let paragraph = prepared.paragraph
        guard !line.range.isEmpty else { return [CaretStop(offset: paragraph.startOffset, x: 0)] }
        var stops: [CaretStop] = []
        stops.reserveCapacity(line.range.count + 1)
        var x = 0
        var extra = 0.0
        for i in line.range {
            if prepared.clusterStarts[i] { stops.append(CaretStop(offset: paragraph.offsets[i], x: (Double(x) + extra) * scale)) }
            var advance = Int(prepared.advances[i])
            if advance == Int(PreparedParagraph.tabAdvance) { advance = tabStop - (x % tabStop) }
            x += advance
            extra += adjustment.extra(prepared, after: i)
        }
        let last = line.range.upperBound - 1
        x -= prepared.kern(after: last)  // the pair's right half starts the next line
        let end =
            line.range.upperBound < paragraph.offsets.count
            ? paragraph.offsets[line.range.upperBound]
            : paragraph.sourceEnd(of: last)
        stops.append(CaretStop(offset: end, x: (Double(x) + extra) * scale))
        return stops
    }
}

extension TextRun {
    /// The hyphen drawn at the end of a hyphenated line, at `x` points from the line's start, in
    /// the font of the line's last character; `nil` when the line is not hyphenated.
    static func hyphen(_ prepared: PreparedParagraph, _ line: LineBreaker.Line, x: Double, scale: Double) -> TextRun? {
        guard line.hyphenated, line.contentEnd > line.range.lowerBound else { return nil }
        let last = line.contentEnd - 1
        let end = prepared.paragraph.sourceEnd(of: last)
        return TextRun(
            fontIndex: Int(prepared.fontIndices[last]), text: "-", x: x, width: Double(prepared.hyphenAdvance(after: last)) * scale,
            sourceRange: end..<end, isHyphen: true)
    }
}
