/// Turns decoded source lines into paragraphs, deciding which line breaks were meant.
///
/// The `auto` rule: within a block of non-blank lines, the break after a line is a *soft wrap*
/// (the typist only ran out of width) when the next line's first word would not have fitted at the
/// end of this line within the text's wrap width — that is why the typist broke there. A break
/// before an indented line (leading space or tab: centred titles, verse, block quotes) is always
/// kept. The wrap width is measured, not assumed: the 95th percentile of the widths (in terminal
/// cells) of lines followed by a non-indented line of the same block, or the block's own widest line
/// if that is wider — less a tenth, because typists (and Gutenberg's markup for italics) do not
/// fill lines perfectly. If fewer than a third of those lines look wrapped, the text is not
/// hard-wrapped at all and every break is kept.
struct ParagraphSplitter {
    let text: DecodedText
    let mode: ParagraphMode
    private var diagnostics = TextDiagnostics()

    init(text: DecodedText, mode: ParagraphMode) {
        self.text = text
        self.mode = mode
        diagnostics.invalidSequences = text.invalidSequences
    }

    func split() -> (paragraphs: [Paragraph], diagnostics: TextDiagnostics) {
        var builder = ParagraphBuilder(text: text, diagnostics: diagnostics)
        switch mode {
        case .lines:
            for line in text.lines {
                builder.append(line: line)
                builder.finish(line: line)
            }
        case .blank, .auto:
            let wrapWidth = mode == .auto ? measuredWrapWidth() : nil
            var index = 0
            let lines = text.lines
            var pendingSeparator: DecodedText.Line?
            while index < lines.count {
                if isBlank(lines[index]) {
                    if lines[index].terminator == .formFeed {
                        builder.breakPage(at: lines[index].startOffset)
                        pendingSeparator = nil
                    } else if pendingSeparator == nil && builder.hasParagraphs {
                        pendingSeparator = lines[index]
                    }
                    index += 1
                    continue
                }
                if let separator = pendingSeparator {
                    builder.emitSeparator(at: separator.startOffset)
                    pendingSeparator = nil
                }
                // One block: consecutive non-blank lines, joined where the break was soft.
                var end = index
                while end + 1 < lines.count, !isBlank(lines[end + 1]), lines[end].terminator == .lineBreak { end += 1 }
                let blockWidth = (index...end).map { width(of: lines[$0]) }.max() ?? 0
                for current in index...end {
                    builder.append(line: lines[current])
                    let isLast = current == end
                    if !isLast && isSoftBreak(after: lines[current], next: lines[current + 1], wrapWidth: wrapWidth, blockWidth: blockWidth) {
                        builder.joinSoftly(line: lines[current], next: lines[current + 1])
                    } else {
                        builder.finish(line: lines[current])
                    }
                }
                index = end + 1
            }
        }
        return builder.result()
    }

    private func isBlank(_ line: DecodedText.Line) -> Bool {
        text.scalars[line.content].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x3000 }
    }

    private func isIndented(_ line: DecodedText.Line) -> Bool {
        guard let first = text.scalars[line.content].first else { return false }
        return first == 0x20 || first == 0x09 || first == 0x3000
    }

    /// Width in terminal cells, trailing white space excluded.
    private func width(of line: DecodedText.Line) -> Int {
        var cells = 0
        var trailing = 0
        for scalar in text.scalars[line.content] {
            let cell = scalar == 0x09 ? 8 - (cells % 8) : CellWidth.of(scalar)
            cells += cell
            trailing = (scalar == 0x20 || scalar == 0x09 || scalar == 0x3000) ? trailing + cell : 0
        }
        return cells - trailing
    }

    /// Cells of the first word of a line: up to the first space, or one wide character.
    private func firstWordWidth(of line: DecodedText.Line) -> Int {
        var cells = 0
        for scalar in text.scalars[line.content] {
            if scalar == 0x20 || scalar == 0x09 { break }
            if CellWidth.isWide(scalar) { return cells == 0 ? CellWidth.of(scalar) : cells }
            cells += CellWidth.of(scalar)
        }
        return cells
    }

    private func isSoftBreak(after line: DecodedText.Line, next: DecodedText.Line, wrapWidth: Int?, blockWidth: Int) -> Bool {
        guard mode == .auto else { return true }
        guard let wrapWidth else { return false }
        if isIndented(next) { return false }
        let limit = ParagraphSplitter.tolerant(max(wrapWidth, blockWidth))
        let nextWord = firstWordWidth(of: next)
        let lastIsWide = text.scalars[line.content].last.map(CellWidth.isWide) ?? false
        let separator = (lastIsWide && next.content.first.map({ CellWidth.isWide(text.scalars[$0]) }) == true) ? 0 : 1
        return width(of: line) + separator + nextWord > limit
    }

    /// The width a line may fall short of the wrap width by and still count as filled.
    static func tolerant(_ wrapWidth: Int) -> Int {
        wrapWidth - wrapWidth / 10
    }

    /// The text's wrap width, or `nil` when the text does not look hard-wrapped.
    private func measuredWrapWidth() -> Int? {
        let lines = text.lines
        var candidates: [(width: Int, nextWord: Int, wide: Bool)] = []
        for i in 0..<max(0, lines.count - 1) {
            let line = lines[i], next = lines[i + 1]
            guard line.terminator == .lineBreak, !isBlank(line), !isBlank(next), !isIndented(next) else { continue }
            let lastWide = text.scalars[line.content].last.map(CellWidth.isWide) ?? false
            candidates.append((width(of: line), firstWordWidth(of: next), lastWide))
        }
        guard candidates.count >= 2 else { return nil }
        let widths = candidates.map(\.width).sorted()
        let wrap = widths[min(widths.count - 1, widths.count * 95 / 100)]
        let limit = ParagraphSplitter.tolerant(wrap)
        let wrapped = candidates.filter { $0.width + ($0.wide ? 0 : 1) + $0.nextWord > limit }.count
        return wrapped * 3 >= candidates.count ? wrap : nil
    }
}
