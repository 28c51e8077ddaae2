import Dispatch

/// Breaks paragraphs into lines on several threads, for page maps whose containers all share one
/// width (so a paragraph's lines do not depend on where it lands): each worker breaks a run of
/// paragraphs with its own fonts (width caches are not shared between threads) and records only
/// each line's first byte and height, for the `Placer` to place in one cheap pass.
struct ParallelBreaking {
    let spans: [ParagraphSpan]
    let settings: LayoutSettings
    /// The caller's fonts: they serve the first worker; other workers get copies.
    let fonts: FontChain
    /// The caller's hyphenator, if any: workers use copies sharing its patterns.
    let hyphenator: Hyphenator?
    let jobs: Int

    /// Breaks every paragraph; their lines come back in text order.
    func run(bytes: UnsafeBufferPointer<UInt8>) throws(FontError) -> BrokenLines {
        let chunkCount = max(1, min(spans.count, jobs == 1 ? 1 : jobs * 4))
        let bounds = chunkBounds(count: chunkCount)
        let results = UnsafeMutableBufferPointer<Result<BrokenLines, FontError>?>.allocate(capacity: bounds.count)
        results.initialize(repeating: nil)
        defer {
            // The runs hold arrays: release them before the buffer goes.
            _ = results.deinitialize()
            results.deallocate()
        }
        let pool = FontPool(seed: fonts)
        // Fallback faces join a chain in the order its worker meets them: the caller's keeps none.
        let faceCount = fonts.fonts.count
        defer { fonts.discardFallbackFaces(from: faceCount) }
        let work = { (index: Int) in
            results[index] = Result { () throws(FontError) -> BrokenLines in
                let fonts = try pool.take()
                defer { pool.give(fonts) }
                let typesetter = Typesetter(settings: settings, fonts: fonts, hyphenator: hyphenator?.copy())
                var lines = BrokenLines()
                lines.lineCounts.reserveCapacity(bounds[index].count)
                for span in spans[bounds[index]] {
                    typesetter.breakLines(of: span, from: bytes, width: settings.page.columnWidth, into: &lines, content: nil)
                }
                return lines
            }
        }
        if jobs == 1 || bounds.count == 1 {
            for index in bounds.indices { work(index) }
        } else {
            // Each chunk writes its own slot of `results`, takes its own fonts from the pool and
            // only reads the rest (the bytes, spans, settings, the shared hyphenation patterns),
            // which nothing mutates until concurrentPerform has returned: the closure may cross
            // threads though what it captures is not all Sendable.
            nonisolated(unsafe) let work = work
            try pool.prepareForThreads()
            DispatchQueue.concurrentPerform(iterations: bounds.count) { work($0) }
        }
        var lines = BrokenLines()
        for result in results {
            switch result! {
            case .success(let chunk): lines.append(chunk)
            case .failure(let error): throw error
            }
        }
        return lines
    }

    /// Splits the spans into runs of roughly equal byte size (by position: the spans may be a
    /// scattered selection of a text's paragraphs).
    private func chunkBounds(count: Int) -> [Range<Int>] {
        guard count > 1, let first = spans.first, let last = spans.last else { return [0..<spans.count] }
        let extent = last.contentEnd - first.contentStart
        var bounds: [Range<Int>] = []
        var start = 0
        for k in 1..<count {
            let target = first.contentStart + extent * k / count
            var end = start
            while end < spans.count && spans[end].contentEnd < target { end += 1 }
            if end > start { bounds.append(start..<end); start = end }
        }
        bounds.append(start..<spans.count)
        return bounds.filter { !$0.isEmpty }.isEmpty ? [0..<spans.count] : bounds.filter { !$0.isEmpty }
    }
}

/// Font chains for worker threads: each is used by one thread at a time.
// Unchecked because a FontChain is not Sendable: `free` is only read and written under `lock`, a
// chain taken from it belongs to one worker until given back, and `template` is set before the
// workers start and only read (by `reopened`) while they run.
private final class FontPool: @unchecked Sendable {
    private let seed: FontChain
    /// What workers' chains are reopened from when more than one thread runs: a copy of the seed
    /// that nothing lays out with, since the seed gains fallback faces while its worker uses it.
    private var template: FontChain?
    private var free: [FontChain]
    private let lock = DispatchSemaphore(value: 1)

    init(seed: FontChain) {
        self.seed = seed
        self.free = [seed]
    }

    /// Makes the template, on the calling thread, before the pool serves several threads.
    func prepareForThreads() throws(FontError) {
        template = try seed.reopened()
    }

    func take() throws(FontError) -> FontChain {
        lock.wait()
        let fonts = free.popLast()
        lock.signal()
        if let fonts { return fonts }
        return try (template ?? seed).reopened()
    }

    func give(_ fonts: FontChain) {
        lock.wait()
        free.append(fonts)
        lock.signal()
    }
}
