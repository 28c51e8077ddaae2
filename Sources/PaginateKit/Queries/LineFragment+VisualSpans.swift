extension LineFragment {
    /// The horizontal spans, left to right in the line's coordinates, that draw the characters of
    /// `range` on a line with right-to-left text — one span per visually contiguous stretch, so a
    /// range across a change of direction gives several. Built from the shaped glyphs of the runs:
    /// each glyph stands for its cluster, whose source offset is its run's start plus the UTF-8
    /// length of the run's text before the cluster.
    func visualSpans(of range: Range<Int>) -> [ClosedRange<Double>] {
        var spans: [ClosedRange<Double>] = []
        for run in runs where run.sourceRange.overlaps(range) || (run.sourceRange.isEmpty && range.contains(run.sourceRange.lowerBound)) {
            guard !run.glyphs.isEmpty else {
                spans.append(run.x...(run.x + run.width))
                continue
            }
            let offsets = run.scalarOffsets
            for glyph in run.glyphs where glyph.cluster < offsets.count && range.contains(offsets[glyph.cluster]) {
                let left = run.x + glyph.x, right = left + max(glyph.advance, 0)
                if let last = spans.last, abs(last.upperBound - left) < 1e-6 || (left >= last.lowerBound && left <= last.upperBound) {
                    spans[spans.count - 1] = last.lowerBound...max(last.upperBound, right)
                } else {
                    spans.append(left...right)
                }
            }
        }
        return spans
    }
}
