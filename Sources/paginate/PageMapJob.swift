import PaginateKit

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

    /// A page map that covers at least the page holding a location: `offset` (a byte offset into the
    /// file), or the one `place` finds in the text (a layout offset); the complete map without either.
    /// An early location in a long text lays out only the pages up to it.
    static func run(
        inputPath: String, options: LayoutOptions, offset: Int? = nil,
        place: ((InputFile) throws -> Int)? = nil
    ) throws -> PageMapJob {
        let pipeline = try CommandPipeline(options)
        let settings = pipeline.settings
        // Opening fonts takes longer than answering from the cache: the key needs only their files.
        let fontFiles = try pipeline.fontFiles()
        let cache =
            options.noCache
            ? nil
            : PageMapCache.defaultDirectory().map {
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
            usable(map, for: offset)
        {
            if let summary = map.diagnostics.summary { Reporter.warn("\(inputPath): \(summary)") }
            Reporter.record("cache (hit)", .zero)
            return PageMapJob(map: map, cached: true, target: offset, origin: .identity(length: map.sourceLength))
        }
        let input = try pipeline.read(inputPath)
        let target = try offset.map { try input.layoutOffset(ofFileOffset: $0) } ?? place?(input)
        // Keyed by the text laid out: the decoded, cut text fully determines the map.
        let content = cache.map { _ in Reporter.time("hash") { ContentHash(input.storage.bytes) } }
        if let cache, let content {
            if isFile && input.origin.isIdentity { cache.remember(content, ofFileAt: inputPath, variant: variant) }
            if let map = cache.pageMap(for: cache.key(content: content, settings: settings, fontFiles: fontFiles), settings: settings),
                usable(map, for: target)
            {
                pipeline.warn(input, map.diagnostics)
                Reporter.record("cache (hit)", .zero)
                return PageMapJob(map: map, cached: true, target: target, origin: input.origin)
            }
        }
        var manager = pipeline.manager(fonts: try pipeline.openFonts())
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
        pipeline.warn(input, map.diagnostics)
        return PageMapJob(map: map, cached: false, target: target, origin: input.origin)
    }
}
