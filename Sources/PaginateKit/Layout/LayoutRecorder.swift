/// Records placed lines as drawable pages: the recorder behind `LayoutManager.layout`.
struct LayoutRecorder: PlacementRecorder {
    private struct ContainerDraft {
        var frame: Rect
        var lines: [LineDraft] = []
    }

    private var pages: [[ContainerDraft]] = []

    mutating func startPage() {
        pages.append([])
    }

    mutating func startContainer(frame: Rect) {
        pages[pages.count - 1].append(ContainerDraft(frame: frame))
    }

    mutating func place(_ line: LineDraft) {
        let page = pages.count - 1
        pages[page][pages[page].count - 1].lines.append(line)
    }

    mutating func dropLastPage() {
        pages.removeLast()
    }

    /// The pages, whose byte ranges partition `0..<sourceLength` — or `0..<truncatedAt` when
    /// placement stopped early.
    func finish(sourceLength: Int, truncatedAt: Int?) -> [Page] {
        // A line owns the bytes up to the next line's start; the first line starts at 0.
        var starts: [Int] = []
        for page in pages { for container in page { for line in container.lines { starts.append(line.start) } } }
        if !starts.isEmpty { starts[0] = 0 }
        let end = truncatedAt ?? sourceLength
        var result: [Page] = []
        result.reserveCapacity(pages.count)
        var lineIndex = 0
        var pageStart = 0
        for (pageIndex, page) in pages.enumerated() {
            var containers: [ContainerLayout] = []
            for container in page {
                var lines: [LineFragment] = []
                lines.reserveCapacity(container.lines.count)
                for draft in container.lines {
                    let start = starts[lineIndex]
                    let lineEnd = lineIndex + 1 < starts.count ? starts[lineIndex + 1] : end
                    let set = draft.set
                    lines.append(LineFragment(range: start..<max(start, lineEnd), origin: Point(x: set.x, y: draft.y),
                                              width: set.width, height: draft.height, baseline: set.baseline, runs: set.runs,
                                              caretStops: set.caretStops, isHyphenated: set.isHyphenated))
                    lineIndex += 1
                }
                containers.append(ContainerLayout(frame: container.frame, lines: lines))
            }
            let pageEnd = pageIndex == pages.count - 1 ? end : (lineIndex < starts.count ? starts[lineIndex] : sourceLength)
            result.append(Page(number: pageIndex + 1, range: pageStart..<max(pageStart, pageEnd), containers: containers))
            pageStart = max(pageStart, pageEnd)
        }
        return result
    }
}
