/// Where page numbers (folios) are drawn: always in a margin, so the text never moves.
public enum FolioPosition: String, CaseIterable, Sendable {
    /// No page numbers.
    case none
    /// Centred under the text, in the middle of the bottom margin.
    case bottom
    /// In the bottom margin at the outer edge of the text: right on odd (recto) pages, left on
    /// even (verso) pages, as in a printed book whose first page is a right-hand page.
    case outer
    /// Centred over the text, in the middle of the top margin.
    case top
}
