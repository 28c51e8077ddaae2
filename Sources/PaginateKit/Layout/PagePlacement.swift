/// Places already-broken lines into the container chain and reports the pages' byte ranges.
///
/// The same placement as `Flow` for containers of one size without exclusions: the break rules
/// are the same value (`BreakRules`), and lines fit the way `LineFitter` fits them when every line
/// gets the full width — a line goes into the current container if its box ends at or above the
/// bottom. A separator's blank line (or the paragraph spacing) is dropped at a container's top; a
/// form feed starts a new page. Only line starts and heights are needed, so this pass is cheap.
struct PagePlacement {
    let spans: [ParagraphSpan]
    let settings: LayoutSettings

    /// Where one paragraph's lines are among the chunks.
    struct Lines {
        var chunk: Int
        var first: Int
        var count: Int
    }

    func place(_ chunks: [ParallelBreaking.Chunk], sourceLength: Int) throws(LayoutError) -> [PageMapEntry] {
        let columns = settings.page.columns
        let height = settings.page.columnHeight
        let basePitch = settings.lineHeight * settings.fontSize
        guard basePitch <= height + 1e-9 else {
            throw .containerTooSmall("the page is too small for one line: lines are \(format(basePitch)) pt tall but a column is \(format(height)) pt; make the page taller or the margins, --size or --line-height smaller")
        }
        let rules = BreakRules(settings)
        let index = PagePlacement.index(chunks)
        precondition(index.count == spans.count, "one line count per paragraph")
        // Per page: its line count and the start of its first line.
        var pageLineCounts: [Int] = [0]
        var pageFirstStarts: [Int?] = [nil]
        var column = 0
        var columnLines = 0
        var y = 0.0
        var emptyContainersInARow = 0
        var pendingPageBreak = false
        var pendingGap = 0.0
        var followsHeading = false
        var isFirstLine = true

        func startContainer() {
            column += 1
            if column == columns {
                column = 0
                pageLineCounts.append(0)
                pageFirstStarts.append(nil)
            }
            columnLines = 0
            y = 0
        }

        func advanceContainer() throws(LayoutError) {
            if columnLines == 0 {
                emptyContainersInARow += 1
                if emptyContainersInARow > 2 {
                    throw .containerTooSmall("not even one line fits into a text container (\(format(settings.page.columnWidth))x\(format(height)) pt for \(format(basePitch)) pt lines); make the page larger or the margins, --size or --line-height smaller")
                }
            } else {
                emptyContainersInARow = 0
            }
            startContainer()
        }

        for paragraph in spans.indices {
            let span = spans[paragraph]
            let lines = index[paragraph]
            if pendingPageBreak {
                pendingPageBreak = false
                repeat { startContainer() } while column != 0
            }
            if rules.startsPage(isHeading: span.isHeading, followsHeading: followsHeading, pageIsEmpty: pageLineCounts[pageLineCounts.count - 1] == 0) {
                repeat { startContainer() } while column != 0
            }
            if span.kind == .text { followsHeading = span.isHeading }
            pendingPageBreak = span.breaksPageAfter
            if span.kind == .separator, let spacing = rules.paragraphSpacing {
                pendingGap = columnLines == 0 ? 0 : spacing
                continue
            }
            let chunk = chunks[lines.chunk]
            var placed = 0
            while placed < lines.count {
                if span.kind == .separator && columnLines == 0 { break }
                let atTop = columnLines == 0
                let top = atTop ? y : y + pendingGap
                pendingGap = 0
                var lookahead = Lookahead(spans: spans, index: index, chunks: chunks, current: paragraph, height: height)
                let measure = PagePlacement.fit(chunk.lineHeights, lines, from: placed, top: top, height: height)
                let count = rules.linesHere(measure, atTop: atTop, isHeading: span.isHeading, breaksPageAfter: span.breaksPageAfter,
                                            upcoming: &lookahead)
                if count > 0 { y = top }
                for line in (lines.first + placed)..<(lines.first + placed + count) {
                    let page = pageLineCounts.count - 1
                    if pageFirstStarts[page] == nil { pageFirstStarts[page] = isFirstLine ? 0 : chunk.lineStarts[line] }
                    isFirstLine = false
                    pageLineCounts[page] += 1
                    columnLines += 1
                    y += chunk.lineHeights[line]
                }
                placed += count
                if placed < lines.count { try advanceContainer() }
            }
        }
        // A page owns the bytes up to the next page's first line; pages without lines are empty.
        var nextStarts = [Int](repeating: sourceLength, count: pageLineCounts.count)
        var following = sourceLength
        for page in pageLineCounts.indices.reversed() {
            nextStarts[page] = following
            if let start = pageFirstStarts[page] { following = start }
        }
        var entries: [PageMapEntry] = []
        entries.reserveCapacity(pageLineCounts.count)
        var pageStart = 0
        for page in pageLineCounts.indices {
            let end = nextStarts[page]
            entries.append(PageMapEntry(page: page + 1, range: pageStart..<max(pageStart, end), lineCount: pageLineCounts[page]))
            pageStart = max(pageStart, end)
        }
        return entries
    }

    /// Where each paragraph's lines are, from the chunks' line counts.
    private static func index(_ chunks: [ParallelBreaking.Chunk]) -> [Lines] {
        var index: [Lines] = []
        index.reserveCapacity(chunks.reduce(0) { $0 + $1.lineCounts.count })
        for (number, chunk) in chunks.enumerated() {
            var first = 0
            for count in chunk.lineCounts {
                index.append(Lines(chunk: number, first: first, count: Int(count)))
                first += Int(count)
            }
        }
        return index
    }

    /// How many of a paragraph's lines from `placed` on fit one after the other between `top` and
    /// `height`: the heights added in order, as `Flow` advances its pen.
    fileprivate static func fit(_ heights: [Double], _ lines: Lines, from placed: Int, top: Double, height: Double) -> BreakRules.Measure {
        var y = top
        var fitting = 0
        for line in (lines.first + placed)..<(lines.first + lines.count) {
            guard y + heights[line] <= height + 1e-9 else { break }
            y += heights[line]
            fitting += 1
        }
        return BreakRules.Measure(fitting: fitting, remaining: lines.count - placed, bottom: y)
    }

    /// The paragraphs after the current one, measured by their line heights.
    private struct Lookahead: UpcomingParagraphs {
        let spans: [ParagraphSpan]
        let index: [Lines]
        let chunks: [ParallelBreaking.Chunk]
        let current: Int
        let height: Double

        func paragraph(_ offset: Int) -> BreakRules.Upcoming? {
            guard current + offset < spans.count else { return nil }
            let span = spans[current + offset]
            return BreakRules.Upcoming(kind: span.kind, isHeading: span.isHeading, breaksPageAfter: span.breaksPageAfter)
        }

        mutating func measure(_ offset: Int, from y: Double) -> BreakRules.Measure {
            let lines = index[current + offset]
            return PagePlacement.fit(chunks[lines.chunk].lineHeights, lines, from: 0, top: y, height: height)
        }
    }
}
