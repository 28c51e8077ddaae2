/// How much breaking a paragraph memo saved in one layout.
package struct ParagraphMemoReport: Sendable, Equatable {
    /// Paragraphs in the text (separators included).
    package var paragraphs: Int
    /// Paragraphs broken into lines because the memo did not know them.
    package var broken: Int
    /// Distinct paragraphs the memo holds after the layout; `0` when it was not written.
    package var stored: Int

    /// Creates a report.
    /// - Parameters:
    ///   - paragraphs: Paragraphs in the text.
    ///   - broken: Paragraphs broken into lines.
    ///   - stored: Distinct paragraphs stored afterwards.
    package init(paragraphs: Int, broken: Int, stored: Int) {
        self.paragraphs = paragraphs
        self.broken = broken
        self.stored = stored
    }
}
