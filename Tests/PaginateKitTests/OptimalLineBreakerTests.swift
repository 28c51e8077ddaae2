import XCTest
@testable import PaginateKit

/// Knuth–Plass total fit: on small paragraphs, the chosen breaks have the least total demerits of
/// every possible sequence of breaks, computed here by brute force from the definition.
final class OptimalLineBreakerTests: XCTestCase {
    private typealias Line = LineBreaker.Line

    private func prepare(_ text: String, hyphenate: Bool = false) throws -> PreparedParagraph {
        let hyphenator = hyphenate ? try Hyphenator(language: "en-US") : nil
        return PreparedParagraph(UnitSupport.paragraph(text), fonts: try UnitSupport.fonts(), hyphenator: hyphenator)
    }

    /// Demerits of one line from `start` to `end` (code points), by TeX's rules with the
    /// breaker's documented parameters (plain TeX's, with hyphen penalty 300, double-hyphen
    /// demerits 50,000 and tolerance 400); `nil` when the line is infeasible (too long, or beyond the tolerance).
    private func lineDemerits(
        _ p: PreparedParagraph, start: Int, end: Int, measure: Int, justified: Bool,
        previousHyphenated: Bool, previousFitness: Int, tolerance: Double
    )
        -> (demerits: Double, fitness: Int, hyphenated: Bool)?
    {
        let scalars = p.paragraph.scalars
        var contentEnd = end
        while contentEnd > start && [0x20, 0x09, 0x3000].contains(scalars[contentEnd - 1]) { contentEnd -= 1 }
        let isLast = end == p.count
        let hyphenated = !isLast && p.isHyphenBreak(after: end - 1)
        // Breaks after the text's own hyphens and dashes are flagged too (TeX's explicit hyphens).
        let flagged = hyphenated || (!isLast && [0x2D, 0x2010, 0x2012, 0x2013, 0x2014].contains(scalars[end - 1]))
        var natural = (start..<contentEnd).reduce(0) { $0 + Int(p.advances[$1]) }
        if hyphenated { natural += p.hyphenAdvance(after: end - 1) }
        var stretch = 0, shrink = 0
        if justified {
            for i in start..<max(start, contentEnd - 1) {
                let glue = Glue.of(p, at: i)
                stretch += Int(glue.stretch)
                shrink += Int(glue.shrink)
            }
        } else {
            stretch = 3000
        }
        let ratio: Double
        if natural == measure || (natural < measure && isLast) {
            ratio = 0
        } else if natural < measure {
            ratio = stretch > 0 ? Double(measure - natural) / Double(stretch) : .infinity
        } else {
            ratio = shrink > 0 ? Double(measure - natural) / Double(shrink) : -.infinity
        }
        guard ratio >= -1 else { return nil }
        let badness = min(10_000, 100 * pow(abs(ratio), 3))
        guard badness <= tolerance else { return nil }
        var demerits = (10 + badness) * (10 + badness)
        if flagged { demerits += 300 * 300 }
        if flagged && previousHyphenated { demerits += 50_000 }
        if isLast && previousHyphenated { demerits += 5_000 }
        let fitness = ratio < -0.5 ? 0 : ratio <= 0.5 ? 1 : ratio <= 1 ? 2 : 3
        if abs(fitness - previousFitness) > 1 { demerits += 10_000 }
        return (demerits, fitness, flagged)
    }

    /// The least total demerits over every sequence of allowed breaks (mandatory ones taken).
    ///
    /// A line's demerits depend only on where it starts and ends and on whether the line before
    /// was hyphenated and how tight it was, so the minimum over all sequences is computed
    /// exhaustively over those states (memoized; no pruning of any sequence).
    private func bruteForce(_ p: PreparedParagraph, measure: Int, justified: Bool, tolerance: Double) -> Double? {
        struct State: Hashable { var start: Int; var hyphenated: Bool; var fitness: Int }
        var memo: [State: Double?] = [:]
        func best(_ state: State) -> Double? {
            if let known = memo[state] { return known }
            var result: Double?
            for end in (state.start + 1)...p.count {
                let isLast = end == p.count
                guard isLast || p.actions[end - 1] != .prohibited else { continue }
                if let line = lineDemerits(
                    p, start: state.start, end: end, measure: measure, justified: justified,
                    previousHyphenated: state.hyphenated, previousFitness: state.fitness,
                    tolerance: tolerance)
                {
                    let rest = isLast ? 0 : best(State(start: end, hyphenated: line.hyphenated, fitness: line.fitness))
                    if let rest, result == nil || line.demerits + rest < result! { result = line.demerits + rest }
                }
                if p.actions[end - 1] == .mandatory { break }
            }
            memo[state] = result
            return result
        }
        return best(State(start: 0, hyphenated: false, fitness: 1))
    }

    /// Total demerits of the breaker's own lines, by the same definition.
    private func demerits(of lines: [Line], _ p: PreparedParagraph, measure: Int, justified: Bool) -> Double? {
        var total = 0.0
        var hyphenated = false
        var fitness = 1
        for line in lines {
            guard
                let d = lineDemerits(
                    p, start: line.range.lowerBound, end: line.range.upperBound, measure: measure,
                    justified: justified, previousHyphenated: hyphenated, previousFitness: fitness,
                    tolerance: .infinity)
            else { return nil }
            total += d.demerits
            hyphenated = d.hyphenated
            fitness = d.fitness
        }
        return total
    }

    private let texts = [
        "However little known the feelings or views of such a man may be on his first entering a neighbourhood.",
        "It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.",
        "“My dear Mr. Bennet,” said his lady to him one day, “have you heard that Netherfield Park is let at last?”",
        "Mr. Bennet replied that he had not. “But it is,” returned she; “for Mrs. Long has just been here.”",
    ]

    private func assertOptimal(
        _ text: String, measure: Int, justified: Bool, hyphenate: Bool,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let p = try prepare(text, hyphenate: hyphenate)
        guard let lines = OptimalLineBreaker(p, justified: justified).lines(firstWidth: measure, width: measure) else {
            return XCTFail("no optimal breaks for a paragraph that has them", file: file, line: line)
        }
        XCTAssertEqual(lines.first?.range.lowerBound, 0, file: file, line: line)
        XCTAssertEqual(lines.last?.range.upperBound, p.count, file: file, line: line)
        for (a, b) in zip(lines, lines.dropFirst()) { XCTAssertEqual(a.range.upperBound, b.range.lowerBound, file: file, line: line) }
        let expected =
            bruteForce(p, measure: measure, justified: justified, tolerance: 400)
            ?? bruteForce(p, measure: measure, justified: justified, tolerance: .infinity)
        let actual = demerits(of: lines, p, measure: measure, justified: justified)
        XCTAssertNotNil(expected, file: file, line: line)
        XCTAssertEqual(actual ?? -1, expected ?? -2, accuracy: 1e-6, "\(text.prefix(30))… at \(measure)", file: file, line: line)
    }

    func testJustifiedBreaksHaveTheLeastDemerits() throws {
        for text in texts {
            for measure in [14_000, 17_500, 22_000, 29_000] {
                try assertOptimal(text, measure: measure, justified: true, hyphenate: false)
            }
        }
    }

    func testHyphenatedBreaksHaveTheLeastDemerits() throws {
        for text in texts {
            for measure in [12_000, 15_500, 19_000] {
                try assertOptimal(text, measure: measure, justified: true, hyphenate: true)
            }
        }
    }

    func testRaggedBreaksHaveTheLeastDemerits() throws {
        for text in texts {
            for measure in [15_000, 21_000] {
                try assertOptimal(text, measure: measure, justified: false, hyphenate: false)
            }
        }
    }

    /// A classic case where first fit is worse: total fit evens out the lines.
    func testBeatsFirstFitOnAdjustment() throws {
        let p = try prepare(texts[1])
        let measure = 17_500
        let optimal = try XCTUnwrap(OptimalLineBreaker(p, justified: true).lines(firstWidth: measure, width: measure))
        var greedy: [Line] = []
        var breaker = LineBreaker(p, tabStop: 2536)
        while let line = breaker.nextLine(maxWidth: measure) { greedy.append(line) }
        let optimalDemerits = try XCTUnwrap(demerits(of: optimal, p, measure: measure, justified: true))
        let greedyDemerits = try XCTUnwrap(demerits(of: greedy, p, measure: measure, justified: true))
        XCTAssertLessThanOrEqual(optimalDemerits, greedyDemerits)
    }

    func testNoPlanForTabsOrOverlongWords() throws {
        XCTAssertNil(OptimalLineBreaker(try prepare("a\tb c d"), justified: true).lines(firstWidth: 5000, width: 5000))
        let long = try prepare("a " + String(repeating: "x", count: 80) + " b")
        XCTAssertNil(OptimalLineBreaker(long, justified: true).lines(firstWidth: 5000, width: 5000))
        // First fit still breaks it, inside the word.
        var breaker = LineBreaker(long, tabStop: 2536, typography: Typography(alignment: .justify), firstWidth: 5000, width: 5000)
        var count = 0
        while let line = breaker.nextLine(maxWidth: 5000) { XCTAssertLessThanOrEqual(line.width, 5000); count += 1 }
        XCTAssertGreaterThan(count, 5)
    }

    /// A plan is followed while its lines fit, and first fit takes over when a narrower width comes.
    func testPlanYieldsToANarrowerWidth() throws {
        let p = try prepare(texts[0])
        let plan = try XCTUnwrap(OptimalLineBreaker(p, justified: true).lines(firstWidth: 20_000, width: 20_000))
        var breaker = LineBreaker(p, tabStop: 2536, plan: plan)
        XCTAssertEqual(breaker.nextLine(maxWidth: 20_000), plan[0])
        let narrow = try XCTUnwrap(breaker.nextLine(maxWidth: 8_000))
        XCTAssertEqual(narrow.range.lowerBound, plan[0].range.upperBound)
        XCTAssertLessThanOrEqual(narrow.width, 8_000)
    }
}
