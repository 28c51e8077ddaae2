import Dispatch

/// `ParallelBreaking` behind a paragraph memo: paragraphs the memo knows take their lines from it,
/// only the others are broken, and the memo is rewritten with the paragraphs of this text.
///
/// The result holds every paragraph's lines in text order, exactly what breaking all paragraphs
/// would give, so placement cannot tell the difference: one run gathered from the memo and the
/// broken paragraphs.
struct MemoizedBreaking {
    let spans: [ParagraphSpan]
    let settings: LayoutSettings
    let fonts: FontChain
    let hyphenator: Hyphenator?
    let jobs: Int
    let memo: ParagraphMemo
    let phaseTimer: ((LayoutPhase, Duration) -> Void)?

    func run(bytes: UnsafeBufferPointer<UInt8>) throws(FontError) -> (lines: BrokenLines, report: ParagraphMemoReport) {
        let fileKey = memo.fileKey(settings: settings, fontFiles: fonts.configuredFiles, fallback: fonts.fallback != nil)
        let stored = timed(.memoLoad, by: phaseTimer) { memo.load(fileKey) } ?? ParagraphLineTable()
        let keys = timed(.memoHash, by: phaseTimer) { paragraphKeys(bytes) }
        // For each paragraph: its index in the stored table, or -1 when it must be broken.
        var found = [Int32](repeating: -1, count: spans.count)
        var missingCount = spans.count
        if stored.count > 0 {
            for paragraph in spans.indices {
                if let entry = stored.index[keys[paragraph]] {
                    found[paragraph] = entry
                    missingCount -= 1
                }
            }
        }
        let broken = try timed(.breakLines, by: phaseTimer) { () throws(FontError) -> BrokenLines in
            guard missingCount > 0 else { return BrokenLines() }
            let missing = missingCount == spans.count ? spans : spans.indices.compactMap { found[$0] < 0 ? spans[$0] : nil }
            return try ParallelBreaking(spans: missing, settings: settings, fonts: fonts, hyphenator: hyphenator, jobs: jobs).run(
                bytes: bytes)
        }
        let (merged, table, used) = timed(.memoMerge, by: phaseTimer) {
            merge(found: found, keys: keys, stored: stored, broken: broken)
        }
        // An unchanged text: the stored file already holds exactly its paragraphs.
        let unchanged = missingCount == 0 && used == stored.count
        var written = unchanged ? stored.count : 0
        if !unchanged {
            timed(.memoStore, by: phaseTimer) { if memo.store(table, for: fileKey) { written = table.count } }
        }
        return (merged, ParagraphMemoReport(paragraphs: spans.count, broken: missingCount, stored: written))
    }

    /// Each paragraph's key, hashed on `jobs` threads.
    private func paragraphKeys(_ bytes: UnsafeBufferPointer<UInt8>) -> [ContentHash] {
        // Capacity 0 would write into the runtime's shared empty-array storage (see ParagraphBuilder).
        guard !spans.isEmpty else { return [] }
        return [ContentHash](unsafeUninitializedCapacity: spans.count) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            let slices = jobs == 1 ? 1 : max(1, min(spans.count / 1024, jobs * 4))
            let fill = { (slice: Int) in
                for paragraph in (spans.count * slice / slices)..<(spans.count * (slice + 1) / slices) {
                    (base + paragraph).initialize(to: ParagraphKey.of(spans[paragraph], in: bytes))
                }
            }
            if slices == 1 {
                fill(0)
            } else {
                // Each slice initialises its own range of `buffer` and only reads the spans and the
                // bytes, which nothing mutates until concurrentPerform has returned: the closure may
                // cross threads though the pointers it captures are not Sendable.
                nonisolated(unsafe) let fill = fill
                DispatchQueue.concurrentPerform(iterations: slices) { fill($0) }
            }
            count = spans.count
        }
    }

    /// Every paragraph's lines in text order, from the stored table or the broken paragraphs, and
    /// the table to store: the distinct paragraphs of this text. Also counts the stored entries used.
    private func merge(
        found: [Int32], keys: [ContentHash], stored: ParagraphLineTable,
        broken: BrokenLines
    ) -> (BrokenLines, ParagraphLineTable, Int) {
        var chunk = BrokenLines()
        var lineTotal = broken.lineStarts.count
        for entry in found where entry >= 0 { lineTotal += Int(stored.lineCounts[Int(entry)]) }
        chunk.lineStarts.reserveCapacity(lineTotal)
        chunk.lineHeights.reserveCapacity(lineTotal)
        chunk.lineCounts.reserveCapacity(spans.count)
        var table = ParagraphLineTable(palette: stored)
        var used = [Bool](repeating: false, count: stored.count)
        var usedCount = 0
        // A paragraph the memo did not know may occur more than once; it is stored once.
        var newKeys = Set<ContentHash>()
        // Where the next broken paragraph is: its index, its first line and its place in the diagnostics.
        var brokenParagraph = 0, brokenLine = 0, brokenDiagnostic = 0
        for paragraph in spans.indices {
            let span = spans[paragraph]
            let entry = Int(found[paragraph])
            if entry >= 0 {
                if !used[entry] { used[entry] = true; usedCount += 1 }
                let lines = stored.lines(of: entry)
                for line in lines {
                    chunk.lineStarts.append(span.contentStart + Int(stored.starts[line]))
                    chunk.lineHeights.append(stored.palette[Int(stored.heights[line])])
                }
                chunk.lineCounts.append(Int32(lines.count))
                if let counts = stored.diagnostics[entry] { chunk.diagnostics = chunk.diagnostics.adding(counts) }
                continue
            }
            let count = Int(broken.lineCounts[brokenParagraph])
            let lines = brokenLine..<(brokenLine + count)
            var counts = TextDiagnostics()
            if brokenDiagnostic < broken.paragraphDiagnostics.count,
                broken.paragraphDiagnostics[brokenDiagnostic].paragraph == brokenParagraph
            {
                counts = broken.paragraphDiagnostics[brokenDiagnostic].counts
                brokenDiagnostic += 1
            }
            chunk.lineStarts.append(contentsOf: broken.lineStarts[lines])
            chunk.lineHeights.append(contentsOf: broken.lineHeights[lines])
            chunk.lineCounts.append(Int32(count))
            chunk.diagnostics = chunk.diagnostics.adding(counts)
            if ParagraphLineTable.canStore(length: span.contentEnd - span.contentStart), newKeys.insert(keys[paragraph]).inserted {
                table.append(
                    keys[paragraph], contentStart: span.contentStart, starts: broken.lineStarts[lines],
                    heights: broken.lineHeights[lines], diagnostics: counts)
            }
            brokenParagraph += 1
            brokenLine += count
        }
        for entry in used.indices where used[entry] { table.append(entry, of: stored) }
        return (chunk, table, usedCount)
    }
}
