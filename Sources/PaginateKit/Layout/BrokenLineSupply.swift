/// Lines broken ahead of placement for containers that all share one width: placing them needs
/// only their heights, so fitting is adding heights.
///
/// The lines are either all broken beforehand (a page map: on several threads, or from a
/// paragraph memo) or broken paragraph by paragraph as the placer — or a heading's look-ahead —
/// first asks for them (a layout, which may stop early, and keeps what each line draws).
struct BrokenLineSupply: LineSupply {
    /// Where one paragraph's lines are among the runs.
    private struct Lines {
        var chunk: Int
        var first: Int
        var count: Int
    }

    private let spans: [ParagraphSpan]
    private var chunks: [BrokenLines]
    private var index: [Lines] = []
    /// Breaks the paragraphs not broken yet, into the last run; `nil` when all are.
    private var breaker: SpanBreaker?
    /// For a lazy supply, the next entry of its per-paragraph diagnostics not yet counted.
    private var nextDiagnostic = 0
    /// What decoding and font fallback replaced in the paragraphs begun so far (all of them
    /// when the lines were broken beforehand).
    private(set) var diagnostics = TextDiagnostics()

    private var current = 0
    private var lines = Lines(chunk: 0, first: 0, count: 0)
    private var placed = 0
    /// The tops of the lines of the last fit.
    private var fitTops: [Double] = []
    /// The height of the container of the last fit, where the look-ahead measures.
    private var height = 0.0

    /// A supply of lines all broken beforehand: `chunks` holds every paragraph's lines in order.
    init(spans: [ParagraphSpan], chunks: [BrokenLines]) {
        self.spans = spans
        self.chunks = chunks
        index.reserveCapacity(spans.count)
        for (number, chunk) in chunks.enumerated() {
            var first = 0
            for count in chunk.lineCounts {
                index.append(Lines(chunk: number, first: first, count: Int(count)))
                first += Int(count)
            }
            diagnostics.add(chunk.diagnostics)
        }
        precondition(index.count == spans.count, "one line count per paragraph")
    }

    /// A supply that breaks each paragraph with `breaker` when it is first needed.
    init(spans: [ParagraphSpan], breaker: SpanBreaker) {
        self.spans = spans
        self.chunks = [BrokenLines()]
        self.breaker = breaker
    }

    /// Makes sure paragraph `paragraph`'s lines are broken.
    private mutating func breakLines(through paragraph: Int) {
        guard breaker != nil else { return }
        while index.count <= paragraph {
            let chunk = chunks.count - 1
            breaker!.breakLines(of: spans[index.count], into: &chunks[chunk])
            let first = index.last.map { $0.first + $0.count } ?? 0
            index.append(Lines(chunk: chunk, first: first, count: Int(chunks[chunk].lineCounts[index.count])))
        }
    }

    mutating func begin(_ paragraph: Int, width: Double) {
        breakLines(through: paragraph)
        current = paragraph
        lines = index[paragraph]
        placed = 0
        guard breaker != nil else { return }
        let counts = chunks[lines.chunk].paragraphDiagnostics
        while nextDiagnostic < counts.count && counts[nextDiagnostic].paragraph <= paragraph {
            if counts[nextDiagnostic].paragraph == paragraph { diagnostics.add(counts[nextDiagnostic].counts) }
            nextDiagnostic += 1
        }
    }

    var isFinished: Bool { placed >= lines.count }

    /// How many of `lines` from `placed` on fit one after the other between `top` and the
    /// container's bottom: a line fits when its box ends at or above the bottom.
    private func measure(_ lines: Lines, from placed: Int, top: Double) -> BreakRules.Measure {
        let heights = chunks[lines.chunk].lineHeights
        var y = top
        var fitting = 0
        for line in (lines.first + placed)..<(lines.first + lines.count) {
            guard y + heights[line] <= height + 1e-9 else { break }
            y += heights[line]
            fitting += 1
        }
        return BreakRules.Measure(fitting: fitting, remaining: lines.count - placed, bottom: y)
    }

    mutating func fit(in container: TextContainer, top: Double, nextWidth: Double) -> BreakRules.Measure {
        height = container.size.height
        let measure = measure(lines, from: placed, top: top)
        let heights = chunks[lines.chunk].lineHeights
        fitTops.removeAll(keepingCapacity: true)
        var y = top
        for line in (lines.first + placed)..<(lines.first + placed + measure.fitting) {
            fitTops.append(y)
            y += heights[line]
        }
        return measure
    }

    func fittedLine(_ fitted: Int) -> LineDraft {
        // Fields read in place: a copy of the run would retain each of its arrays, for every line.
        let line = lines.first + placed + fitted
        return LineDraft(start: chunks[lines.chunk].lineStarts[line], y: fitTops[fitted],
                         height: chunks[lines.chunk].lineHeights[line],
                         set: chunks[lines.chunk].setLines.isEmpty ? nil : chunks[lines.chunk].setLines[line])
    }

    mutating func advance(_ count: Int) {
        placed += count
    }

    func paragraph(_ offset: Int) -> BreakRules.Upcoming? {
        guard current + offset < spans.count else { return nil }
        let span = spans[current + offset]
        return BreakRules.Upcoming(kind: span.kind, isHeading: span.isHeading, breaksPageAfter: span.breaksPageAfter)
    }

    mutating func measure(_ offset: Int, from y: Double) -> BreakRules.Measure {
        breakLines(through: current + offset)
        return measure(index[current + offset], from: 0, top: y)
    }
}
