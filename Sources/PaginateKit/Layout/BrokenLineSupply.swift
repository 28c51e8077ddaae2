/// Lines broken ahead of placement for containers that all share one width, so fitting them is
/// adding heights: all broken beforehand (a page map: on several threads, or from a paragraph
/// memo), or paragraph by paragraph as the placer or a heading's look-ahead first asks (a layout,
/// which may stop early).
struct BrokenLineSupply: LineSupply {
    let spans: [ParagraphSpan]
    private var broken: BrokenLines
    /// The index in `broken` of each paragraph's first line, for the paragraphs broken so far.
    private var firstLines: [Int] = []
    /// Breaks a paragraph not broken yet, appending its lines; `nil` when all are broken.
    private var breakLines: ((ParagraphSpan, inout BrokenLines) -> Void)?
    /// For a lazy supply, the next entry of its per-paragraph diagnostics not yet counted.
    private var nextDiagnostic = 0
    /// Counted whole up front when the lines were broken beforehand (every paragraph is placed).
    private(set) var diagnostics = TextDiagnostics()

    private(set) var current = 0
    /// The current paragraph's lines in `broken`.
    private var lines = 0..<0
    private var placed = 0
    /// The height of the container of the last fit, where the look-ahead measures.
    private var height = 0.0

    /// A supply of lines all broken beforehand: `lines` holds every paragraph's lines in order.
    init(spans: [ParagraphSpan], lines: BrokenLines) {
        self.spans = spans
        broken = lines
        diagnostics = lines.diagnostics
        precondition(broken.lineCounts.count == spans.count, "one line count per paragraph")
        indexLines()
    }

    /// A supply that breaks each paragraph of `bytes` for lines `width` points wide when it is first needed.
    init(
        spans: [ParagraphSpan], bytes: UnsafeBufferPointer<UInt8>, typesetter: Typesetter, width: Double,
        content: SetLine.Content
    ) {
        self.spans = spans
        broken = BrokenLines()
        breakLines = { typesetter.breakLines(of: $0, from: bytes, width: width, into: &$1, content: content) }
    }

    /// Records where the lines of the paragraphs broken since the last call start.
    private mutating func indexLines() {
        var first = firstLines.last.map { $0 + Int(broken.lineCounts[firstLines.count - 1]) } ?? 0
        for paragraph in firstLines.count..<broken.lineCounts.count {
            firstLines.append(first)
            first += Int(broken.lineCounts[paragraph])
        }
    }

    /// Paragraph `paragraph`'s lines in `broken`, broken now if they were not yet.
    private mutating func lineRange(of paragraph: Int) -> Range<Int> {
        if let breakLines, firstLines.count <= paragraph {
            for span in spans[firstLines.count...paragraph] { breakLines(span, &broken) }
            indexLines()
        }
        return firstLines[paragraph]..<(firstLines[paragraph] + Int(broken.lineCounts[paragraph]))
    }

    mutating func begin(_ paragraph: Int, width: Double) {
        current = paragraph
        lines = lineRange(of: paragraph)
        placed = 0
        guard breakLines != nil else { return }
        let counts = broken.paragraphDiagnostics
        while nextDiagnostic < counts.count && counts[nextDiagnostic].paragraph <= paragraph {
            if counts[nextDiagnostic].paragraph == paragraph { diagnostics = diagnostics.adding(counts[nextDiagnostic].counts) }
            nextDiagnostic += 1
        }
    }

    var isFinished: Bool { placed >= lines.count }

    /// How many of `lines` fit one after the other between `top` and the container's bottom: a
    /// line fits when its box ends at or above the bottom.
    private func measure(_ lines: Range<Int>, top: Double) -> BreakRules.Measure {
        var y = top
        var fitting = 0
        for line in lines {
            guard y + broken.lineHeights[line] <= height + 1e-9 else { break }
            y += broken.lineHeights[line]
            fitting += 1
        }
        return BreakRules.Measure(fitting: fitting, remaining: lines.count, bottom: y)
    }

    mutating func fit(in container: TextContainer, top: Double, nextWidth: Double) -> BreakRules.Measure {
        height = container.size.height
        return measure((lines.lowerBound + placed)..<lines.upperBound, top: top)
    }

    func fittedLine(_ fitted: Int, at y: Double) -> LineDraft {
        let line = lines.lowerBound + placed + fitted
        return LineDraft(
            start: broken.lineStarts[line], y: y, height: broken.lineHeights[line],
            set: broken.setLines.isEmpty ? nil : broken.setLines[line])
    }

    mutating func advance(_ count: Int) {
        placed += count
    }

    mutating func measure(_ offset: Int, from y: Double) -> BreakRules.Measure {
        // Broken first: `measure` must see the lines broken for it.
        let upcoming = lineRange(of: current + offset)
        return measure(upcoming, top: y)
    }
}
