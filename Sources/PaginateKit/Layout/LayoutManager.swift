#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Flows paragraphs into a chain of text containers, appending containers until the text ends.
///
/// This is TextKit's layout manager with the reader's `repeat … while` loop built in: ask the
/// current container for the span a line may use at the current height, let the line breaker fill
/// it, and move to the next container (the next column, or a new page) when the line does not fit
/// the remaining height.
///
/// Vertical rule: a line box is `lineHeight × fontSize` tall, or taller when the fonts on the line
/// need more (their ascent plus descent); its baseline sits one ascent — the largest ascent among
/// the fonts actually on the line — below the box's top, so the first baseline of a container is at
/// its top plus that ascent. A line fits when its box ends at or above the container's bottom. The
/// blank line standing for a paragraph separator is dropped at the top of a container.
public struct LayoutManager {
    /// The fonts, primary first; headings use the chain of `settings.typography.headingStyle`.
    public let fonts: FontChain
    /// Page geometry and type settings.
    public let settings: LayoutSettings
    /// Supplies container `i` of the chain (counting from 0 over all pages and columns).
    ///
    /// By default every container is a full column of `settings.page`. A custom provider can add
    /// exclusions; container `i` sits in column `i % columns` of page `i / columns + 1`.
    public var containerProvider: (Int) -> TextContainer {
        didSet { hasUniformContainers = false }
    }
    /// Whether every container is a full column of `settings.page` (no custom provider), so
    /// paragraphs can be broken independently of where they land.
    private var hasUniformContainers = true
    /// Called now and then during a layout (about every 256 KB of text and once at the end),
    /// on the calling thread, so a tool can show progress. Has no effect on the result.
    public var progress: ((LayoutProgress) -> Void)?
    /// Called once per step with its duration, for a timing breakdown. Has no effect on the result.
    package var phaseTimer: ((LayoutPhase, Duration) -> Void)?
    /// Line breaks kept from earlier layouts: when set, `pageMap` breaks only the paragraphs the
    /// memo does not know and stores this text's paragraphs in it. Has no effect on the result.
    package var paragraphMemo: ParagraphMemo?
    /// Called once per `pageMap` that used `paragraphMemo`, with how much breaking it saved.
    package var memoReport: ((ParagraphMemoReport) -> Void)?

    /// Creates a layout manager.
    public init(fonts: FontChain, settings: LayoutSettings) {
        self.fonts = fonts
        self.settings = settings
        let size = Size(width: settings.page.columnWidth, height: settings.page.columnHeight)
        self.containerProvider = { _ in TextContainer(size: size) }
    }

    /// Lays out the whole text.
    ///
    /// - Parameters:
    ///   - storage: The text.
    ///   - includeRuns: `false` skips building drawable runs, for queries that need only
    ///     line and page ranges (`count`, `map`, `locate`).
    ///   - includeCaretStops: `false` skips the per-cluster caret positions that hit testing and
    ///     range rectangles need (an exporter only draws runs).
    /// - Throws: `LayoutError` when the settings are out of range or a page cannot hold one line.
    /// - Complexity: O(*n*) in the length of the text.
    public func layout(_ storage: TextStorage, includeRuns: Bool = true, includeCaretStops: Bool = true) throws(LayoutError) -> Layout {
        try layout(storage, includeRuns: includeRuns, includeCaretStops: includeCaretStops, through: nil)
    }

    /// The page map of the whole text: each page's byte range and line count.
    ///
    /// Equal to `PageMap(layout(storage, includeRuns: false))`, but faster: when all containers
    /// share one width, paragraphs are broken on `jobs` threads (each with its own copy of the
    /// fonts) and then placed in one sequential pass. With a `paragraphMemo`, only paragraphs it
    /// does not know are broken. With a custom `containerProvider` it lays out the text (on one
    /// thread, without the memo).
    /// - Parameters:
    ///   - storage: The text.
    ///   - jobs: How many threads break paragraphs.
    /// - Throws: `LayoutError`, or `FontError` if a worker cannot reopen a font file.
    public func pageMap(_ storage: TextStorage, jobs: Int = LayoutManager.defaultJobs) throws -> PageMap {
        try settings.validate()
        // Lines depend on the containers they land in: broken as they are placed.
        guard hasUniformContainers else { return PageMap(try layout(storage, includeRuns: false)) }
        let typesetter = Typesetter(settings: settings, fonts: fonts, hyphenator: try hyphenator())
        let headings = try HeadingRule.of(settings)
        return try storage.bytes.withUnsafeBufferPointer { bytes in
            let spans = timed(.split, by: phaseTimer) {
                ParagraphSplitter(bytes: bytes, mode: settings.paragraphMode, headings: headings).split(jobs: max(1, jobs))
            }
            let lines: BrokenLines
            if let paragraphMemo {
                let memoized = MemoizedBreaking(
                    spans: spans, settings: settings, fonts: fonts, hyphenator: typesetter.hyphenator,
                    jobs: max(1, jobs), memo: paragraphMemo, phaseTimer: phaseTimer)
                let report: ParagraphMemoReport
                (lines, report) = try memoized.run(bytes: bytes)
                memoReport?(report)
            } else {
                let breaking = ParallelBreaking(
                    spans: spans, settings: settings, fonts: fonts, hyphenator: typesetter.hyphenator,
                    jobs: max(1, jobs))
                lines = try timed(.breakLines, by: phaseTimer) { try breaking.run(bytes: bytes) }
            }
            let placer = try timed(.place, by: phaseTimer) {
                try place(BrokenLineSupply(spans: spans, lines: lines), totalBytes: bytes.count, reportsProgress: false)
            }
            let entries = placer.recorder.pageMap(sourceLength: bytes.count)
            progress?(LayoutProgress(bytesLaidOut: bytes.count, totalBytes: bytes.count, pages: entries.count))
            return PageMap(entries: entries, sourceLength: bytes.count, settings: settings, diagnostics: placer.supply.diagnostics)
        }
    }

    /// The hyphenator the settings ask for, or `nil` when they ask for none.
    func hyphenator() throws(LayoutError) -> Hyphenator? {
        guard let language = settings.typography.hyphenationLanguage else { return nil }
        do {
            return try Hyphenator(
                language: language, leftMinimum: settings.typography.hyphenationLeftMinimum,
                rightMinimum: settings.typography.hyphenationRightMinimum)
        } catch {
            throw .hyphenationUnavailable(error)
        }
    }

    /// The number of processors online: the default number of layout threads.
    public static var defaultJobs: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// Lays out only as far as needed to complete the page that holds `offset` — TextKit 2's
    /// noncontiguous layout, for questions about one location.
    ///
    /// Pages before and including the one holding `offset` are exactly those of a full layout;
    /// the result's `isComplete` is `false` when text after them was not laid out, and then its
    /// last page ends where layout stopped.
    /// - Complexity: O(*n*) to split paragraphs, plus layout proportional to the text up to `offset`.
    /// - Parameters:
    ///   - storage: The text.
    ///   - includeRuns: `false` skips building drawable runs.
    ///   - includeCaretStops: `false` skips the per-cluster caret positions that hit testing and
    ///     range rectangles need (an exporter only draws runs).
    ///   - offset: The byte offset whose page must be complete; `nil` lays out everything.
    public func layout(
        _ storage: TextStorage, includeRuns: Bool = true, includeCaretStops: Bool = true,
        through offset: Int?
    ) throws(LayoutError) -> Layout {
        try settings.validate()
        let typesetter = Typesetter(settings: settings, fonts: fonts, hyphenator: try hyphenator())
        let headings = try HeadingRule.of(settings)
        let content = SetLine.Content(runs: includeRuns, caretStops: includeCaretStops)
        return try storage.bytes.withUnsafeBufferPointer { bytes throws(LayoutError) -> Layout in
            let spans = timed(.split, by: phaseTimer) {
                ParagraphSplitter(bytes: bytes, mode: settings.paragraphMode, headings: headings).split()
            }
            if hasUniformContainers {
                // Every line is as wide as a column: paragraphs are broken whole, as the placer reaches them.
                let supply = BrokenLineSupply(
                    spans: spans, bytes: bytes, typesetter: typesetter, width: settings.page.columnWidth,
                    content: content)
                return try layout(supply, sourceLength: bytes.count, through: offset)
            }
            return try layout(
                LiveLineSupply(spans: spans, bytes: bytes, typesetter: typesetter, content: content),
                sourceLength: bytes.count, through: offset)
        }
    }

    /// Places every paragraph's lines from `supply` and makes the pages.
    private func layout<Supply: LineSupply>(_ supply: Supply, sourceLength: Int, through offset: Int?) throws(LayoutError) -> Layout {
        let placer = try place(supply, totalBytes: sourceLength, stopOffset: offset)
        let pages = placer.recorder.pages(sourceLength: sourceLength, truncatedAt: placer.truncatedAt)
        return Layout(
            pages: pages, sourceLength: sourceLength, settings: settings, diagnostics: placer.supply.diagnostics,
            isComplete: placer.truncatedAt == nil)
    }

    /// Runs the placer over every paragraph (or until the page holding `stopOffset` is complete),
    /// reporting progress on the way unless told not to.
    private func place<Supply: LineSupply>(
        _ supply: Supply, totalBytes: Int, stopOffset: Int? = nil,
        reportsProgress: Bool = true
    ) throws(LayoutError) -> Placer<Supply> {
        let spans = supply.spans
        var placer = Placer(settings: settings, provider: containerProvider, supply: supply, stopOffset: stopOffset)
        let start = ContinuousClock.now
        var reported = 0
        for index in spans.indices {
            guard try placer.place(index) else { return placer }
            if reportsProgress, let progress, spans[index].contentEnd - reported >= LayoutManager.progressStride {
                reported = spans[index].contentEnd
                progress(LayoutProgress(bytesLaidOut: reported, totalBytes: totalBytes, pages: placer.pageCount))
            }
        }
        guard reportsProgress else { return placer }
        phaseTimer?(.breakAndPlace, ContinuousClock.now - start)
        progress?(
            LayoutProgress(
                bytesLaidOut: stopOffset == nil ? totalBytes : reported, totalBytes: totalBytes,
                pages: placer.pageCount))
        return placer
    }

    /// Bytes of text between two progress reports: often enough for a smooth bar, rare enough to cost nothing.
    static let progressStride = 256 * 1024
}
