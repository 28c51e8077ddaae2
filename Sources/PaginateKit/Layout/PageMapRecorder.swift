/// Records placed lines as a page map: each page's line count and the first byte of its first
/// line, nothing else — the recorder behind `LayoutManager.pageMap`, which must stay cheap.
struct PageMapRecorder: PlacementRecorder {
    private var lineCounts: [Int] = []
    private var firstStarts: [Int?] = []
    private var isFirstLine = true

    mutating func startPage() {
        lineCounts.append(0)
        firstStarts.append(nil)
    }

    mutating func startContainer(frame: Rect) {}

    mutating func place(_ line: LineDraft) {
        let page = lineCounts.count - 1
        // The first line of the text owns the bytes before it.
        if firstStarts[page] == nil { firstStarts[page] = isFirstLine ? 0 : line.start }
        isFirstLine = false
        lineCounts[page] += 1
    }

    mutating func dropLastPage() {
        lineCounts.removeLast()
        firstStarts.removeLast()
    }

    /// The entries, whose byte ranges partition `0..<sourceLength`: a page owns the bytes up to
    /// the next page's first line; pages without lines are empty.
    func finish(sourceLength: Int) -> [PageMapEntry] {
        var nextStarts = [Int](repeating: sourceLength, count: lineCounts.count)
        var following = sourceLength
        for page in lineCounts.indices.reversed() {
            nextStarts[page] = following
            if let start = firstStarts[page] { following = start }
        }
        var entries: [PageMapEntry] = []
        entries.reserveCapacity(lineCounts.count)
        var pageStart = 0
        for page in lineCounts.indices {
            let end = nextStarts[page]
            entries.append(PageMapEntry(page: page + 1, range: pageStart..<max(pageStart, end), lineCount: lineCounts[page]))
            pageStart = max(pageStart, end)
        }
        return entries
    }
}
