/// The paragraph spans after the one being laid out, decoded only when looked at.
struct UpcomingSpans {
    let spans: [ParagraphSpan]
    /// Index of the span after the one being laid out.
    let next: Int
    let bytes: UnsafeBufferPointer<UInt8>

    /// Span `offset` after the current one (1 is the next), or `nil` past the end.
    func span(_ offset: Int) -> ParagraphSpan? {
        let index = next + offset - 1
        return index < spans.count ? spans[index] : nil
    }
}

/// `Flow`'s answer to the break rules' look-ahead: the paragraphs after a heading, fitted into the
/// current container as `Flow` would fit them.
///
/// Upcoming paragraphs are decoded and prepared again when they are placed: headings are few,
/// and the copies made here never count towards the layout's diagnostics.
struct FlowLookahead: UpcomingParagraphs {
    let upcoming: UpcomingSpans?
    let fitter: LineFitter
    /// Prepares a paragraph and makes its breaker exactly as `Flow` does when it places it.
    let makeBreaker: (Paragraph) -> LineBreaker
    let container: TextContainer
    let nextWidth: Double

    func paragraph(_ offset: Int) -> BreakRules.Upcoming? {
        upcoming?.span(offset).map { BreakRules.Upcoming(kind: $0.kind, isHeading: $0.isHeading, breaksPageAfter: $0.breaksPageAfter) }
    }

    mutating func measure(_ offset: Int, from y: Double) -> BreakRules.Measure {
        guard let upcoming, let span = upcoming.span(offset) else { return BreakRules.Measure(fitting: 0, remaining: 0, bottom: y) }
        var builder = ParagraphBuilder()
        let paragraph = builder.build(span, from: upcoming.bytes)
        let breaker = makeBreaker(paragraph)
        let fit = fitter.fit(breaker, in: container, top: y, bandHeight: fitter.basePitch)
        return fitter.measure(fit, of: breaker, top: y, nextWidth: nextWidth)
    }
}
