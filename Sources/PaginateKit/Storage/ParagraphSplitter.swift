/// Turns source lines into paragraph spans, deciding which line breaks were meant.
///
/// The `auto` rule: within a block of non-blank lines, the break after a line is a *soft wrap*
/// (the typist only ran out of width) when the next line's first word would not have fitted at the
/// end of this line within the text's wrap width — that is why the typist broke there. A break
/// before an indented line (leading space, tab or U+3000: centred titles, verse, block quotes) is
/// always kept. The wrap width is measured, not assumed: the 95th percentile of the widths (in
/// terminal cells) of lines followed by a non-indented line of the same block, or the block's own
/// widest line if that is wider — less a tenth, because typists (and Gutenberg's markup for
/// italics) do not fill lines perfectly. If fewer than a third of those lines look wrapped, the
/// text is not hard-wrapped at all and every break is kept.
///
/// In `blank` and `auto` mode, a block of one source line (it stands alone between blank lines,
/// form feeds or the ends of the text) is a heading when it matches `headings`.
///
/// - Complexity: O(*n*), two passes over the bytes in `auto` mode, one otherwise.
struct ParagraphSplitter {
    let bytes: UnsafeBufferPointer<UInt8>
    let mode: ParagraphMode
    /// Which single-line blocks are headings; `nil` marks none.
    var headings: HeadingRule? = nil

    func split() -> [ParagraphSpan] {
        var spans: [ParagraphSpan] = []
        var scanner = SourceLineScanner(bytes)
        switch mode {
        case .lines:
            while let line = scanner.next() {
                spans.append(ParagraphSpan(contentStart: line.start, contentEnd: line.contentEnd, startOffset: line.start,
                                           kind: .text, breaksPageAfter: line.terminator == .formFeed))
            }
        case .blank, .auto:
            let wrapWidth = mode == .auto ? measuredWrapWidth() : nil
            var pendingSeparator: Int?
            var block: [SourceLine] = []
            func flushBlock() {
                guard !block.isEmpty else { return }
                if let separator = pendingSeparator {
                    spans.append(ParagraphSpan(contentStart: separator, contentEnd: separator, startOffset: separator,
                                               kind: .separator, breaksPageAfter: false))
                    pendingSeparator = nil
                }
                if block.count == 1, let headings, headings.matches(bytes, block[0].start..<block[0].contentEnd) {
                    let line = block[0]
                    spans.append(ParagraphSpan(contentStart: line.start, contentEnd: line.contentEnd, startOffset: line.start,
                                               kind: .text, breaksPageAfter: line.terminator == .formFeed, isHeading: true))
                    block.removeAll(keepingCapacity: true)
                    return
                }
                let blockWidth = block.map(\.width).max() ?? 0
                var first = block[0]
                for index in block.indices {
                    let line = block[index]
                    let isLast = index == block.count - 1
                    if !isLast && isSoftBreak(after: line, next: block[index + 1], wrapWidth: wrapWidth, blockWidth: blockWidth) {
                        continue
                    }
                    spans.append(ParagraphSpan(contentStart: first.start, contentEnd: line.contentEnd, startOffset: first.start,
                                               kind: .text, breaksPageAfter: line.terminator == .formFeed))
                    if !isLast { first = block[index + 1] }
                }
                block.removeAll(keepingCapacity: true)
            }
            while let line = scanner.next() {
                if line.isBlank {
                    flushBlock()
                    if line.terminator == .formFeed {
                        if spans.isEmpty {
                            spans.append(ParagraphSpan(contentStart: line.start, contentEnd: line.start, startOffset: line.start,
                                                       kind: .text, breaksPageAfter: true))
                        } else {
                            spans[spans.count - 1].breaksPageAfter = true
                        }
                        pendingSeparator = nil
                    } else if pendingSeparator == nil && !spans.isEmpty {
                        pendingSeparator = line.start
                    }
                    continue
                }
                block.append(line)
                if line.terminator != .lineBreak { flushBlock() }
            }
            flushBlock()
            if spans.isEmpty {
                spans.append(ParagraphSpan(contentStart: 0, contentEnd: 0, startOffset: 0, kind: .text, breaksPageAfter: false))
            }
        }
        return spans
    }

    private func isSoftBreak(after line: SourceLine, next: SourceLine, wrapWidth: Int?, blockWidth: Int) -> Bool {
        guard mode == .auto else { return true }
        guard let wrapWidth else { return false }
        if next.isIndented { return false }
        let limit = ParagraphSplitter.tolerant(max(wrapWidth, blockWidth))
        return line.width + ParagraphSplitter.joinWidth(line, next) + next.firstWordWidth > limit
    }

    /// Cells a soft join adds: a space, or nothing between two wide characters.
    private static func joinWidth(_ line: SourceLine, _ next: SourceLine) -> Int {
        line.endsWide && next.startsWide ? 0 : 1
    }

    /// The width a line may fall short of the wrap width by and still count as filled.
    static func tolerant(_ wrapWidth: Int) -> Int {
        wrapWidth - wrapWidth / 10
    }

    /// The text's wrap width, or `nil` when the text does not look hard-wrapped.
    ///
    /// Streams over the lines keeping two histograms, so it needs no per-line storage.
    private func measuredWrapWidth() -> Int? {
        let cap = 4096
        var widths = [Int](repeating: 0, count: cap + 1)
        var reaches = [Int](repeating: 0, count: 2 * cap + 2)
        var candidates = 0
        var scanner = SourceLineScanner(bytes)
        guard var previous = scanner.next() else { return nil }
        while let line = scanner.next() {
            if previous.terminator == .lineBreak, !previous.isBlank, !line.isBlank, !line.isIndented {
                widths[min(previous.width, cap)] += 1
                let reach = previous.width + ParagraphSplitter.joinWidth(previous, line) + line.firstWordWidth
                reaches[min(reach, reaches.count - 1)] += 1
                candidates += 1
            }
            previous = line
        }
        guard candidates >= 2 else { return nil }
        // The 95th percentile: the width of the candidate at sorted position ⌊0.95·count⌋.
        let rank = min(candidates - 1, candidates * 95 / 100)
        var seen = 0
        var wrap = cap
        for (width, count) in widths.enumerated() {
            seen += count
            if seen > rank { wrap = width; break }
        }
        let limit = ParagraphSplitter.tolerant(wrap)
        let wrapped = reaches[(limit + 1)...].reduce(0, +)
        return wrapped * 3 >= candidates ? wrap : nil
    }
}
