/// The state of one layout pass: the container being filled and the lines placed so far.
struct Flow {
    private struct LineDraft {
        var start: Int
        var origin: Point
        var width: Double
        var height: Double
        var baseline: Double
        var hyphenated: Bool
        var runs: [TextRun]
        var carets: [CaretStop]
    }

    private struct ContainerDraft {
        var frame: Rect
        var container: TextContainer
        var lines: [LineDraft] = []
    }

    private let fonts: FontChain
    private let hyphenator: Hyphenator?
    private let settings: LayoutSettings
    private let provider: (Int) -> TextContainer
    private let includeRuns: Bool
    private let includeCaretStops: Bool
    private let scale: Double        // points per thousandth of an em
    private let basePitch: Double
    private let tabStop: Int
    private let rules: BreakRules
    private let breakers: BreakerFactory
    private let fitter: LineFitter

    private var pages: [[ContainerDraft]] = []
    /// Pages begun so far, for progress reports.
    var pageCount: Int { pages.count }
    private var chainIndex = -1
    /// The width of the container after the current one, where lines that do not fit go.
    private var nextWidth = 0.0
    private var y = 0.0
    private var pendingPageBreak = false
    private var emptyContainersInARow = 0
    /// Paragraph spacing owed above the next line, unless a new container starts first.
    private var pendingGap = 0.0
    /// Whether the last text paragraph was a heading (a chain of headings breaks a page once).
    private var followsHeading = false
    private(set) var uncovered = 0
    /// Characters of scripts without a word dictionary, broken between clusters.
    private(set) var clusterBroken = 0
    /// Lay out only until the page holding this offset is complete (noncontiguous layout).
    var stopOffset: Int?
    /// Where the layout stopped early: the first byte not laid out.
    private(set) var truncatedAt: Int?


    init(manager: LayoutManager, hyphenator: Hyphenator?, includeRuns: Bool, includeCaretStops: Bool) {
        self.includeCaretStops = includeCaretStops
        self.hyphenator = hyphenator
        fonts = manager.fonts
        settings = manager.settings
        provider = manager.containerProvider
        self.includeRuns = includeRuns
        scale = settings.fontSize / 1000
        basePitch = settings.lineHeight * settings.fontSize
        tabStop = settings.tabWidth * (fonts.fonts[0].width(of: 0x20) ?? 250)
        rules = BreakRules(settings)
        breakers = BreakerFactory(fonts: fonts, hyphenator: hyphenator, typography: settings.typography, rules: rules,
                                  tabStop: tabStop, scale: scale)
        fitter = LineFitter(fonts: fonts, fontSize: settings.fontSize, scale: scale, basePitch: basePitch, rules: rules)
        startContainer()
    }

    private var current: ContainerDraft {
        get { pages[pages.count - 1][pages[pages.count - 1].count - 1] }
        set { pages[pages.count - 1][pages[pages.count - 1].count - 1] = newValue }
    }

    private mutating func startContainer() {
        chainIndex += 1
        let column = chainIndex % settings.page.columns
        if column == 0 { pages.append([]) }
        let container = provider(chainIndex)
        var frame = settings.page.columnFrame(column)
        frame.size = container.size
        pages[pages.count - 1].append(ContainerDraft(frame: frame, container: container))
        y = 0
        nextWidth = provider(chainIndex + 1).size.width
    }

    private mutating func startPage() {
        // Skip the page's remaining columns: the next container that starts a page.
        repeat { startContainer() } while chainIndex % settings.page.columns != 0
    }

    private mutating func advanceContainer() throws(FlowError) {
        if current.lines.isEmpty {
            emptyContainersInARow += 1
            if emptyContainersInARow > 2 {
                throw .layout(.containerTooSmall("not even one line fits into a text container (\(format(current.container.size.width))x\(format(current.container.size.height)) pt for \(format(basePitch)) pt lines); make the page larger or the margins, --size or --line-height smaller"))
            }
        } else {
            emptyContainersInARow = 0
        }
        startContainer()
    }

    /// Errors of a flow step: a real layout error, or the signal that the requested pages are done.
    enum FlowError: Error {
        case layout(LayoutError)
        case stop
    }

    /// Places a paragraph's lines, container by container: the lines that fit in the current
    /// container are fitted first, then the break rules say how many of them stay there.
    ///
    /// - Parameter upcoming: the paragraphs after this one, which a heading looks at to stay with them.
    mutating func place(_ paragraph: Paragraph, upcoming: UpcomingSpans? = nil) throws(FlowError) {
        if pendingPageBreak {
            pendingPageBreak = false
            startPage()
        }
        if rules.startsPage(isHeading: paragraph.isHeading, followsHeading: followsHeading,
                            pageIsEmpty: pages[pages.count - 1].allSatisfy { $0.lines.isEmpty }) {
            startPage()
        }
        defer {
            if paragraph.breaksPageAfter { pendingPageBreak = true }
            if paragraph.kind == .text { followsHeading = paragraph.isHeading }
        }
        var breaker = breakers.make(paragraph, width: current.container.size.width)
        let prepared = breaker.prepared
        uncovered += prepared.uncovered
        clusterBroken += prepared.clusterBrokenCharacters
        if paragraph.kind == .separator, let spacing = rules.paragraphSpacing {
            // Space instead of a blank line: added above the next line if that stays in this container.
            pendingGap = current.lines.isEmpty ? 0 : spacing
            return
        }
        var bandHeight = basePitch
        while !breaker.isFinished {
            if paragraph.kind == .separator && current.lines.isEmpty { return }
            let container = current.container
            guard basePitch <= container.size.height + 1e-9 else {
                throw .layout(.containerTooSmall("the page is too small for one line: lines are \(format(basePitch)) pt tall but a column is \(format(container.size.height)) pt; make the page taller or the margins, --size or --line-height smaller"))
            }
            let atTop = current.lines.isEmpty
            let top = atTop ? y : y + pendingGap
            pendingGap = 0
            let fit = fitter.fit(breaker, in: container, top: top, bandHeight: bandHeight)
            var lookahead = FlowLookahead(upcoming: upcoming, fitter: fitter,
                                          makeBreaker: { [breakers] in breakers.make($0, width: container.size.width) },
                                          container: container, nextWidth: nextWidth)
            let count = rules.linesHere(fitter.measure(fit, of: breaker, top: top, nextWidth: nextWidth), atTop: atTop,
                                        isHeading: paragraph.isHeading, breaksPageAfter: paragraph.breaksPageAfter, upcoming: &lookahead)
            for fitted in fit.lines.prefix(count) {
                let line = fitted.line
                let start = line.range.isEmpty ? paragraph.startOffset : paragraph.offsets[line.range.lowerBound]
                if let stopOffset, start > stopOffset, pages.count > 1, pages[pages.count - 1].allSatisfy({ $0.lines.isEmpty }) {
                    // Every byte up to `stopOffset` is on the finished pages: this line would open
                    // the next page, whose start ends them.
                    truncatedAt = start
                    pages.removeLast()
                    throw .stop
                }
                let adjustment = LineAdjustment(prepared, line, available: fitted.available,
                                                alignment: settings.typography.alignment)
                let runs = includeRuns ? makeRuns(prepared, line, adjustment) : []
                let carets = includeCaretStops ? makeCaretStops(prepared, line, adjustment) : []
                let origin = Point(x: fitted.origin.x + adjustment.offset * scale, y: fitted.origin.y)
                current.lines.append(LineDraft(start: start, origin: origin, width: adjustment.width * scale,
                                               height: fitted.box.height, baseline: fitted.box.ascent,
                                               hyphenated: line.hyphenated, runs: runs, carets: carets))
                y = fitted.origin.y + fitted.box.height
                breaker = fitted.after
            }
            // A line that did not fit is tried in the next container with the band it needed here.
            bandHeight = count == fit.lines.count ? fit.bandHeight : basePitch
            if !breaker.isFinished { try advanceContainer() }
        }
    }

    /// A width in points as whole thousandths of an em (rounded down: a line never overflows).
    private func thousandths(_ points: Double) -> Int {
        Int((points / scale + 1e-6).rounded(.down))
    }

    /// Splits a line into runs of one font each; a tab ends a run and moves the pen to its stop.
    ///
    /// A kerned pair and, on a justified line, every adjusted gap also end a run: a PDF viewer
    /// places the glyphs of one run by the font's own advances, so the glyph after a kern or a
    /// stretched space must start a run where the layout put it; such a run's width includes its
    /// gap's adjustment, so it ends where the next run starts. A hyphenated line ends with a run
    /// holding the hyphen. Trailing white space (after `contentEnd`) is not drawn.
    private func makeRuns(_ prepared: PreparedParagraph, _ line: LineBreaker.Line, _ adjustment: LineAdjustment) -> [TextRun] {
        if prepared.shaping != nil { return ShapedRuns.make(prepared, line, adjustment, tabStop: tabStop, scale: scale) }
        let paragraph = prepared.paragraph
        var runs: [TextRun] = []
        var x = 0             // natural pen position, thousandths of an em
        var extra = 0.0       // what justification added before the pen
        var runStart = line.range.lowerBound
        var runX = 0.0
        // The run's text as UTF-8, made into a String once per run: appending scalar by scalar to
        // a String costs several times more, and rendering builds a run for every word.
        var text: [UInt8] = []
        text.reserveCapacity(64)
        func sourceEnd(_ index: Int) -> Int { paragraph.sourceEnd(of: index) }
        func flush(upTo end: Int) {
            guard end > runStart, !text.isEmpty else { return }
            runs.append(TextRun(fontIndex: Int(prepared.fontIndices[runStart]), text: String(decoding: text, as: UTF8.self),
                                x: runX * scale, width: (Double(x) + extra - runX) * scale,
                                sourceRange: paragraph.offsets[runStart]..<sourceEnd(end - 1)))
            text.removeAll(keepingCapacity: true)
        }
        for i in line.range.lowerBound..<line.contentEnd {
            let advance = Int(prepared.advances[i])
            if advance == Int(PreparedParagraph.tabAdvance) {
                flush(upTo: i)
                x += tabStop - (x % tabStop)
                runStart = i + 1
                runX = Double(x) + extra
                continue
            }
            if i > runStart && prepared.fontIndices[i] != prepared.fontIndices[runStart] {
                flush(upTo: i)
                runStart = i
                runX = Double(x) + extra
            }
            if text.isEmpty { runStart = i; runX = Double(x) + extra }
            // A soft hyphen is invisible; where it ends a line, the hyphen run below stands for it.
            let scalar = prepared.display[i]
            if scalar < 0x80 {
                text.append(UInt8(truncatingIfNeeded: scalar))
            } else if scalar != 0xAD {
                text.append(contentsOf: (Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
            }
            x += advance
            let kern = prepared.kern(after: i)
            var endsRun = false
            if kern != 0 {
                if i + 1 < line.contentEnd {
                    endsRun = true
                } else {
                    x -= kern  // the line ends inside the pair: nothing follows to move
                }
            }
            let gap = adjustment.adjustsGaps ? adjustment.extra(prepared, after: i) : 0
            if endsRun || gap != 0 {
                // The adjusted gap belongs to the run it ends: a shrunk space must not reach past
                // the next run's start, nor a stretched one fall short of it.
                extra += gap
                flush(upTo: i + 1)
                runStart = i + 1
            }
        }
        flush(upTo: line.contentEnd)
        if line.hyphenated, line.contentEnd > line.range.lowerBound {
            let last = line.contentEnd - 1
            let end = sourceEnd(last)
            runs.append(TextRun(fontIndex: Int(prepared.fontIndices[last]), text: "-", x: (Double(x) + extra) * scale,
                                width: Double(prepared.hyphenAdvance(after: last)) * scale, sourceRange: end..<end,
                                isHyphen: true))
        }
        return runs
    }

    /// Insertion points before every cluster of the line (hanging spaces included) and after its last.
    private func makeCaretStops(_ prepared: PreparedParagraph, _ line: LineBreaker.Line,
                                _ adjustment: LineAdjustment) -> [CaretStop] {
        let paragraph = prepared.paragraph
        guard !line.range.isEmpty else { return [CaretStop(offset: paragraph.startOffset, x: 0)] }
        var stops: [CaretStop] = []
        stops.reserveCapacity(line.range.count + 1)
        var x = 0
        var extra = 0.0
        for i in line.range {
            if prepared.clusterStarts[i] { stops.append(CaretStop(offset: paragraph.offsets[i], x: (Double(x) + extra) * scale)) }
            var advance = Int(prepared.advances[i])
            if advance == Int(PreparedParagraph.tabAdvance) { advance = tabStop - (x % tabStop) }
            x += advance
            extra += adjustment.extra(prepared, after: i)
        }
        let last = line.range.upperBound - 1
        x -= prepared.kern(after: last)  // the pair's right half starts the next line
        let end = line.range.upperBound < paragraph.offsets.count ? paragraph.offsets[line.range.upperBound]
            : paragraph.sourceEnd(of: last)
        stops.append(CaretStop(offset: end, x: (Double(x) + extra) * scale))
        return stops
    }

    /// Turns the drafts into pages whose byte ranges partition `0..<sourceLength`.
    func finish(sourceLength: Int) -> [Page] {
        // A line owns the bytes up to the next line's start; the first line starts at 0.
        var starts: [Int] = []
        for page in pages { for container in page { for line in container.lines { starts.append(line.start) } } }
        if !starts.isEmpty { starts[0] = 0 }
        var result: [Page] = []
        var lineIndex = 0
        var pageStart = 0
        for (pageIndex, page) in pages.enumerated() {
            var containers: [ContainerLayout] = []
            for container in page {
                var lines: [LineFragment] = []
                for draft in container.lines {
                    let start = starts[lineIndex]
                    let end = lineIndex + 1 < starts.count ? starts[lineIndex + 1] : (truncatedAt ?? sourceLength)
                    lines.append(LineFragment(range: start..<max(start, end), origin: draft.origin, width: draft.width,
                                              height: draft.height, baseline: draft.baseline, runs: draft.runs,
                                              caretStops: draft.carets, isHyphenated: draft.hyphenated))
                    lineIndex += 1
                }
                containers.append(ContainerLayout(frame: container.frame, lines: lines))
            }
            let isLast = pageIndex == pages.count - 1
            let end = isLast ? (truncatedAt ?? sourceLength) : (lineIndex < starts.count ? starts[lineIndex] : sourceLength)
            result.append(Page(number: pageIndex + 1, range: pageStart..<max(pageStart, end), containers: containers))
            pageStart = max(pageStart, end)
        }
        return result
    }
}
