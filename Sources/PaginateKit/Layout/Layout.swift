/// A finished layout: pages of containers of line fragments, plus what was replaced on the way.
///
/// Pages partition the source bytes: contiguous, in order, the first starts at 0 and the last
/// ends at `sourceLength`.
public struct Layout: Sendable {
    /// The pages in order; never empty (empty text gives one empty page).
    public let pages: [Page]
    /// Length of the source in bytes.
    public let sourceLength: Int
    /// The settings the layout was made with.
    public let settings: LayoutSettings
    /// Characters that were replaced or dropped, for one warning line.
    public let diagnostics: TextDiagnostics
    /// Whether the whole text was laid out; `false` for a layout stopped early (see
    /// `LayoutManager.layout(_:includeRuns:through:)`), whose page count is then a lower bound.
    public let isComplete: Bool

    /// Creates a layout.
    public init(
        pages: [Page], sourceLength: Int, settings: LayoutSettings, diagnostics: TextDiagnostics,
        isComplete: Bool = true
    ) {
        self.pages = pages
        self.sourceLength = sourceLength
        self.settings = settings
        self.diagnostics = diagnostics
        self.isComplete = isComplete
    }

    /// The number of pages.
    public var pageCount: Int { pages.count }
}
