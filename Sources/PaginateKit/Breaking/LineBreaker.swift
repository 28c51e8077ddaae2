/// Greedy first-fit line breaking over a prepared paragraph: a cursor that yields one line at a time.
///
/// The breaker sees text, fonts and a width — never a container or a page — so the layout manager
/// can ask for the next line with whatever width the current container offers there, and ask
/// again with another width (it is a value: copy it to try). A line ends at the last UAX #14 break
/// opportunity whose content fits; trailing white space hangs past the edge and does not count. A
/// line is never broken earlier than needed: the next segment joins the line whenever it fits. A
/// segment wider than the whole line is broken between grapheme clusters, never inside one.
///
/// A breaker can carry a *plan*: lines chosen ahead for the whole paragraph (by
/// `OptimalLineBreaker`). It hands them out while each still fits the width asked for, and falls
/// back to first fit for the rest of the paragraph as soon as one does not (a narrower container).
struct LineBreaker {
    /// One line chosen by the breaker, in code point indices of the paragraph.
    struct Line: Equatable {
        /// Code points of the line, trailing white space included.
        var range: Range<Int>
        /// End of the drawn content (trailing white space excluded).
        var contentEnd: Int
        /// Advance of the drawn content (a hyphen at the end included), in thousandths of an em.
        var width: Int
        /// Whether the line ends inside a word, with a hyphen drawn after `contentEnd`.
        var hyphenated = false
        /// How much the content may shrink when justified (its inter-word spaces), in thousandths
        /// of an em: a justified line fits when `width - shrink` does.
        var shrink = 0
    }

    let prepared: PreparedParagraph
    /// Tab stop distance in thousandths of an em.
    let tabStop: Int
    /// Index of the first code point not yet placed on a line.
    private(set) var position = 0
    private var emittedEmptyLine = false
    private var plan: [Line]
    private var planIndex = 0

    init(_ prepared: PreparedParagraph, tabStop: Int, plan: [Line] = []) {
        self.prepared = prepared
        self.tabStop = max(1, tabStop)
        self.plan = plan
    }

    /// Whether every code point has been placed (an empty paragraph yields one empty line first).
    var isFinished: Bool {
        prepared.count == 0 ? emittedEmptyLine : position >= prepared.count
    }

    @inline(__always)
    static func isHanging(_ scalar: UInt32) -> Bool {
        scalar == 0x20 || scalar == 0x09 || scalar == 0x3000
    }

    /// The next line for a measure of `maxWidth` thousandths of an em, or `nil` when finished.
    ///
    /// - Complexity: O(*k*) for *k* code points on the line plus one segment.
    mutating func nextLine(maxWidth: Int) -> Line? {
        let count = prepared.count
        if count == 0 {
            guard !emittedEmptyLine else { return nil }
            emittedEmptyLine = true
            return Line(range: 0..<0, contentEnd: 0, width: 0)
        }
        guard position < count else { return nil }
        if planIndex < plan.count {
            let planned = plan[planIndex]
            if planned.range.lowerBound == position && planned.width - planned.shrink <= maxWidth {
                planIndex += 1
                return finish(planned)
            }
            plan = []
        }
        let start = position
        let scalars = prepared.paragraph.scalars
        let advances = prepared.advances
        let actions = prepared.actions
        let clusterStarts = prepared.clusterStarts

        var x = 0  // pen position, hanging spaces included
        var contentWidth = 0  // width up to the last drawn (non-hanging) code point
        var contentEnd = start
        var lastBreak: Line?  // the best line ending at an opportunity seen so far
        var index = start
        while index < count {
            let scalar = scalars[index]
            var advance = Int(advances[index])
            if advance == Int(PreparedParagraph.tabAdvance) { advance = tabStop - (x % tabStop) }
            if !LineBreaker.isHanging(scalar) {
                if x + advance > maxWidth && index > start {
                    if let lastBreak { return finish(lastBreak) }
                    // No opportunity on this line: break before the cluster that overflows.
                    var cut = index
                    while cut > start && !clusterStarts[cut] { cut -= 1 }
                    if cut == start {
                        cut = index
                        while cut < count && !clusterStarts[cut] { cut += 1 }
                        var width = 0
                        var tail = start
                        for i in start..<cut { width += Int(advances[i]); tail = i + 1 }
                        return finish(Line(range: start..<cut, contentEnd: tail, width: width - prepared.kern(after: cut - 1)))
                    }
                    var width = widthOf(start..<cut)
                    // The cut separates a kerned pair, and the line's last character gets its
                    // unkerned advance back: give back clusters until the line fits again.
                    while width > maxWidth {
                        var previous = cut - 1
                        while previous > start && !clusterStarts[previous] { previous -= 1 }
                        guard previous > start else { break }
                        cut = previous
                        width = widthOf(start..<cut)
                    }
                    // White space before the cut hangs like the trailing space of any line: it is
                    // in the line's range but not drawn, so the runs end where `width` does.
                    var drawnEnd = cut
                    while drawnEnd > start && LineBreaker.isHanging(scalars[drawnEnd - 1]) { drawnEnd -= 1 }
                    return finish(Line(range: start..<cut, contentEnd: drawnEnd, width: width))
                }
                contentWidth = x + advance
                contentEnd = index + 1
            }
            x += advance
            let action = actions[index]
            if action == .mandatory && index + 1 < count {
                return finish(Line(range: start..<(index + 1), contentEnd: contentEnd, width: contentWidth))
            }
            if action != .prohibited {
                if prepared.isHyphenBreak(after: index) {
                    let width = contentWidth + prepared.hyphenAdvance(after: index)
                    if width <= maxWidth {
                        lastBreak = Line(range: start..<(index + 1), contentEnd: contentEnd, width: width, hyphenated: true)
                    }
                } else {
                    lastBreak = Line(range: start..<(index + 1), contentEnd: contentEnd, width: contentWidth)
                }
            }
            index += 1
        }
        return finish(Line(range: start..<count, contentEnd: contentEnd, width: contentWidth))
    }

    private mutating func finish(_ line: Line) -> Line {
        position = line.range.upperBound
        return line
    }

    private func widthOf(_ range: Range<Int>) -> Int {
        var x = 0
        var content = 0
        for i in range {
            var advance = Int(prepared.advances[i])
            if advance == Int(PreparedParagraph.tabAdvance) { advance = tabStop - (x % tabStop) }
            x += advance
            // A line that ends here does not kern with what follows it.
            if !LineBreaker.isHanging(prepared.paragraph.scalars[i]) { content = x - prepared.kern(after: i) }
        }
        return content
    }
}
