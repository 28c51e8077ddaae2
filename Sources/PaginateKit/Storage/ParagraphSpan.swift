/// Where one paragraph lies in the source: a byte range whose internal line breaks are all soft
/// wraps, ready to be decoded into a `Paragraph` when layout reaches it.
///
/// Spans are small and made in one pass, so a long text is split into paragraphs without decoding
/// it all at once; each paragraph is decoded when layout (or a worker thread) needs it.
struct ParagraphSpan {
    /// First byte of the paragraph's content.
    var contentStart: Int
    /// Byte just past the content of its last line (its terminator excluded).
    var contentEnd: Int
    /// The first source byte the paragraph accounts for (for separators: the blank line's start).
    var startOffset: Int
    var kind: Paragraph.Kind
    var breaksPageAfter: Bool
    /// A heading: one source line alone between blank lines, matching the heading rule.
    var isHeading = false
}
