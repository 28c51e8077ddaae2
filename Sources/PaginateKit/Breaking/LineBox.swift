/// The vertical size of a line, from the fonts actually on it.
///
/// The box is `lineHeight × fontSize` tall, or taller when the fonts on the line need more (their
/// ascent plus descent); the baseline is one ascent — the largest among the fonts on the line —
/// below the box's top.
struct LineBox: Equatable {
    var height: Double
    var ascent: Double

    init(_ prepared: PreparedParagraph, _ line: LineBreaker.Line, fonts: FontChain, fontSize: Double, basePitch: Double) {
        let chain = fonts.fonts
        var ascent = chain[0].ascent
        var descent = chain[0].descent
        if chain.count > 1 {
            for i in line.range.lowerBound..<line.contentEnd where prepared.fontIndices[i] != 0 {
                let font = chain[Int(prepared.fontIndices[i])]
                ascent = max(ascent, font.ascent)
                descent = max(descent, font.descent)
            }
        }
        self.height = max(basePitch, (ascent + descent) * fontSize)
        self.ascent = ascent * fontSize
    }
}
