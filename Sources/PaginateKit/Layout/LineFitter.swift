/// Fits a paragraph's lines into one container from a given height, pulling them from a live
/// breaker, without placing them — so the break rules can see how many lines fit, and how many are left,
/// before any line is placed.
///
/// Each line asks the container for the span it may use at its height: beside an exclusion the
/// span is narrower, and a band with too little room moves the line below the exclusion. A line's
/// height depends on its fonts, which depend on where it breaks, which depends on the span at that
/// height: the band starts at the base pitch and is retried at the line's real height when that
/// turns out taller.
struct LineFitter {
    let typesetter: Typesetter
    private var fontSize: Double { typesetter.fontSize }
    var basePitch: Double { typesetter.basePitch }
    private var rules: BreakRules { typesetter.rules }

    /// A line where it would be placed.
    struct FittedLine {
        var line: LineBreaker.Line
        var box: LineBox
        /// Top-left corner of the line box in the container.
        var origin: Point
        /// The measure the line was broken for, in thousandths of an em (what alignment fills).
        var available: Int
        /// The breaker just after this line.
        var after: LineBreaker
    }

    /// The lines that fit.
    struct Fit {
        var lines: [FittedLine]
        /// Whether the paragraph ends with these lines.
        var isFinished: Bool
        /// The band height being tried when the container ran out: the next container starts with it.
        var bandHeight: Double
    }

    /// The lines of `breaker`'s paragraph that fit into `container` from height `top` on.
    ///
    /// - Complexity: O(*k*) for the *k* code points of the fitting lines (times the retries of
    ///   lines beside exclusions).
    func fit(_ breaker: LineBreaker, in container: TextContainer, top: Double, bandHeight: Double) -> Fit {
        let prepared = breaker.prepared
        let paragraph = prepared.paragraph
        var breaker = breaker
        var y = top
        var band = bandHeight
        var lines: [FittedLine] = []
        while !breaker.isFinished {
            let span: (x: Double, width: Double)
            if let free = container.lineSpan(top: y, height: band, minimumWidth: fontSize) {
                span = free
            } else if let bottom = container.bottomOfExclusions(overlapping: y, band), bottom > y {
                y = bottom
                if y + basePitch > container.size.height + 1e-9 { return Fit(lines: lines, isFinished: false, bandHeight: band) }
                continue
            } else {
                span = (0, container.size.width)
            }
            let indent = breaker.position == 0
                ? rules.firstLineIndent(kind: paragraph.kind, isHeading: paragraph.isHeading, width: span.width) : 0
            var trial = breaker
            let available = typesetter.measure(span.width - indent)
            guard let line = trial.nextLine(maxWidth: available) else { break }
            let box = typesetter.box(prepared, line)
            if box.height > band + 1e-9 && !container.exclusions.isEmpty {
                band = box.height
                continue
            }
            if y + box.height > container.size.height + 1e-9 { return Fit(lines: lines, isFinished: false, bandHeight: band) }
            lines.append(FittedLine(line: line, box: box, origin: Point(x: span.x + indent, y: y),
                                     available: available, after: trial))
            y += box.height
            breaker = trial
            band = basePitch
        }
        return Fit(lines: lines, isFinished: true, bandHeight: band)
    }

    /// How many lines `breaker` has left, counting no further than `limit`, on lines `width`
    /// points wide (exclusions ignored).
    func countLines(_ breaker: LineBreaker, width: Double, limit: Int) -> Int {
        let paragraph = breaker.prepared.paragraph
        var breaker = breaker
        var count = 0
        while count < limit && !breaker.isFinished {
            let indent = breaker.position == 0
                ? rules.firstLineIndent(kind: paragraph.kind, isHeading: paragraph.isHeading, width: width) : 0
            guard breaker.nextLine(maxWidth: typesetter.measure(width - indent)) != nil else { break }
            count += 1
        }
        return count
    }

    /// The break rules' view of a fit: the lines that fit, and the lines left after them counted
    /// on the next container's full width — exact when containers share one width and have no
    /// exclusions, an estimate otherwise (the next container's exclusions are not known yet).
    func measure(_ fit: Fit, of breaker: LineBreaker, top: Double, nextWidth: Double) -> BreakRules.Measure {
        let bottom = fit.lines.last.map { $0.origin.y + $0.box.height } ?? top
        guard !fit.isFinished else { return BreakRules.Measure(fitting: fit.lines.count, remaining: fit.lines.count, bottom: bottom) }
        let rest = countLines(fit.lines.last?.after ?? breaker, width: nextWidth, limit: max(1, rules.widows))
        return BreakRules.Measure(fitting: fit.lines.count, remaining: fit.lines.count + max(1, rest), bottom: bottom)
    }
}
