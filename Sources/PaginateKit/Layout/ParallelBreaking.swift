import Dispatch

/// Breaks paragraphs into lines on several threads, for layouts whose containers all share one
/// width: then a paragraph's lines do not depend on where it lands, so paragraphs can be broken
/// independently and placed afterwards in one cheap sequential pass (`PagePlacement`).
///
/// Each worker decodes, prepares and breaks a contiguous run of paragraphs with its own fonts
/// (font width caches are not shared between threads) and records only what placement needs:
/// each line's first byte and height.
struct ParallelBreaking {
    /// The lines of a run of paragraphs.
    struct Chunk {
        var lineStarts: [Int] = []
        var lineHeights: [Double] = []
        /// Lines per paragraph of the run, in order.
        var lineCounts: [Int32] = []
        var diagnostics = TextDiagnostics()
        /// The paragraphs (by index in the run) whose decoding replaced or dropped characters,
        /// in order, for a memo that stores them per paragraph.
        var paragraphDiagnostics: [(paragraph: Int, counts: TextDiagnostics)] = []
    }

    let spans: [ParagraphSpan]
    let settings: LayoutSettings
    /// The caller's fonts: they serve the first worker; other workers get copies.
    let fonts: FontChain
    /// The caller's hyphenator, if any: workers use copies sharing its patterns.
    let hyphenator: Hyphenator?
    let jobs: Int

    /// Breaks every paragraph; chunks come back in text order.
    func run(bytes: UnsafeBufferPointer<UInt8>) throws(FontError) -> [Chunk] {
        let chunkCount = max(1, min(spans.count, jobs == 1 ? 1 : jobs * 4))
        let bounds = chunkBounds(count: chunkCount)
        let results = UnsafeMutableBufferPointer<Result<Chunk, FontError>?>.allocate(capacity: bounds.count)
        results.initialize(repeating: nil)
        defer {
            // The chunks hold arrays: release them before the buffer goes.
            _ = results.deinitialize()
            results.deallocate()
        }
        let pool = FontPool(seed: fonts)
        // Fallback faces join a chain in the order its worker meets them: the caller's keeps none.
        let faceCount = fonts.fonts.count
        defer { fonts.discardFallbackFaces(from: faceCount) }
        let work = { (index: Int) in
            results[index] = Result { () throws(FontError) -> Chunk in
                let fonts = try pool.take()
                defer { pool.give(fonts) }
                return breakLines(of: bounds[index], bytes: bytes, fonts: fonts, hyphenator: hyphenator?.copy())
            }
        }
        if jobs == 1 || bounds.count == 1 {
            for index in bounds.indices { work(index) }
        } else {
            DispatchQueue.concurrentPerform(iterations: bounds.count, execute: work)
        }
        var chunks: [Chunk] = []
        chunks.reserveCapacity(bounds.count)
        for result in results {
            switch result! {
            case .success(let chunk): chunks.append(chunk)
            case .failure(let error): throw error
            }
        }
        return chunks
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

    private func breakLines(of range: Range<Int>, bytes: UnsafeBufferPointer<UInt8>, fonts: FontChain,
                            hyphenator: Hyphenator?) -> Chunk {
        var chunk = Chunk()
        var builder = ParagraphBuilder()
        let scale = settings.fontSize / 1000
        let basePitch = settings.lineHeight * settings.fontSize
        let tabStop = settings.tabWidth * (fonts.fonts[0].width(of: 0x20) ?? 250)
        let width = settings.page.columnWidth
        let maxWidth = LineFitter.measure(width, scale: scale)
        let rules = BreakRules(settings)
        chunk.lineCounts.reserveCapacity(range.count)
        for spanIndex in range {
            let before = builder.diagnostics
            let paragraph = builder.build(spans[spanIndex], from: bytes)
            // Measured in the faces `Flow` draws it with (`BreakerFactory`), or the lines would differ.
            let prepared = PreparedParagraph(paragraph, fonts: fonts, hyphenator: hyphenator,
                                             kerning: settings.typography.kerning,
                                             style: settings.typography.fontStyle(isHeading: paragraph.isHeading),
                                             direction: settings.typography.direction,
                                             ligatures: settings.typography.ligatures)
            chunk.diagnostics.uncoveredCharacters += prepared.uncovered
            chunk.diagnostics.clusterBrokenCharacters += prepared.clusterBrokenCharacters
            let after = builder.diagnostics
            if prepared.uncovered > 0 || prepared.clusterBrokenCharacters > 0 || after != before {
                var counts = TextDiagnostics()
                counts.invalidSequences = after.invalidSequences - before.invalidSequences
                counts.hiddenControls = after.hiddenControls - before.hiddenControls
                counts.clusterBrokenCharacters = prepared.clusterBrokenCharacters
                counts.uncoveredCharacters = prepared.uncovered
                chunk.paragraphDiagnostics.append((spanIndex - range.lowerBound, counts))
            }
            let indent = rules.firstLineIndent(kind: paragraph.kind, isHeading: paragraph.isHeading, width: width)
            let firstMaxWidth = LineFitter.measure(width - indent, scale: scale)
            var breaker = LineBreaker(prepared, tabStop: tabStop, typography: settings.typography,
                                      firstWidth: firstMaxWidth, width: maxWidth)
            var count: Int32 = 0
            while let line = breaker.nextLine(maxWidth: count == 0 ? firstMaxWidth : maxWidth) {
                chunk.lineStarts.append(line.range.isEmpty ? paragraph.startOffset : paragraph.offsets[line.range.lowerBound])
                chunk.lineHeights.append(LineBox(prepared, line, fonts: fonts, fontSize: settings.fontSize, basePitch: basePitch).height)
                count += 1
            }
            chunk.lineCounts.append(count)
        }
        let builderDiagnostics = builder.diagnostics
        chunk.diagnostics.invalidSequences = builderDiagnostics.invalidSequences
        chunk.diagnostics.hiddenControls = builderDiagnostics.hiddenControls
        return chunk
    }
}

/// Font chains for worker threads: each is used by one thread at a time.
private final class FontPool: @unchecked Sendable {
    private let seed: FontChain
    private var free: [FontChain]
    private let lock = DispatchSemaphore(value: 1)

    init(seed: FontChain) {
        self.seed = seed
        self.free = [seed]
    }

    func take() throws(FontError) -> FontChain {
        lock.wait()
        let fonts = free.popLast()
        lock.signal()
        if let fonts { return fonts }
        return try seed.reopened()
    }

    func give(_ fonts: FontChain) {
        lock.wait()
        free.append(fonts)
        lock.signal()
    }
}
