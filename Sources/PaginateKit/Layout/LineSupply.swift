/// A paragraph's lines for the placer, one paragraph at a time; also the break rules' view of the
/// paragraphs after the current one (`UpcomingParagraphs`), measured in the container of the last fit.
protocol LineSupply: UpcomingParagraphs {
    /// Every paragraph of the text, and the index of the current one.
    var spans: [ParagraphSpan] { get }
    var current: Int { get }
    /// Starts paragraph `index`; `width` is the current container's, for a breaker that needs one.
    mutating func begin(_ index: Int, width: Double)
    /// What decoding and font fallback replaced in the paragraphs begun so far.
    var diagnostics: TextDiagnostics { get }
    /// Whether every line of the current paragraph has been placed.
    var isFinished: Bool { get }
    /// Fits the current paragraph's next lines into `container` from height `top` on, without
    /// placing them, and measures them for the break rules (lines left over go to a container
    /// `nextWidth` points wide).
    mutating func fit(in container: TextContainer, top: Double, nextWidth: Double) -> BreakRules.Measure
    /// Line `index` of the last fit, where it would be placed: at `y` (where the line before it
    /// ended, or the fit's top), unless the container moves it further down.
    func fittedLine(_ index: Int, at y: Double) -> LineDraft
    /// Places the first `count` lines of the last fit.
    mutating func advance(_ count: Int)
}

extension LineSupply {
    /// The kind of paragraph `offset` after the current one, from its span.
    func paragraph(_ offset: Int) -> BreakRules.Upcoming? {
        guard let span = spans.dropFirst(current + offset).first else { return nil }
        return BreakRules.Upcoming(kind: span.kind, isHeading: span.isHeading, breaksPageAfter: span.breaksPageAfter)
    }
}

/// A line placed in a container: its first byte, the top of its box, and what it shows (`nil`
/// for a page map).
struct LineDraft {
    var start: Int
    var y: Double
    var height: Double
    var set: SetLine?
}
