/// A paragraph ready for line breaking: cleaned code points, each with the source byte it came from.
///
/// Cleaning replaced what cannot be drawn (invalid bytes → U+FFFD, code points beyond the BMP →
/// U+FFFD), dropped hidden controls, and turned soft line breaks into spaces (or into nothing
/// between two East Asian wide characters). `offsets[i]` is the byte offset of `scalars[i]`.
struct Paragraph: Sendable {
    /// What kind of block the paragraph is.
    enum Kind: Sendable, Equatable {
        /// Text (possibly empty, for an empty source line in `lines` mode).
        case text
        /// The blank line(s) separating two paragraphs in `blank`/`auto` mode: one empty line,
        /// dropped at the top of a container so no page starts with a gap.
        case separator
    }

    /// The cleaned code points.
    let scalars: [UInt32]
    /// Source byte offset of each code point.
    let offsets: [Int]
    /// How many source bytes each code point stands for (1–4; for the space of a soft wrap, the
    /// line break's bytes; for U+FFFD, the invalid bytes or the character it replaced).
    let sourceLengths: [UInt8]
    /// The first source byte the paragraph accounts for.
    let startOffset: Int
    /// Whether the paragraph is text or a separator.
    let kind: Kind
    /// Whether a form feed follows, so the next paragraph starts on a new page.
    let breaksPageAfter: Bool
    /// Whether the paragraph is a heading (a text paragraph): kept with what follows it, never
    /// indented, and the start of a new page when chapters break pages.
    let isHeading: Bool

    /// Creates a paragraph.
    /// Without `sourceLengths`, each code point is taken to stand for its own UTF-8 bytes.
    init(
        scalars: [UInt32], offsets: [Int], sourceLengths: [UInt8]? = nil, startOffset: Int, kind: Kind = .text,
        breaksPageAfter: Bool = false, isHeading: Bool = false
    ) {
        precondition(scalars.count == offsets.count, "every code point needs a source offset")
        precondition(sourceLengths == nil || sourceLengths!.count == scalars.count, "every code point needs a source length")
        self.scalars = scalars
        self.offsets = offsets
        self.sourceLengths = sourceLengths ?? scalars.map { UInt8(Unicode.Scalar($0).map { UTF8.width($0) } ?? 1) }
        self.startOffset = startOffset
        self.kind = kind
        self.breaksPageAfter = breaksPageAfter
        self.isHeading = isHeading
    }

    /// The source byte just past code point `index`.
    func sourceEnd(of index: Int) -> Int {
        offsets[index] + Int(sourceLengths[index])
    }
}
