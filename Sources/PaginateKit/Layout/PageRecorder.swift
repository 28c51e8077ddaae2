/// Records where the placer puts lines — pages, their containers, the lines of each — and makes
/// the finished pages of a layout, or only their byte ranges and line counts for a page map.
struct PageRecorder {
    private struct ContainerDraft {
        var frame: Rect
        /// Indices into `starts` (and `lines`, when kept).
        var lines: Range<Int>
    }

    /// The index of each page's first container.
    private var pageStarts: [Int] = []
    private var containers: [ContainerDraft] = []
    /// The first byte of every line placed; the first line's is 0, as it owns the bytes before it.
    private var starts: [Int] = []
    /// Every line placed, when lines show something: a page map keeps only `starts`, for speed.
    private var lines: [LineDraft] = []

    mutating func startContainer(frame: Rect, startsPage: Bool) {
        if startsPage { pageStarts.append(containers.count) }
        containers.append(ContainerDraft(frame: frame, lines: starts.count..<starts.count))
    }

    mutating func place(_ line: LineDraft) {
        starts.append(starts.isEmpty ? 0 : line.start)
        if line.set != nil { lines.append(line) }
        containers[containers.count - 1].lines = containers[containers.count - 1].lines.lowerBound..<starts.count
    }

    /// Forgets the last page, begun but still empty, when placement stops early.
    mutating func dropLastPage() {
        containers.removeSubrange(pageStarts.removeLast()...)
    }

    /// Calls `body` with each page's byte range, containers and lines. A line owns the bytes up to
    /// the next line's start, so pages partition `0..<(truncatedAt ?? sourceLength)`.
    private func forEachPage(
        sourceLength: Int, truncatedAt: Int?,
        _ body: (_ range: Range<Int>, _ containers: ArraySlice<ContainerDraft>, _ lines: Range<Int>) -> Void
    ) {
        var pageStart = 0
        for page in pageStarts.indices {
            let isLast = page == pageStarts.count - 1
            let pageContainers = containers[pageStarts[page]..<(isLast ? containers.count : pageStarts[page + 1])]
            let firstLine = pageContainers.first?.lines.lowerBound ?? starts.count
            let nextLine = pageContainers.last?.lines.upperBound ?? firstLine
            let pageEnd = isLast ? (truncatedAt ?? sourceLength) : (nextLine < starts.count ? starts[nextLine] : sourceLength)
            body(pageStart..<max(pageStart, pageEnd), pageContainers, firstLine..<nextLine)
            pageStart = max(pageStart, pageEnd)
        }
    }

    /// The pages of a layout.
    func pages(sourceLength: Int, truncatedAt: Int?) -> [Page] {
        let end = truncatedAt ?? sourceLength
        var pages: [Page] = []
        pages.reserveCapacity(pageStarts.count)
        forEachPage(sourceLength: sourceLength, truncatedAt: truncatedAt) { range, containers, _ in
            let layouts = containers.map { container in
                ContainerLayout(
                    frame: container.frame,
                    lines: container.lines.map { index in
                        let line = lines[index]
                        let set = line.set!
                        let lineEnd = index + 1 < starts.count ? starts[index + 1] : end
                        return LineFragment(
                            range: starts[index]..<max(starts[index], lineEnd), origin: Point(x: set.x, y: line.y),
                            width: set.width, height: line.height, baseline: set.baseline, runs: set.runs,
                            caretStops: set.caretStops, isHyphenated: set.isHyphenated)
                    })
            }
            pages.append(Page(number: pages.count + 1, range: range, containers: layouts))
        }
        return pages
    }

    /// The page map entries: each page's byte range and line count.
    func pageMap(sourceLength: Int) -> [PageMapEntry] {
        var entries: [PageMapEntry] = []
        entries.reserveCapacity(pageStarts.count)
        forEachPage(sourceLength: sourceLength, truncatedAt: nil) { range, _, lines in
            entries.append(PageMapEntry(page: entries.count + 1, range: range, lineCount: lines.count))
        }
        return entries
    }
}
