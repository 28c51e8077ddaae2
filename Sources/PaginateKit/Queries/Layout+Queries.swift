extension Layout {
    /// The index (0-based) of the page whose byte range holds `offset`, as TextKit answers "which
    /// container holds this location".
    ///
    /// `offset == sourceLength` (the end-of-text insertion point) answers the last page.
    /// - Returns: `nil` when the offset is negative, beyond the end of the text, or beyond the part
    ///   of an incomplete layout that was laid out.
    /// - Complexity: O(log *p*) for *p* pages.
    public func pageIndex(containing offset: Int) -> Int? {
        PageRanges.index(
            containing: offset, sourceLength: sourceLength, isComplete: isComplete,
            count: pages.count
        ) { pages[$0].range }
    }

    /// The line fragment whose byte range holds `offset`, with the index of its page.
    /// - Complexity: O(log *p* + *l*) for *p* pages and *l* lines on the page.
    public func lineFragment(containing offset: Int) -> (page: Int, line: LineFragment)? {
        guard let pageIndex = pageIndex(containing: offset) else { return nil }
        let lines = pages[pageIndex].lines
        let match = lines.last { $0.range.lowerBound <= offset } ?? lines.first
        return match.map { (pageIndex, $0) }
    }

    /// The page map: each page's number, byte range and line count.
    public var pageMap: [PageMapEntry] {
        pages.map { PageMapEntry(page: $0.number, range: $0.range, lineCount: $0.lineCount) }
    }
}

/// One row of a page map: a page's number, the bytes it holds and how many lines it has.
public struct PageMapEntry: Hashable, Sendable {
    /// 1-based page number.
    public let page: Int
    /// Source bytes of the page (half-open).
    public let range: Range<Int>
    /// Lines on the page, over all its columns.
    public let lineCount: Int

    /// Creates an entry.
    public init(page: Int, range: Range<Int>, lineCount: Int) {
        self.page = page
        self.range = range
        self.lineCount = lineCount
    }
}

/// The lookup shared by layouts and page maps: which of a list of page ranges holds a byte.
enum PageRanges {
    /// The index of the range holding `offset`; `offset == sourceLength` answers the last page.
    /// Empty pages share their start with the next page, so the page that holds a byte is the
    /// last one starting at or before it whose range is not empty.
    /// - Complexity: O(log *p*).
    static func index(
        containing offset: Int, sourceLength: Int, isComplete: Bool, count: Int,
        range: (Int) -> Range<Int>
    ) -> Int? {
        guard offset >= 0, offset <= sourceLength, count > 0 else { return nil }
        if !isComplete && offset >= range(count - 1).upperBound { return nil }
        if offset == sourceLength { return count - 1 }
        var low = 0
        var high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if range(middle).lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        while low > 0 && range(low).isEmpty { low -= 1 }
        return low
    }
}
