/// Prepares paragraphs and makes their line breakers the one way a layout does: the faces of the
/// paragraph's style (headings in the heading style), hyphenation points, kerning, and the optimal
/// breaker's plan for the column's width.
///
/// A small value of its own, so that the look-ahead of a heading can make breakers exactly as
/// `Flow` does without holding on to `Flow` itself (whose page arrays would then be copied on
/// every line placed).
struct BreakerFactory {
    let fonts: FontChain
    let hyphenator: Hyphenator?
    let typography: Typography
    let rules: BreakRules
    let tabStop: Int
    /// Points per thousandth of an em.
    let scale: Double

    /// The breaker of `paragraph` for lines `width` points wide (the first one narrower by the indent).
    func make(_ paragraph: Paragraph, width: Double) -> LineBreaker {
        let prepared = PreparedParagraph(paragraph, fonts: fonts, hyphenator: hyphenator, kerning: typography.kerning,
                                         style: typography.fontStyle(isHeading: paragraph.isHeading),
                                         direction: typography.direction, ligatures: typography.ligatures)
        let indent = rules.firstLineIndent(kind: paragraph.kind, isHeading: paragraph.isHeading, width: width)
        return LineBreaker(prepared, tabStop: tabStop, typography: typography,
                           firstWidth: LineFitter.measure(width - indent, scale: scale),
                           width: LineFitter.measure(width, scale: scale))
    }
}
