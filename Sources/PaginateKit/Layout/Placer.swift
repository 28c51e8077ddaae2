/// Distributes lines into the chain of text containers, for `layout`, `layout(through:)` and
/// `pageMap` alike: lines come from a `LineSupply` (broken ahead for one width, or pulled from a
/// live breaker when containers differ), `BreakRules` say how many of a paragraph's lines stay
/// in a container, and placed lines go to a `PageRecorder`.
struct Placer<Supply: LineSupply> {
    private(set) var supply: Supply
    private(set) var recorder = PageRecorder()
    private let page: PageSetup
    private let rules: BreakRules
    private let basePitch: Double
    private let provider: (Int) -> TextContainer

    /// Pages begun so far.
    private(set) var pageCount = 0
    private var chainIndex = -1
    private var container: TextContainer
    /// The width of the container after the current one, where lines that do not fit go.
    private var nextWidth = 0.0
    private var y = 0.0
    private var linesInContainer = 0
    private var linesOnPage = 0
    private var pendingPageBreak = false
    private var emptyContainersInARow = 0
    /// Paragraph spacing owed above the next line, unless a new container starts first.
    private var pendingGap = 0.0
    /// Whether the last text paragraph was a heading (a chain of headings breaks a page once).
    private var followsHeading = false
    /// Lay out only until the page holding this offset is complete (noncontiguous layout).
    private let stopOffset: Int?
    /// Where the layout stopped early: the first byte not laid out.
    private(set) var truncatedAt: Int?

    init(settings: LayoutSettings, provider: @escaping (Int) -> TextContainer, supply: Supply, stopOffset: Int? = nil) {
        self.supply = supply
        self.provider = provider
        self.stopOffset = stopOffset
        page = settings.page
        rules = BreakRules(settings)
        basePitch = settings.lineHeight * settings.fontSize
        container = provider(0)
        startContainer()
    }

    private mutating func startContainer() {
        chainIndex += 1
        let column = chainIndex % page.columns
        if column == 0 {
            pageCount += 1
            linesOnPage = 0
        }
        container = provider(chainIndex)
        var frame = page.columnFrame(column)
        frame.size = container.size
        recorder.startContainer(frame: frame, startsPage: column == 0)
        y = 0
        linesInContainer = 0
        nextWidth = provider(chainIndex + 1).size.width
    }

    private mutating func startPage() {
        // Skip the page's remaining columns: the next container that starts a page.
        repeat { startContainer() } while chainIndex % page.columns != 0
    }

    private mutating func advanceContainer() throws(LayoutError) {
        if linesInContainer == 0 {
            emptyContainersInARow += 1
            if emptyContainersInARow > 2 {
                throw .containerTooSmall(
                    "not even one line fits into a text container (\(format(container.size.width))x\(format(container.size.height)) pt for \(format(basePitch)) pt lines); make the page larger or the margins, --size or --line-height smaller"
                )
            }
        } else {
            emptyContainersInARow = 0
        }
        startContainer()
    }

    /// Places paragraph `index`'s lines, container by container: the lines that fit in the
    /// current container are fitted first, then the break rules say how many of them stay there.
    /// - Returns: `false` when the pages up to `stopOffset` are complete and placement must stop.
    mutating func place(_ index: Int) throws(LayoutError) -> Bool {
        let span = supply.spans[index]
        if pendingPageBreak {
            pendingPageBreak = false
            startPage()
        }
        if rules.startsPage(isHeading: span.isHeading, followsHeading: followsHeading, pageIsEmpty: linesOnPage == 0) {
            startPage()
        }
        defer {
            if span.breaksPageAfter { pendingPageBreak = true }
            if span.kind == .text { followsHeading = span.isHeading }
        }
        supply.begin(index, width: container.size.width)
        if span.kind == .separator, let spacing = rules.paragraphSpacing {
            // Space instead of a blank line: added above the next line if that stays in this container.
            pendingGap = linesInContainer == 0 ? 0 : spacing
            return true
        }
        while !supply.isFinished {
            if span.kind == .separator && linesInContainer == 0 { return true }
            guard basePitch <= container.size.height + 1e-9 else {
                throw .containerTooSmall(
                    "the page is too small for one line: lines are \(format(basePitch)) pt tall but a column is \(format(container.size.height)) pt; make the page taller or the margins, --size or --line-height smaller"
                )
            }
            let atTop = linesInContainer == 0
            let top = atTop ? y : y + pendingGap
            pendingGap = 0
            let measure = supply.fit(in: container, top: top, nextWidth: nextWidth)
            let count = rules.linesHere(
                measure, atTop: atTop, isHeading: span.isHeading,
                breaksPageAfter: span.breaksPageAfter, upcoming: &supply)
            for fitted in 0..<count {
                let line = supply.fittedLine(fitted, at: fitted == 0 ? top : y)
                if let stopOffset, line.start > stopOffset, pageCount > 1, linesOnPage == 0 {
                    // Every byte up to `stopOffset` is on the finished pages: this line would open
                    // the next page, whose start ends them.
                    truncatedAt = line.start
                    recorder.dropLastPage()
                    return false
                }
                recorder.place(line)
                y = line.y + line.height
                linesInContainer += 1
                linesOnPage += 1
            }
            supply.advance(count)
            if !supply.isFinished { try advanceContainer() }
        }
        return true
    }
}
