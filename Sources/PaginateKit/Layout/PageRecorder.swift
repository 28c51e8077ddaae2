/// Records where the placer puts lines — pages, their containers, the lines of each — and makes
/// the finished pages of a layout, or only their byte ranges and line counts for a page map.
struct PageRecorder {
    private struct ContainerDraft {
        var frame: Rect
        /// Indices into `lines`.
        var lines: Range<Int>
    }

    /// The index of each page's first container.
    private var pageStarts: [Int] = []
    private var containers: [ContainerDraft] = []
    /// Every line placed; the first one starts at 0, as it owns the bytes before it.
    private var lines: [LineDraft] = []

    mutating func startContainer(frame: Rect, startsPage: Bool) {
        if startsPage { pageStarts.append(containers.count) }
        containers.append(ContainerDraft(frame: frame, lines: lines.count..<lines.count))
    }

    mutating func place(_ line: LineDraft) {
        lines.append(line)
        if lines.count == 1 { lines[0].start = 0 }
        containers[containers.count - 1].lines = containers[containers.count - 1].lines.lowerBound..<lines.count
    }

    /// Forgets the last page, begun but still empty, when placement stops early.
    mutating func dropLastPage() {
        containers.removeSubrange(pageStarts.removeLast()...)
    }

    /// Calls `body` with each page's byte range, containers and lines. A line owns the bytes up to
    /// the next line's start, so pages partition `0..<(truncatedAt ?? sourceLength)`.
    private func forEachPage(sourceLength: Int, truncatedAt: Int?,
                             _ body: (_ range: Range<Int>, _ containers: ArraySlice<ContainerDraft>, _ lines: Range<Int>) -> Void) {
        var pageStart = 0
        for page in pageStarts.indices {
            let isLast = page == pageStarts.count - 1
            let pageContainers = containers[pageStarts[page]..<(isLast ? containers.count : pageStarts[page + 1])]
            let firstLine = pageContainers.first?.lines.lowerBound ?? lines.count
            let nextLine = pageContainers.last?.lines.upperBound ?? firstLine
            let pageEnd = isLast ? (truncatedAt ?? sourceLength) : (nextLine < lines.count ? lines[nextLine].start : sourceLength)
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
                ContainerLayout(frame: container.frame, lines: container.lines.map { index in
                    let line = lines[index]
                    let set = line.set!
                    let lineEnd = index + 1 < lines.count ? lines[index + 1].start : end
                    return LineFragment(range: line.start..<max(line.start, lineEnd), origin: Point(x: set.x, y: line.y),
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
