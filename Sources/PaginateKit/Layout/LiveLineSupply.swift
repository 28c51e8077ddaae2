/// Lines pulled from a live breaker as the placer fits them, for containers of unequal widths
/// (exclusions, a custom `containerProvider`): where a line breaks depends on the span the
/// container offers at its height, so lines cannot be broken ahead.
///
/// The look-ahead of a heading decodes and prepares the paragraphs after it once more, fitted
/// into the current container: headings are few, and those copies never count towards the
/// layout's diagnostics.
struct LiveLineSupply: LineSupply {
    private let spans: [ParagraphSpan]
    private let bytes: UnsafeBufferPointer<UInt8>
    private let fitter: LineFitter
    /// What to set of each line beyond its first byte and height; `nil` for page maps.
    private let content: SetLine.Content?
    private var builder = ParagraphBuilder()
    private var uncovered = 0
    /// What decoding and font fallback replaced in the paragraphs begun so far.
    var diagnostics: TextDiagnostics {
        var counts = builder.diagnostics
        counts.uncoveredCharacters += uncovered
        return counts
    }

    private var current = 0
    private var breaker: LineBreaker?
    /// The band a line is tried in; a line that did not fit keeps the band it needed.
    private var bandHeight: Double
    private var fit = LineFitter.Fit(lines: [], isFinished: true, bandHeight: 0)
    /// The container of the last fit, and the width after it, where the look-ahead measures.
    private var container = TextContainer(size: Size(width: 0, height: 0))
    private var nextWidth = 0.0

    init(spans: [ParagraphSpan], bytes: UnsafeBufferPointer<UInt8>, typesetter: Typesetter, content: SetLine.Content?) {
        self.spans = spans
        self.bytes = bytes
        self.content = content
        fitter = LineFitter(typesetter: typesetter)
        bandHeight = typesetter.basePitch
    }

    mutating func begin(_ paragraph: Int, width: Double) {
        current = paragraph
        let prepared = fitter.typesetter.prepare(builder.build(spans[paragraph], from: bytes))
        uncovered += prepared.uncovered
        breaker = fitter.typesetter.breaker(prepared, width: width)
        bandHeight = fitter.basePitch
    }

    var isFinished: Bool { breaker?.isFinished ?? true }

    mutating func fit(in container: TextContainer, top: Double, nextWidth: Double) -> BreakRules.Measure {
        self.container = container
        self.nextWidth = nextWidth
        fit = fitter.fit(breaker!, in: container, top: top, bandHeight: bandHeight)
        return fitter.measure(fit, of: breaker!, top: top, nextWidth: nextWidth)
    }

    func fittedLine(_ index: Int) -> LineDraft {
        let fitted = fit.lines[index]
        let prepared = fitted.after.prepared
        let paragraph = prepared.paragraph
        let line = fitted.line
        let set = content.map {
            fitter.typesetter.set(prepared, line, x: fitted.origin.x, available: fitted.available, box: fitted.box, content: $0)
        }
        return LineDraft(start: line.range.isEmpty ? paragraph.startOffset : paragraph.offsets[line.range.lowerBound],
                         y: fitted.origin.y, height: fitted.box.height, set: set)
    }

    mutating func advance(_ count: Int) {
        if count > 0 { breaker = fit.lines[count - 1].after }
        // A line that did not fit is tried in the next container with the band it needed here.
        bandHeight = count == fit.lines.count ? fit.bandHeight : fitter.basePitch
    }

    func paragraph(_ offset: Int) -> BreakRules.Upcoming? {
        guard current + offset < spans.count else { return nil }
        let span = spans[current + offset]
        return BreakRules.Upcoming(kind: span.kind, isHeading: span.isHeading, breaksPageAfter: span.breaksPageAfter)
    }

    mutating func measure(_ offset: Int, from y: Double) -> BreakRules.Measure {
        guard current + offset < spans.count else { return BreakRules.Measure(fitting: 0, remaining: 0, bottom: y) }
        var lookaheadBuilder = ParagraphBuilder()
        let typesetter = fitter.typesetter
        let breaker = typesetter.breaker(typesetter.prepare(lookaheadBuilder.build(spans[current + offset], from: bytes)),
                                         width: container.size.width)
        let fit = fitter.fit(breaker, in: container, top: y, bandHeight: fitter.basePitch)
        return fitter.measure(fit, of: breaker, top: y, nextWidth: nextWidth)
    }
}
