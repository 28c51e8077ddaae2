/// The vertical size of a line, from the fonts actually on it.
///
/// The box is `lineHeight × fontSize` tall, or taller when the fonts on the line need more (their
/// ascent plus descent); the baseline is one ascent — the largest among the fonts on the line —
/// below the box's top. The paragraph's primary font (of its style) always counts.
struct LineBox: Equatable {
    var height: Double
    var ascent: Double

    init(_ prepared: PreparedParagraph, _ line: LineBreaker.Line, fonts: FontChain, fontSize: Double, basePitch: Double) {
        let chain = fonts.fonts
        let primary = prepared.primaryFont
        var ascent = chain[Int(primary)].ascent
        var descent = chain[Int(primary)].descent
        if chain.count > 1 {
            for i in line.range.lowerBound..<line.contentEnd where prepared.fontIndices[i] != primary {
                let font = chain[Int(prepared.fontIndices[i])]
                ascent = max(ascent, font.ascent)
                descent = max(descent, font.descent)
            }
        }
        self.height = max(basePitch, (ascent + descent) * fontSize)
        self.ascent = ascent * fontSize
    }
}
