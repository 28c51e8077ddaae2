extension Layout {
    /// The page whose byte range holds `offset` (TextKit's "which container holds this location").
    /// - Complexity: O(log *p*).
    public func page(containing offset: Int) -> Page? {
        pageIndex(containing: offset).map { pages[$0] }
    }

    /// The byte range of page `number` (1-based), or `nil` when there is no such page.
    public func range(ofPage number: Int) -> Range<Int>? {
        guard number >= 1, number <= pages.count else { return nil }
        return pages[number - 1].range
    }

    /// Every line of page `number` (1-based) in reading order, with its position on the page.
    public func lines(onPage number: Int) -> [LocatedLine] {
        guard number >= 1, number <= pages.count else { return [] }
        var result: [LocatedLine] = []
        var lineNumber = 0
        for (column, container) in pages[number - 1].containers.enumerated() {
            for fragment in container.lines {
                lineNumber += 1
                result.append(LocatedLine(pageNumber: number, column: column, lineNumber: lineNumber,
                                          fragment: fragment, containerFrame: container.frame))
            }
        }
        return result
    }

    /// The line whose byte range holds `offset`, with its page, column and rectangle.
    /// - Complexity: O(log *p* + *l*) for *p* pages and *l* lines on the page.
    public func locateLine(containing offset: Int) -> LocatedLine? {
        guard let index = pageIndex(containing: offset) else { return nil }
        let lines = lines(onPage: index + 1)
        return lines.last { $0.fragment.range.lowerBound <= offset } ?? lines.first
    }

    /// The nearest insertion point to `point` on page `number`, as a source byte offset — TextKit's
    /// `location(interactingAt:)`.
    ///
    /// The nearest line is the one whose box is closest vertically in the column closest
    /// horizontally; within it, the caret stop closest to `point.x`. Needs a layout made with runs.
    /// - Returns: `nil` when the page does not exist or holds no line.
    public func offset(at point: Point, onPage number: Int) -> Int? {
        let lines = lines(onPage: number)
        guard !lines.isEmpty else { return nil }
        func horizontalDistance(_ frame: Rect) -> Double {
            point.x < frame.minX ? frame.minX - point.x : (point.x > frame.maxX ? point.x - frame.maxX : 0)
        }
        func verticalDistance(_ rect: Rect) -> Double {
            point.y < rect.minY ? rect.minY - point.y : (point.y >= rect.maxY ? point.y - rect.maxY + 1e-9 : 0)
        }
        let columnDistance = lines.map { horizontalDistance($0.containerFrame) }.min()!
        let candidates = lines.filter { horizontalDistance($0.containerFrame) == columnDistance }
        let line = candidates.min { verticalDistance($0.rect) < verticalDistance($1.rect) }!
        let stops = line.fragment.caretStops
        guard !stops.isEmpty else { return line.fragment.range.lowerBound }
        let x = point.x - line.rect.minX
        return stops.min { abs($0.x - x) < abs($1.x - x) }!.offset
    }

    /// One rectangle per line segment that `range` covers, in reading order — TextKit's
    /// `enumerateTextSegments`. A range across lines or pages gives several rectangles; an empty
    /// range gives the caret's position as a zero-width rectangle.
    ///
    /// Needs a layout made with runs (for caret positions).
    /// - Complexity: O(log *p* + *k*) for *k* lines touched.
    public func rects(for range: Range<Int>) -> [PageRect] {
        guard let firstPage = pageIndex(containing: range.lowerBound) else { return [] }
        var result: [PageRect] = []
        var pageNumber = firstPage + 1
        while pageNumber <= pages.count, pages[pageNumber - 1].range.lowerBound <= max(range.lowerBound, range.upperBound - 1) {
            for line in lines(onPage: pageNumber) {
                let lineRange = line.fragment.range
                let touches = range.isEmpty
                    ? lineRange.contains(range.lowerBound) || (lineRange.isEmpty && lineRange.lowerBound == range.lowerBound)
                    : lineRange.overlaps(range)
                guard touches else { continue }
                let stops = line.fragment.caretStops
                let startX = stops.first { $0.offset >= range.lowerBound }?.x ?? line.fragment.width
                let endX = range.isEmpty ? startX : (stops.first { $0.offset >= range.upperBound }?.x ?? stops.last?.x ?? line.fragment.width)
                let box = line.rect
                result.append(PageRect(pageNumber: pageNumber,
                                       rect: Rect(x: box.minX + startX, y: box.minY, width: max(0, endX - startX), height: box.height)))
                if range.isEmpty { return result }
            }
            pageNumber += 1
        }
        return result
    }
}
