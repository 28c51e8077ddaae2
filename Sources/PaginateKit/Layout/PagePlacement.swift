/// Places already-broken lines into the container chain and reports the pages' byte ranges.
///
/// The same rules as `Flow` for containers of one size without exclusions: a line goes into the
/// current container if its box ends at or above the bottom, else the next container (column or
/// page) starts; a separator's blank line is dropped at a container's top; a form feed starts a
/// new page. Only line starts and heights are needed, so this pass is cheap.
struct PagePlacement {
    let spans: [ParagraphSpan]
    let settings: LayoutSettings

    func place(_ chunks: [ParallelBreaking.Chunk], sourceLength: Int) throws(LayoutError) -> [PageMapEntry] {
        let columns = settings.page.columns
        let height = settings.page.columnHeight
        let basePitch = settings.lineHeight * settings.fontSize
        guard basePitch <= height + 1e-9 else {
            throw .containerTooSmall("the page is too small for one line: lines are \(format(basePitch)) pt tall but a column is \(format(height)) pt; make the page taller or the margins, --size or --line-height smaller")
        }
        // Per page: its line count and the start of its first line.
        var pageLineCounts: [Int] = [0]
        var pageFirstStarts: [Int?] = [nil]
        var column = 0
        var columnLines = 0
        var y = 0.0
        var emptyContainersInARow = 0
        var pendingPageBreak = false
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

        var spanIndex = 0
        for chunk in chunks {
            var lineIndex = 0
            for lineCount in chunk.lineCounts {
                let span = spans[spanIndex]
                spanIndex += 1
                if pendingPageBreak {
                    pendingPageBreak = false
                    repeat { startContainer() } while column != 0
                }
                var remaining = Int(lineCount)
                while remaining > 0 {
                    if span.kind == .separator && columnLines == 0 {
                        lineIndex += remaining
                        remaining = 0
                        break
                    }
                    let lineHeight = chunk.lineHeights[lineIndex]
                    if y + lineHeight > height + 1e-9 {
                        if columnLines == 0 {
                            emptyContainersInARow += 1
                            if emptyContainersInARow > 2 {
                                throw .containerTooSmall("not even one line fits into a text container (\(format(settings.page.columnWidth))x\(format(height)) pt for \(format(basePitch)) pt lines); make the page larger or the margins, --size or --line-height smaller")
                            }
                        } else {
                            emptyContainersInARow = 0
                        }
                        startContainer()
                        continue
                    }
                    let page = pageLineCounts.count - 1
                    if pageFirstStarts[page] == nil { pageFirstStarts[page] = isFirstLine ? 0 : chunk.lineStarts[lineIndex] }
                    isFirstLine = false
                    pageLineCounts[page] += 1
                    columnLines += 1
                    y += lineHeight
                    lineIndex += 1
                    remaining -= 1
                }
                if span.breaksPageAfter { pendingPageBreak = true }
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
}
