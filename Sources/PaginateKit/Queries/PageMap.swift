/// The pages of a layout reduced to what scripts ask about: each page's byte range and line count.
///
/// A page map is small (a few numbers per page) and can be computed without building line
/// fragments or drawable runs, in parallel, and cached on disk.
public struct PageMap: Hashable, Sendable {
    /// One entry per page, in order; their ranges partition `0..<sourceLength`.
    public let entries: [PageMapEntry]
    /// Length of the source in bytes.
    public let sourceLength: Int
    /// The settings the pages were made with.
    public let settings: LayoutSettings
    /// What was replaced or dropped on the way.
    public let diagnostics: TextDiagnostics

    /// Creates a page map.
    public init(entries: [PageMapEntry], sourceLength: Int, settings: LayoutSettings, diagnostics: TextDiagnostics) {
        self.entries = entries
        self.sourceLength = sourceLength
        self.settings = settings
        self.diagnostics = diagnostics
    }

    /// The page map of a finished layout.
    public init(_ layout: Layout) {
        self.init(
            entries: layout.pageMap, sourceLength: layout.sourceLength, settings: layout.settings,
            diagnostics: layout.diagnostics)
    }

    /// The number of pages (a lower bound when the map is not complete).
    public var pageCount: Int { entries.count }

    /// Whether the pages cover the whole text; a map made from a layout stopped early (see
    /// `LayoutManager.layout(_:includeRuns:through:)`) covers only its first pages.
    public var isComplete: Bool { (entries.last?.range.upperBound ?? 0) == sourceLength }

    /// The bytes the map's pages cover: all of the text when it is complete.
    public var coveredLength: Int { entries.last?.range.upperBound ?? 0 }

    /// The 0-based index of the page whose range holds `offset` (the end of the text answers the
    /// last page), or `nil` outside the text or beyond the pages an incomplete map covers.
    /// - Complexity: O(log *p*).
    public func pageIndex(containing offset: Int) -> Int? {
        PageRanges.index(
            containing: offset, sourceLength: sourceLength, isComplete: isComplete,
            count: entries.count
        ) { entries[$0].range }
    }
}
