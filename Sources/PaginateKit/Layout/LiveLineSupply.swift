/// Lines pulled from a live breaker as the placer fits them, for containers of unequal widths
/// (exclusions, a custom `containerProvider`): each line asks the container for the span free at
/// its height, so lines cannot be broken ahead. A line's height depends on its fonts, which depend
/// on where it breaks, which depends on the span at that height: the band starts at the base pitch
/// and is retried at the line's real height when that turns out taller. A heading's look-ahead
/// prepares the paragraphs after it once more (headings are few; those copies count nothing).
struct LiveLineSupply: LineSupply {
    /// A line where it would be placed: its box's top-left corner, the measure it was broken for
    /// (in thousandths of an em: what alignment fills) and the breaker just after it.
    private struct FittedLine {
        var line: LineBreaker.Line
        var box: LineBox
        var origin: Point
        var available: Int
        var after: LineBreaker
    }

    let spans: [ParagraphSpan]
    private let bytes: UnsafeBufferPointer<UInt8>
    private let typesetter: Typesetter
    private let content: SetLine.Content
    private(set) var diagnostics = TextDiagnostics()

    private(set) var current = 0
    private var breaker: LineBreaker?
    /// The band a line is tried in; a line that did not fit keeps the band it needed.
    private var bandHeight: Double
    private var fitted: [FittedLine] = []
    /// The band being tried when the last fit ran out of room: the next container starts with it.
    private var fitBandHeight = 0.0
    /// The container of the last fit, and the width after it, where the look-ahead measures.
    private var container = TextContainer(size: Size(width: 0, height: 0))
    private var nextWidth = 0.0

    init(spans: [ParagraphSpan], bytes: UnsafeBufferPointer<UInt8>, typesetter: Typesetter, content: SetLine.Content) {
        self.spans = spans
        self.bytes = bytes
        self.typesetter = typesetter
        self.content = content
        bandHeight = typesetter.basePitch
    }

    mutating func begin(_ paragraph: Int, width: Double) {
        current = paragraph
        var builder = ParagraphBuilder()  // one per paragraph: its counts are the paragraph's
        let prepared = typesetter.prepare(builder.build(spans[paragraph], from: bytes))
        diagnostics = diagnostics.adding(builder.diagnostics)
        diagnostics.uncoveredCharacters += prepared.uncovered
        diagnostics.clusterBrokenCharacters += prepared.clusterBrokenCharacters
        breaker = typesetter.breaker(prepared, width: width)
        bandHeight = typesetter.basePitch
    }

    var isFinished: Bool { breaker?.isFinished ?? true }

    mutating func fit(in container: TextContainer, top: Double, nextWidth: Double) -> BreakRules.Measure {
        self.container = container
        self.nextWidth = nextWidth
        let measure: BreakRules.Measure
        (fitted, fitBandHeight, measure) = fit(breaker!, in: container, top: top, bandHeight: bandHeight, nextWidth: nextWidth)
        return measure
    }

    /// The lines of `breaker`'s paragraph that fit into `container` from height `top` on, the band
    /// being tried when room ran out, and the break rules' view of them: lines left over are
    /// counted on the next container's full width (its exclusions are not known yet).
    private func fit(
        _ breaker: LineBreaker, in container: TextContainer, top: Double, bandHeight: Double,
        nextWidth: Double
    ) -> ([FittedLine], Double, BreakRules.Measure) {
        let prepared = breaker.prepared
        var breaker = breaker
        var y = top
        var band = bandHeight
        var lines: [FittedLine] = []
        var isFinished = true
        while !breaker.isFinished {
            let span: (x: Double, width: Double)
            if let free = container.lineSpan(top: y, height: band, minimumWidth: typesetter.fontSize) {
                span = free
            } else if let bottom = container.bottomOfExclusions(overlapping: y, band), bottom > y {
                y = bottom
                if y + typesetter.basePitch > container.size.height + 1e-9 { isFinished = false; break }
                continue
            } else {
                span = (0, container.size.width)
            }
            let indent = breaker.position == 0 ? typesetter.indent(prepared.paragraph, width: span.width) : 0
            var trial = breaker
            let available = typesetter.measure(span.width - indent)
            guard let line = trial.nextLine(maxWidth: available) else { break }
            let box = typesetter.box(prepared, line)
            if box.height > band + 1e-9 && !container.exclusions.isEmpty {
                band = box.height
                continue
            }
            if y + box.height > container.size.height + 1e-9 { isFinished = false; break }
            lines.append(
                FittedLine(
                    line: line, box: box, origin: Point(x: span.x + (prepared.startsRight ? 0 : indent), y: y), available: available,
                    after: trial))
            y += box.height
            breaker = trial
            band = typesetter.basePitch
        }
        let bottom = lines.last.map { $0.origin.y + $0.box.height } ?? top
        guard !isFinished else { return (lines, band, BreakRules.Measure(fitting: lines.count, remaining: lines.count, bottom: bottom)) }
        // Lines left over, counted no further than the rules look.
        var rest = 0
        while rest < max(1, typesetter.rules.widows) && !breaker.isFinished {
            let indent = breaker.position == 0 ? typesetter.indent(prepared.paragraph, width: nextWidth) : 0
            guard breaker.nextLine(maxWidth: typesetter.measure(nextWidth - indent)) != nil else { break }
            rest += 1
        }
        return (lines, band, BreakRules.Measure(fitting: lines.count, remaining: lines.count + max(1, rest), bottom: bottom))
    }

    func fittedLine(_ index: Int, at y: Double) -> LineDraft {
        let fitted = fitted[index]
        let prepared = fitted.after.prepared
        let line = fitted.line
        let paragraph = prepared.paragraph
        return LineDraft(
            start: line.range.isEmpty ? paragraph.startOffset : paragraph.offsets[line.range.lowerBound],
            y: fitted.origin.y, height: fitted.box.height,
            set: typesetter.set(
                prepared, line, x: fitted.origin.x, available: fitted.available, box: fitted.box,
                content: content))
    }

    mutating func advance(_ count: Int) {
        if count > 0 { breaker = fitted[count - 1].after }
        // A line that did not fit is tried in the next container with the band it needed here.
        bandHeight = count == fitted.count ? fitBandHeight : typesetter.basePitch
    }

    mutating func measure(_ offset: Int, from y: Double) -> BreakRules.Measure {
        guard current + offset < spans.count else { return BreakRules.Measure(fitting: 0, remaining: 0, bottom: y) }
        var lookaheadBuilder = ParagraphBuilder()
        let prepared = typesetter.prepare(lookaheadBuilder.build(spans[current + offset], from: bytes))
        return fit(
            typesetter.breaker(prepared, width: container.size.width), in: container, top: y,
            bandHeight: typesetter.basePitch, nextWidth: nextWidth
        ).2
    }
}
