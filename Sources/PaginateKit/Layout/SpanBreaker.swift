/// Decodes paragraph spans one after the other and breaks each into lines of one width, keeping
/// count of what decoding and font fallback replaced, paragraph by paragraph.
///
/// The one loop behind every way lines are broken ahead of placement: each worker of
/// `ParallelBreaking` runs one over its share of the paragraphs, and a layout runs one lazily,
/// paragraph by paragraph as the placer reaches them.
struct SpanBreaker {
    let typesetter: Typesetter
    let width: Double
    /// What to set of each line beyond its first byte and height; `nil` for page maps.
    let content: SetLine.Content?
    let bytes: UnsafeBufferPointer<UInt8>
    private var builder = ParagraphBuilder()
    /// How many spans have been broken.
    private(set) var count = 0

    init(typesetter: Typesetter, width: Double, content: SetLine.Content?, bytes: UnsafeBufferPointer<UInt8>) {
        self.typesetter = typesetter
        self.width = width
        self.content = content
        self.bytes = bytes
    }

    /// Breaks the next span, appending its lines to `lines` (which holds the spans broken before).
    mutating func breakLines(of span: ParagraphSpan, into lines: inout BrokenLines) {
        let before = builder.diagnostics
        let paragraph = builder.build(span, from: bytes)
        let uncovered = typesetter.breakLines(paragraph, width: width, into: &lines, content: content)
        let after = builder.diagnostics
        if uncovered > 0 || after != before {
            var counts = TextDiagnostics()
            counts.invalidSequences = after.invalidSequences - before.invalidSequences
            counts.hiddenControls = after.hiddenControls - before.hiddenControls
            counts.outsideBMP = after.outsideBMP - before.outsideBMP
            counts.uncoveredCharacters = uncovered
            lines.paragraphDiagnostics.append((count, counts))
            lines.diagnostics.add(counts)
        }
        count += 1
    }
}
