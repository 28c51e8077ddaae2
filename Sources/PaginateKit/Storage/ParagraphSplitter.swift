import Dispatch

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
        split(jobs: 1)
    }

    /// The spans, found on up to `jobs` threads in a long text in `blank` or `auto` mode.
    ///
    /// The text is cut where the rule's state is known without reading what came before: at an
    /// empty line between two lines that end and start with printable ASCII (there, the block
    /// before is complete and the empty line is the next separator). Each part is split on its
    /// own, after the wrap width was measured from the parts' histograms added up; the spans are
    /// those of one pass over the whole text.
    func split(jobs: Int, partSize: Int = ParagraphSplitter.partSize) -> [ParagraphSpan] {
        var spans: [ParagraphSpan] = []
        switch mode {
        case .lines:
            var scanner = SourceLineScanner(bytes)
            while let line = scanner.next() {
                spans.append(
                    ParagraphSpan(
                        contentStart: line.start, contentEnd: line.contentEnd, startOffset: line.start,
                        kind: .text, breaksPageAfter: line.terminator == .formFeed))
            }
            return spans
        case .blank, .auto:
            let starts = partStarts(jobs: jobs, partSize: partSize)
            let ends = Array(starts.dropFirst()) + [Int.max]
            if starts.count == 1 {
                let wrapWidth = mode == .auto ? WrapHistograms(self, from: 0, to: Int.max).wrapWidth : nil
                spans = splitBlocks(from: 0, to: Int.max, wrapWidth: wrapWidth)
            } else {
                var wrapWidth: Int?
                if mode == .auto {
                    let parts = ParagraphSplitter.parallel(starts.count) { WrapHistograms(self, from: starts[$0], to: ends[$0]) }
                    var total = parts[0]
                    for part in parts.dropFirst() { total.add(part) }
                    wrapWidth = total.wrapWidth
                }
                let parts = ParagraphSplitter.parallel(starts.count) { splitBlocks(from: starts[$0], to: ends[$0], wrapWidth: wrapWidth) }
                spans.reserveCapacity(parts.reduce(0) { $0 + $1.count })
                for part in parts { spans.append(contentsOf: part) }
            }
            if spans.isEmpty {
                spans.append(ParagraphSpan(contentStart: 0, contentEnd: 0, startOffset: 0, kind: .text, breaksPageAfter: false))
            }
            return spans
        }
    }

    /// The shortest part worth a thread of its own.
    static let partSize = 1 << 20

    /// Where the parts of a parallel split start: 0, then the start of an empty line (LF alone)
    /// whose previous line ends with printable ASCII and whose next line starts with it, near
    /// each multiple of the text's length divided by the number of parts.
    private func partStarts(jobs: Int, partSize: Int) -> [Int] {
        let parts = min(jobs, bytes.count / max(1, partSize))
        guard parts > 1 else { return [0] }
        var starts = [0]
        func isPrintable(_ byte: UInt8) -> Bool { byte &- 0x21 < 0x5E }
        for k in 1..<parts {
            var index = max(bytes.count * k / parts, starts[starts.count - 1] + 1)
            while index + 2 < bytes.count {
                if bytes[index] == 0x0A && bytes[index - 1] == 0x0A && isPrintable(bytes[index - 2]) && isPrintable(bytes[index + 1]) {
                    starts.append(index)
                    break
                }
                index += 1
            }
        }
        return starts
    }

    /// Runs `work` for `0..<count` on as many threads, results in order.
    private static func parallel<T>(_ count: Int, _ work: (Int) -> T) -> [T] {
        let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer {
            _ = results.deinitialize()
            results.deallocate()
        }
        // Each iteration writes its own slot of `results`, and `work` only reads what it captures
        // (the text's bytes, the parts' bounds), which nothing mutates until concurrentPerform has
        // returned: the buffer and the closure may cross threads though neither is Sendable.
        nonisolated(unsafe) let slots = results
        withoutActuallyEscaping(work) { work in
            nonisolated(unsafe) let work = work
            DispatchQueue.concurrentPerform(iterations: count) { slots[$0] = work($0) }
        }
        return results.map { $0! }
    }

    /// A scanner over the lines from `start` (0: the beginning of the text).
    fileprivate func scanner(from start: Int) -> SourceLineScanner {
        start == 0 ? SourceLineScanner(bytes) : SourceLineScanner(bytes, from: start)
    }

    /// The spans of the blocks whose lines start in `start..<end`, where `start` is 0 or a part
    /// start: an empty line after a paragraph of text (so it is a separator and spans come before it).
    private func splitBlocks(from start: Int, to end: Int, wrapWidth: Int?) -> [ParagraphSpan] {
        var spans: [ParagraphSpan] = []
        let hasSpansBefore = start > 0
        var scanner = scanner(from: start)
        var pendingSeparator: Int?
        var block: [SourceLine] = []
        func flushBlock() {
            guard !block.isEmpty else { return }
            if let separator = pendingSeparator {
                spans.append(
                    ParagraphSpan(
                        contentStart: separator, contentEnd: separator, startOffset: separator,
                        kind: .separator, breaksPageAfter: false))
                pendingSeparator = nil
            }
            if block.count == 1, let headings, headings.matches(bytes, block[0].start..<block[0].contentEnd) {
                let line = block[0]
                spans.append(
                    ParagraphSpan(
                        contentStart: line.start, contentEnd: line.contentEnd, startOffset: line.start,
                        kind: .text, breaksPageAfter: line.terminator == .formFeed, isHeading: true))
                block.removeAll(keepingCapacity: true)
                return
            }
            var blockWidth = 0
            for line in block { blockWidth = max(blockWidth, line.width) }
            var first = block[0]
            for index in block.indices {
                let line = block[index]
                let isLast = index == block.count - 1
                if !isLast && isSoftBreak(after: line, next: block[index + 1], wrapWidth: wrapWidth, blockWidth: blockWidth) {
                    continue
                }
                spans.append(
                    ParagraphSpan(
                        contentStart: first.start, contentEnd: line.contentEnd, startOffset: first.start,
                        kind: .text, breaksPageAfter: line.terminator == .formFeed))
                if !isLast { first = block[index + 1] }
            }
            block.removeAll(keepingCapacity: true)
        }
        while let line = scanner.next(), line.start < end {
            if line.isBlank {
                flushBlock()
                let noSpans = spans.isEmpty && !hasSpansBefore
                if line.terminator == .formFeed {
                    if noSpans {
                        spans.append(
                            ParagraphSpan(
                                contentStart: line.start, contentEnd: line.start, startOffset: line.start,
                                kind: .text, breaksPageAfter: true))
                    } else {
                        // A part starts with an empty line ended by LF followed by text, so spans
                        // are never empty here in a part after the first.
                        spans[spans.count - 1].breaksPageAfter = true
                    }
                    pendingSeparator = nil
                } else if pendingSeparator == nil && !noSpans {
                    pendingSeparator = line.start
                }
                continue
            }
            block.append(line)
            if line.terminator != .lineBreak { flushBlock() }
        }
        flushBlock()
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
    static func joinWidth(_ line: SourceLine, _ next: SourceLine) -> Int {
        line.endsWide && next.startsWide ? 0 : 1
    }

    /// The width a line may fall short of the wrap width by and still count as filled.
    static func tolerant(_ wrapWidth: Int) -> Int {
        wrapWidth - wrapWidth / 10
    }
}

/// The line widths the `auto` rule measures the wrap width from, for the lines of a text (or of
/// one part of it): streamed over the lines into two histograms, so nothing per line is kept.
private struct WrapHistograms {
    static let cap = 4096
    /// How many candidate lines (followed by a non-indented line of the same block) have each width.
    var widths = [Int](repeating: 0, count: cap + 1)
    /// How many candidates reach each width with the next line's first word added.
    var reaches = [Int](repeating: 0, count: 2 * cap + 2)
    var candidates = 0

    /// The histograms of the lines starting in `start..<end` and each one's next line.
    init(_ splitter: ParagraphSplitter, from start: Int, to end: Int) {
        var scanner = splitter.scanner(from: start)
        guard var previous = scanner.next() else { return }
        while previous.start < end, let line = scanner.next() {
            if previous.terminator == .lineBreak, !previous.isBlank, !line.isBlank, !line.isIndented {
                widths[min(previous.width, WrapHistograms.cap)] += 1
                let reach = previous.width + ParagraphSplitter.joinWidth(previous, line) + line.firstWordWidth
                reaches[min(reach, reaches.count - 1)] += 1
                candidates += 1
            }
            previous = line
        }
    }

    /// Adds another part's histograms.
    mutating func add(_ other: WrapHistograms) {
        for index in widths.indices { widths[index] += other.widths[index] }
        for index in reaches.indices { reaches[index] += other.reaches[index] }
        candidates += other.candidates
    }

    /// The text's wrap width, or `nil` when the text does not look hard-wrapped.
    var wrapWidth: Int? {
        guard candidates >= 2 else { return nil }
        // The 95th percentile: the width of the candidate at sorted position ⌊0.95·count⌋.
        let rank = min(candidates - 1, candidates * 95 / 100)
        var seen = 0
        var wrap = WrapHistograms.cap
        for (width, count) in widths.enumerated() {
            seen += count
            if seen > rank { wrap = width; break }
        }
        let limit = ParagraphSplitter.tolerant(wrap)
        let wrapped = reaches[(limit + 1)...].reduce(0, +)
        return wrapped * 3 >= candidates ? wrap : nil
    }
}
