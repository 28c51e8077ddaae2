import PaginateKit

/// What every subcommand does first: read the input, open the fonts, lay the text out.
struct Job {
    let input: InputFile
    let fonts: FontChain
    let layout: Layout

    /// Runs the layout, mapping every failure to a one-line message and an exit code.
    static func run(inputPath: String, options: LayoutOptions, includeRuns: Bool, includeCaretStops: Bool = true) throws -> Job {
        Reporter.level = options.reporting.level
        let settings = try CLIError.wrap { () throws(LayoutError) in try options.settings() }
        let input = try Reporter.time("read") { try InputFile.read(inputPath, options: options.source) }
        let fonts = try Reporter.time("fonts") { try CLIError.wrap { () throws(FontError) in try options.fontChain() } }
        var manager = LayoutManager(fonts: fonts, settings: settings)
        let bar = ProgressBar()
        manager.progress = { bar.update("laying out", done: $0.bytesLaidOut, total: $0.totalBytes, unit: "%") }
        manager.phaseTimer = { Reporter.record($0.rawValue, $1) }
        defer { bar.finish() }
        let layout = try CLIError.wrap { () throws(LayoutError) in try manager.layout(input.storage, includeRuns: includeRuns, includeCaretStops: includeCaretStops) }
        input.warn(layout.diagnostics)
        return Job(input: input, fonts: fonts, layout: layout)
    }
}

/// The page map of one input: from the cache when an earlier run answered the same question,
/// else computed (on all cores, or only as far as a location needs) and stored for next time.
struct PageMapJob {
    let map: PageMap
    /// Whether the answer came from the cache.
    let cached: Bool
    /// The location asked about, for `locate`, as a layout offset.
    let target: Int?
    /// How the map's offsets relate to the file's: every offset printed goes through it.
    let origin: SourceOrigin

    /// The complete page map.
    static func run(inputPath: String, options: LayoutOptions) throws -> PageMapJob {
        try run(inputPath: inputPath, options: options, offset: nil, place: nil)
    }

    /// A page map that covers at least the page holding a location: `offset` (a byte offset into the
    /// file), or the one `place` finds in the text (a layout offset). An early location in a long
    /// text lays out only the pages up to it.
    static func run(inputPath: String, options: LayoutOptions, offset: Int?,
                    place: ((InputFile) throws -> Int)?) throws -> PageMapJob {
        Reporter.level = options.reporting.level
        let settings = try CLIError.wrap { () throws(LayoutError) in try options.settings() }
        // Opening fonts takes longer than answering from the cache: the key needs only their files.
        let fontFiles = try CLIError.wrap { () throws(FontError) in try options.fontFiles() }
        let cache = options.noCache ? nil : PageMapCache.defaultDirectory().map {
            PageMapCache(directory: $0, version: PaginateVersion.current)
        }
        let wantsLocation = offset != nil || place != nil
        func usable(_ map: PageMap, for target: Int?) -> Bool {
            if map.isComplete { return true }
            guard let target else { return false }
            return target < map.coveredLength
        }
        let isFile = inputPath != "-"
        let variant = options.source.cacheVariant
        // An unchanged file is recognised by its identity, without reading it. Only files laid out
        // byte for byte are recorded so, so the map's offsets are the file's.
        if let cache, isFile, place == nil, let content = cache.contentHash(ofFileAt: inputPath, variant: variant),
           let map = cache.pageMap(for: cache.key(content: content, settings: settings, fontFiles: fontFiles), settings: settings),
           usable(map, for: offset) {
            if let summary = map.diagnostics.summary { CLIError.warn("\(inputPath): \(summary)") }
            Reporter.record("cache (hit)", .zero)
            return PageMapJob(map: map, cached: true, target: offset, origin: .identity(length: map.sourceLength))
        }
        let input = try Reporter.time("read") { try InputFile.read(inputPath, options: options.source) }
        let target = try offset.map { try input.layoutOffset(ofFileOffset: $0) } ?? place?(input)
        // Keyed by the text laid out: the decoded, cut text fully determines the map.
        let content = cache.map { _ in Reporter.time("hash") { ContentHash(input.storage.bytes) } }
        if let cache, let content {
            if isFile && input.origin.isIdentity { cache.remember(content, ofFileAt: inputPath, variant: variant) }
            if let map = cache.pageMap(for: cache.key(content: content, settings: settings, fontFiles: fontFiles), settings: settings),
               usable(map, for: target) {
                input.warn(map.diagnostics)
                Reporter.record("cache (hit)", .zero)
                return PageMapJob(map: map, cached: true, target: target, origin: input.origin)
            }
        }
        let fonts = try Reporter.time("fonts") { try CLIError.wrap { () throws(FontError) in try options.fontChain() } }
        var manager = LayoutManager(fonts: fonts, settings: settings)
        manager.phaseTimer = { Reporter.record($0.rawValue, $1) }
        if let cache {
            // A changed text misses the page-map cache; its unchanged paragraphs need not be broken again.
            manager.paragraphMemo = ParagraphMemo(directory: cache.directory, version: cache.version)
            manager.memoReport = { Reporter.note("memo: \($0.broken) of \($0.paragraphs) paragraphs broken, \($0.stored) stored") }
        }
        let map: PageMap
        do {
            if wantsLocation, let target {
                map = PageMap(try manager.layout(input.storage, includeRuns: false, through: target))
            } else {
                map = try manager.pageMap(input.storage, jobs: options.jobs ?? LayoutManager.defaultJobs)
            }
        } catch {
            throw CLIError.converting(error)
        }
        if let cache, let content {
            Reporter.time("cache (store)") { cache.store(map, for: cache.key(content: content, settings: settings, fontFiles: fontFiles)) }
        }
        input.warn(map.diagnostics)
        return PageMapJob(map: map, cached: false, target: target, origin: input.origin)
    }
}
