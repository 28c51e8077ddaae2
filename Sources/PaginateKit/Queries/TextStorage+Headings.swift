/// A heading of the text, as the layout's heading rule finds it: where it starts and what it says.
public struct HeadingEntry: Hashable, Sendable {
    /// Byte offset of the heading's first character (its leading white space skipped).
    public let offset: Int
    /// The heading line without leading and trailing white space; invalid bytes become U+FFFD.
    public let text: String

    /// Creates a heading entry.
    public init(offset: Int, text: String) {
        self.offset = offset
        self.text = text
    }
}

extension TextStorage {
    /// The headings layout with `settings` treats as headings (chapter lines, or lines matching
    /// the custom pattern), in text order: what an exporter needs for an outline or a table of
    /// contents. Pair each offset with `Layout.pageIndex(containing:)` for its page.
    ///
    /// The same splitter and rule as layout decide, so the list and the laid-out headings agree.
    /// - Returns: none in `lines` mode, where no line stands alone between blank lines.
    /// - Throws: `LayoutError.invalidHeadingPattern` when the custom heading pattern is invalid.
    /// - Complexity: O(*n*) in the number of bytes, plus the rule's matching of candidate lines.
    public func headings(settings: LayoutSettings) throws(LayoutError) -> [HeadingEntry] {
        guard let rule = try HeadingRule.of(settings) else { return [] }
        return bytes.withUnsafeBufferPointer { buffer in
            ParagraphSplitter(bytes: buffer, mode: settings.paragraphMode, headings: rule).split()
                .filter(\.isHeading)
                .map { span in
                    var start = span.contentStart
                    var end = span.contentEnd
                    // Centred headings are indented in the source; the entry names the words alone.
                    while start < end, buffer[start] == 0x20 || buffer[start] == 0x09 { start += 1 }
                    while end > start, buffer[end - 1] == 0x20 || buffer[end - 1] == 0x09 || buffer[end - 1] == 0x0D { end -= 1 }
                    let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
                    return HeadingEntry(offset: start, text: text)
                }
        }
    }
}
