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
                result.append(
                    LocatedLine(
                        pageNumber: number, column: column, lineNumber: lineNumber,
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
        // The first stop right of the point; between two stops the nearer wins, and a point at a
        // glyph's very centre belongs to the glyph (the stop before it).
        var low = 0
        var high = stops.count
        while low < high {
            let middle = (low + high) / 2
            if stops[middle].x <= x { low = middle + 1 } else { high = middle }
        }
        if low == 0 { return stops[0].offset }
        if low == stops.count { return stops[stops.count - 1].offset }
        let before = stops[low - 1], after = stops[low]
        return x - before.x <= after.x - x + 1e-9 ? before.offset : after.offset
    }

    /// One rectangle per line segment that `range` covers, in reading order — TextKit's
    /// `enumerateTextSegments`. A range across lines or pages gives several rectangles, each ending
    /// at its container's edge at most (trailing spaces hang past it); on a line with right-to-left
    /// text, one per visually contiguous stretch, so a range across a change of direction gives
    /// several there too (left to right within the line). An empty range gives the caret's
    /// position as a zero-width rectangle.
    ///
    /// Needs a layout made with runs (for caret positions).
    /// - Complexity: O(log *p* + *k*) for *k* lines touched.
    public func rects(for range: Range<Int>) -> [PageRect] {
        guard let firstPage = pageIndex(containing: range.lowerBound) else { return [] }
        if range.isEmpty && range.lowerBound == sourceLength {
            // The end-of-text insertion point: after the last line's last character.
            guard let line = lines(onPage: pages.count).last else { return [] }
            let box = line.rect
            let x = line.fragment.caretStops.last?.x ?? line.fragment.width
            return [PageRect(pageNumber: pages.count, rect: Rect(x: box.minX + x, y: box.minY, width: 0, height: box.height))]
        }
        var result: [PageRect] = []
        var pageNumber = firstPage + 1
        while pageNumber <= pages.count, pages[pageNumber - 1].range.lowerBound <= max(range.lowerBound, range.upperBound - 1) {
            for line in lines(onPage: pageNumber) {
                let lineRange = line.fragment.range
                let touches =
                    range.isEmpty
                    ? lineRange.contains(range.lowerBound) || (lineRange.isEmpty && lineRange.lowerBound == range.lowerBound)
                    : lineRange.overlaps(range)
                guard touches else { continue }
                if !range.isEmpty && line.fragment.runs.contains(where: \.isRightToLeft) {
                    // Right-to-left text: the range is drawn in as many stretches as it changes direction.
                    let box = line.rect
                    for span in line.fragment.visualSpans(of: range) {
                        result.append(
                            PageRect(
                                pageNumber: pageNumber,
                                rect: Rect(
                                    x: box.minX + span.lowerBound, y: box.minY,
                                    width: span.upperBound - span.lowerBound, height: box.height)))
                    }
                    continue
                }
                let stops = line.fragment.caretStops
                let startX = stops.first { $0.offset >= range.lowerBound }?.x ?? line.fragment.width
                let endX =
                    range.isEmpty ? startX : (stops.first { $0.offset >= range.upperBound }?.x ?? stops.last?.x ?? line.fragment.width)
                let box = line.rect
                // White space hanging past the container's edge is selected only up to the edge.
                let edge = range.isEmpty ? .infinity : line.containerFrame.width - line.fragment.origin.x
                let left = min(startX, edge), right = min(endX, edge)
                result.append(
                    PageRect(
                        pageNumber: pageNumber,
                        rect: Rect(x: box.minX + left, y: box.minY, width: max(0, right - left), height: box.height)))
                if range.isEmpty { return result }
            }
            pageNumber += 1
        }
        return result
    }
}
