/// How much breaking a paragraph memo saved in one layout.
public struct ParagraphMemoReport: Sendable, Equatable {
    /// Paragraphs in the text (separators included).
    public var paragraphs: Int
    /// Paragraphs broken into lines because the memo did not know them.
    public var broken: Int
    /// Distinct paragraphs the memo holds after the layout; `0` when it was not written.
    public var stored: Int

    /// Creates a report.
    /// - Parameters:
    ///   - paragraphs: Paragraphs in the text.
    ///   - broken: Paragraphs broken into lines.
    ///   - stored: Distinct paragraphs stored afterwards.
    public init(paragraphs: Int, broken: Int, stored: Int) {
        self.paragraphs = paragraphs
        self.broken = broken
        self.stored = stored
    }
}
