/// Knuth–Plass total-fit line breaking: of all ways to break a paragraph, the one with the least
/// total demerits.
///
/// Each line's badness comes from its adjustment ratio *r* — how far its gaps must stretch
/// (*r* > 0) or shrink (*r* < 0) to fill the measure, in units of their stretchability (`Glue`) —
/// as 100·|r|³. Demerits per line are (line penalty + badness)² plus the square of a hyphen's
/// penalty, plus extra demerits for two hyphenated lines in a row, for a hyphen on the last
/// line but one, and for adjacent lines of very different tightness (fitness classes). The
/// formula and most values are plain TeX's; three are stricter, chosen on *Pride and Prejudice* at
/// a 30 em measure, where TeX's own values hyphenated a fifth of all lines: hyphen penalty 300
/// (TeX: 50), double-hyphen demerits 50,000 (TeX: 10,000), tolerance 400 (TeX: 200). With them a
/// tenth of the lines is hyphenated and the mean |r| stays below Typst's on the same page. Breaks
/// after the text's own hyphens and dashes are flagged like added hyphens, as in TeX. The last
/// line is set at its natural width.
///
/// For ragged (not justified) text the same search balances line lengths instead: spaces do
/// not stretch, and each line may fall short of the measure by up to `raggedStretch` at
/// badness 100, so the breaker avoids very short lines followed by long ones.
///
/// The result is a plan for `LineBreaker`. There is none (`nil`) when the paragraph has tabs
/// (their width depends on the line's start) or a piece that no line can hold: first fit then
/// breaks the paragraph, as it can break inside a word.
struct OptimalLineBreaker {
    /// Demerit parameters, in TeX's units.
    struct Parameters {
        var linePenalty = 10.0
        var hyphenPenalty = 300.0
        var doubleHyphenDemerits = 50_000.0
        var finalHyphenDemerits = 5_000.0
        var adjacentFitnessDemerits = 10_000.0
        /// Greatest badness of a line in the first pass (TeX's `\tolerance`).
        var tolerance = 400.0
        /// How far a ragged line may fall short of the measure at badness 100, in thousandths of an em.
        var raggedStretch = 3_000
    }

    let prepared: PreparedParagraph
    /// Whether lines are justified (spaces stretch and shrink) or ragged.
    let justified: Bool
    var parameters = Parameters()

    init(_ prepared: PreparedParagraph, justified: Bool) {
        self.prepared = prepared
        self.justified = justified
    }

    private struct Node {
        /// First code point of the next line.
        var position: Int
        var lineCount: Int
        var fitness: Int
        var hyphenated: Bool
        var demerits: Double
        var previous: Int
        var line: LineBreaker.Line?
    }

    /// The lines of the paragraph: the first `firstWidth` wide, the others `width` (thousandths of an em).
    func lines(firstWidth: Int, width: Int) -> [LineBreaker.Line]? {
        let count = prepared.count
        guard count > 0 else { return nil }
        let scalars = prepared.paragraph.scalars
        if scalars.contains(0x09) { return nil }
        // Prefix sums: content width, stretch and shrink up to each code point.
        var widths = [Int](repeating: 0, count: count + 1)
        var stretches = [Int](repeating: 0, count: count + 1)
        var shrinks = [Int](repeating: 0, count: count + 1)
        var contentEnds = [Int](repeating: 0, count: count + 1)
        var lastContent = 0
        for i in 0..<count {
            widths[i + 1] = widths[i] + Int(prepared.advances[i])
            let glue = justified ? Glue.of(prepared, at: i) : (stretch: Int32(0), shrink: Int32(0))
            stretches[i + 1] = stretches[i] + Int(glue.stretch)
            shrinks[i + 1] = shrinks[i] + Int(glue.shrink)
            if !LineBreaker.isHanging(scalars[i]) { lastContent = i + 1 }
            contentEnds[i + 1] = lastContent
        }
        if let lines = search(
            firstWidth: firstWidth, width: width, tolerance: parameters.tolerance,
            widths: widths, stretches: stretches, shrinks: shrinks, contentEnds: contentEnds)
        {
            return lines
        }
        return search(
            firstWidth: firstWidth, width: width, tolerance: .infinity,
            widths: widths, stretches: stretches, shrinks: shrinks, contentEnds: contentEnds)
    }

    private func search(
        firstWidth: Int, width: Int, tolerance: Double, widths: [Int], stretches: [Int], shrinks: [Int],
        contentEnds: [Int]
    ) -> [LineBreaker.Line]? {
        let count = prepared.count
        let actions = prepared.actions
        var nodes = [Node(position: 0, lineCount: 0, fitness: 1, hyphenated: false, demerits: 0, previous: -1, line: nil)]
        var active = [0]
        var next: [Int] = []
        for index in 0..<count {
            let action = actions[index]
            let end = index + 1
            let isLast = end == count
            guard action != .prohibited || isLast else { continue }
            let forced = action == .mandatory || isLast
            let hyphenated = !isLast && prepared.isHyphenBreak(after: index)
            // A break after a hyphen or dash the text has is flagged like one hyphenation adds
            // (TeX's explicit hyphens): both leave a line ending in a hyphen.
            let flagged = hyphenated || (!isLast && OptimalLineBreaker.isExplicitHyphen(prepared.paragraph.scalars[index]))
            let contentEnd = contentEnds[end]
            // The best way to end a line here, per fitness class.
            var best: [Node?] = [nil, nil, nil, nil]
            next.removeAll(keepingCapacity: true)
            for nodeIndex in active {
                let node = nodes[nodeIndex]
                let start = node.position
                let measure = node.lineCount == 0 ? firstWidth : width
                let lineContentEnd = max(start, contentEnd)
                var natural = widths[lineContentEnd] - widths[start]
                if hyphenated { natural += prepared.hyphenAdvance(after: index) }
                // The gap after the last drawn code point ends the line: it does not adjust.
                let glueEnd = max(start, lineContentEnd - 1)
                let stretch = stretches[glueEnd] - stretches[start]
                let shrink = shrinks[glueEnd] - shrinks[start]
                let ratio = adjustmentRatio(natural: natural, measure: measure, stretch: stretch, shrink: shrink, isLast: isLast)
                if ratio < -1 {
                    // Too long, and only longer from here: this start can end no more lines. Keep it
                    // if nothing else is left, so the search can report failure rather than loop.
                    continue
                }
                next.append(nodeIndex)
                let badness = min(10_000, 100 * abs(ratio) * abs(ratio) * abs(ratio))
                guard badness <= tolerance else { continue }
                var demerits = (parameters.linePenalty + badness) * (parameters.linePenalty + badness)
                if flagged { demerits += parameters.hyphenPenalty * parameters.hyphenPenalty }
                if flagged && node.hyphenated { demerits += parameters.doubleHyphenDemerits }
                if isLast && node.hyphenated { demerits += parameters.finalHyphenDemerits }
                let fitness = ratio < -0.5 ? 0 : ratio <= 0.5 ? 1 : ratio <= 1 ? 2 : 3
                if abs(fitness - node.fitness) > 1 { demerits += parameters.adjacentFitnessDemerits }
                let total = node.demerits + demerits
                if best[fitness] == nil || total < best[fitness]!.demerits {
                    let line = LineBreaker.Line(
                        range: start..<end, contentEnd: lineContentEnd, width: natural,
                        hyphenated: hyphenated, shrink: justified && !isLast ? shrink : 0)
                    best[fitness] = Node(
                        position: end, lineCount: node.lineCount + 1, fitness: fitness, hyphenated: flagged,
                        demerits: total, previous: nodeIndex, line: line)
                }
            }
            // A forced break ends every line in progress.
            active = forced ? [] : next
            for case let node? in best {
                nodes.append(node)
                active.append(nodes.count - 1)
            }
            if active.isEmpty { return nil }
        }
        // The best node ending at the paragraph's end.
        var bestIndex: Int?
        for nodeIndex in active where nodes[nodeIndex].position == count {
            if bestIndex == nil || nodes[nodeIndex].demerits < nodes[bestIndex!].demerits { bestIndex = nodeIndex }
        }
        guard var cursor = bestIndex else { return nil }
        var lines: [LineBreaker.Line] = []
        while let line = nodes[cursor].line {
            lines.append(line)
            cursor = nodes[cursor].previous
        }
        return lines.reversed()
    }

    /// Hyphens and dashes after which UAX #14 allows a break.
    static func isExplicitHyphen(_ scalar: UInt32) -> Bool {
        scalar == 0x2D || scalar == 0x2010 || scalar == 0x2012 || scalar == 0x2013 || scalar == 0x2014
    }

    /// The adjustment ratio of a line; `-infinity` when it cannot shrink enough, `+infinity` when
    /// it should stretch but has nothing that can.
    private func adjustmentRatio(natural: Int, measure: Int, stretch: Int, shrink: Int, isLast: Bool) -> Double {
        if natural == measure { return 0 }
        if natural < measure {
            if isLast { return 0 }
            let give = justified ? stretch : parameters.raggedStretch
            return give > 0 ? Double(measure - natural) / Double(give) : .infinity
        }
        return shrink > 0 ? Double(measure - natural) / Double(shrink) : -.infinity
    }
}
