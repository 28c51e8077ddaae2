/// How line breaks in the source become paragraph breaks.
public enum ParagraphMode: String, CaseIterable, Hashable, Sendable {
    /// Every line break ends a paragraph; an empty line is an empty paragraph.
    case lines
    /// Blank lines separate paragraphs; a single line break inside a paragraph is a space.
    case blank
    /// Like `blank`, but a line break is kept when the typist meant it: when the next line's
    /// first word would have fitted at the end of this line within the text's wrap width, or the
    /// next line is indented. See `ParagraphSplitter` for the exact rule.
    case auto
}
