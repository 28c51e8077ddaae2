/// Accumulates cleaned code points into paragraphs for `ParagraphSplitter`.
struct ParagraphBuilder {
    private let text: DecodedText
    private var diagnostics: TextDiagnostics
    private var paragraphs: [Paragraph] = []
    private var scalars: [UInt32] = []
    private var offsets: [Int] = []
    private var startOffset: Int?

    init(text: DecodedText, diagnostics: TextDiagnostics) {
        self.text = text
        self.diagnostics = diagnostics
    }

    var hasParagraphs: Bool { !paragraphs.isEmpty }

    /// Appends a line's content, replacing what cannot be drawn and dropping hidden controls.
    mutating func append(line: DecodedText.Line) {
        if startOffset == nil { startOffset = line.startOffset }
        for index in line.content {
            let scalar = text.scalars[index]
            if ParagraphBuilder.isHiddenControl(scalar) {
                diagnostics.hiddenControls += 1
                continue
            }
            if scalar > 0xFFFF {
                // The PDF text encoding addresses BMP code points only; replacing here keeps
                // measuring and drawing in agreement.
                diagnostics.outsideBMP += 1
                scalars.append(0xFFFD)
            } else {
                scalars.append(scalar)
            }
            offsets.append(text.offsets[index])
        }
    }

    /// Joins `line` to `next` across a soft wrap: one space, or nothing between two wide characters.
    mutating func joinSoftly(line: DecodedText.Line, next: DecodedText.Line) {
        while let last = scalars.last, last == 0x20 || last == 0x09 {
            scalars.removeLast()
            offsets.removeLast()
        }
        let lastIsWide = scalars.last.map(CellWidth.isWide) ?? false
        let nextIsWide = next.content.first.map { CellWidth.isWide(text.scalars[$0]) } ?? false
        if !(lastIsWide && nextIsWide) {
            scalars.append(0x20)
            offsets.append(line.terminatorOffset)
        }
    }

    /// Ends the current paragraph after `line`.
    mutating func finish(line: DecodedText.Line) {
        paragraphs.append(Paragraph(scalars: scalars, offsets: offsets, startOffset: startOffset ?? line.startOffset,
                                    breaksPageAfter: line.terminator == .formFeed))
        scalars.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        startOffset = nil
    }

    /// Emits the one empty line that stands for a run of blank lines.
    mutating func emitSeparator(at offset: Int) {
        paragraphs.append(Paragraph(scalars: [], offsets: [], startOffset: offset, kind: .separator))
    }

    /// Makes the next paragraph start on a new page (a form feed on a line of its own).
    mutating func breakPage(at offset: Int) {
        if let last = paragraphs.popLast() {
            paragraphs.append(Paragraph(scalars: last.scalars, offsets: last.offsets, startOffset: last.startOffset,
                                        kind: last.kind, breaksPageAfter: true))
        } else {
            paragraphs.append(Paragraph(scalars: [], offsets: [], startOffset: offset, breaksPageAfter: true))
        }
    }

    func result() -> (paragraphs: [Paragraph], diagnostics: TextDiagnostics) {
        (paragraphs.isEmpty ? [Paragraph(scalars: [], offsets: [], startOffset: 0)] : paragraphs, diagnostics)
    }

    @inline(__always)
    static func isHiddenControl(_ scalar: UInt32) -> Bool {
        (scalar < 0x20 && scalar != 0x09) || (scalar >= 0x7F && scalar <= 0x9F)
    }
}
