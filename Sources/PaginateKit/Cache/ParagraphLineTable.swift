/// Broken paragraphs in the compact form placement reads: for each paragraph (by key) its lines'
/// first bytes, relative to the paragraph's first content byte, and heights, plus the characters
/// its decoding replaced or dropped.
///
/// Stored as parallel arrays so that the file form is a few flat copies. Line heights take few
/// distinct values (one per font mix on a line), so each line stores an index into a palette of
/// heights: two bytes instead of eight.
struct ParagraphLineTable {
    private(set) var keys: [ContentHash] = []
    /// Lines per paragraph.
    private(set) var lineCounts: [UInt32] = []
    /// Index of each paragraph's first line in `starts` and `heights`.
    private(set) var firstLines: [Int] = []
    /// Each line's first byte minus its paragraph's `contentStart`.
    private(set) var starts: [Int32] = []
    /// Each line's height, as an index into `palette`.
    private(set) var heights: [UInt16] = []
    /// The distinct line heights.
    private(set) var palette: [Double] = []
    /// Paragraphs whose decoding replaced or dropped characters, by paragraph index.
    private(set) var diagnostics: [Int: TextDiagnostics] = [:]
    /// Where each key is, in a table read from a file (a table being built for writing does not
    /// need it: its callers append each key once).
    private(set) var index: [ContentHash: Int32] = [:]
    private var paletteIndex: [UInt64: UInt16] = [:]
    /// Whether a height did not fit the palette: such a table is not worth storing.
    private(set) var overflowed = false

    var count: Int { keys.count }

    init() {}

    /// An empty table sharing `other`'s palette, so `appendLines(of:from:)` can copy height indices.
    init(palette other: ParagraphLineTable) {
        palette = other.palette
        paletteIndex = other.paletteIndex
    }

    /// Appends a paragraph from absolute line starts and heights. Each key must be appended once.
    mutating func append(
        _ key: ContentHash, contentStart: Int, starts lineStarts: ArraySlice<Int>,
        heights lineHeights: ArraySlice<Double>, diagnostics counts: TextDiagnostics
    ) {
        keys.append(key)
        lineCounts.append(UInt32(lineStarts.count))
        firstLines.append(starts.count)
        for start in lineStarts { starts.append(Int32(truncatingIfNeeded: start - contentStart)) }
        for height in lineHeights { heights.append(paletteSlot(height)) }
        if !counts.isEmpty { diagnostics[keys.count - 1] = counts }
    }

    /// Appends paragraph `paragraph` of `other`, whose palette this table started from. Each key
    /// must be appended once.
    mutating func append(_ paragraph: Int, of other: ParagraphLineTable) {
        keys.append(other.keys[paragraph])
        lineCounts.append(other.lineCounts[paragraph])
        firstLines.append(starts.count)
        let lines = other.lines(of: paragraph)
        starts.append(contentsOf: other.starts[lines])
        heights.append(contentsOf: other.heights[lines])
        if let counts = other.diagnostics[paragraph] { diagnostics[keys.count - 1] = counts }
    }

    /// The line indices of paragraph `paragraph`.
    func lines(of paragraph: Int) -> Range<Int> {
        firstLines[paragraph]..<(firstLines[paragraph] + Int(lineCounts[paragraph]))
    }

    /// Whether a paragraph of `length` content bytes can be stored (its offsets fit 32 bits).
    static func canStore(length: Int) -> Bool {
        length < Int(Int32.max) - 4
    }

    private mutating func paletteSlot(_ height: Double) -> UInt16 {
        if let slot = paletteIndex[height.bitPattern] { return slot }
        guard palette.count < Int(UInt16.max) else {
            overflowed = true
            return 0
        }
        let slot = UInt16(palette.count)
        palette.append(height)
        paletteIndex[height.bitPattern] = slot
        return slot
    }

    // MARK: File form

    private static let magic: [UInt8] = Array("PGPARA1\n".utf8)
    /// Magic, file key (2), paragraph, line, palette and diagnostics counts.
    private static let headerSize = 8 + 8 * 6

    /// The table as a file: a header (magic, `fileKey`, counts), then each array in one piece —
    /// keys, line counts, line starts, height indices, palette, diagnostics — and a checksum of
    /// everything before it. Little-endian; `nil` on a big-endian machine or when it would not
    /// load back.
    func encoded(fileKey: ContentHash) -> [UInt8]? {
        #if _endian(big)
        return nil
        #else
        guard !overflowed else { return nil }
        var data = ParagraphLineTable.magic
        data.reserveCapacity(
            ParagraphLineTable.headerSize + keys.count * 20 + starts.count * 6
                + palette.count * 8 + diagnostics.count * 20 + 16)
        func put(_ value: UInt64) { withUnsafeBytes(of: value) { data.append(contentsOf: $0) } }
        put(fileKey.high); put(fileKey.low)
        put(UInt64(keys.count)); put(UInt64(starts.count)); put(UInt64(palette.count)); put(UInt64(diagnostics.count))
        for key in keys { put(key.high); put(key.low) }
        lineCounts.withUnsafeBytes { data.append(contentsOf: $0) }
        starts.withUnsafeBytes { data.append(contentsOf: $0) }
        heights.withUnsafeBytes { data.append(contentsOf: $0) }
        palette.withUnsafeBytes { data.append(contentsOf: $0) }
        for (paragraph, counts) in diagnostics.sorted(by: { $0.key < $1.key }) {
            for value in [
                paragraph, counts.invalidSequences, counts.hiddenControls, counts.clusterBrokenCharacters, counts.uncoveredCharacters,
            ] {
                guard let narrow = UInt32(exactly: value) else { return nil }
                withUnsafeBytes(of: narrow) { data.append(contentsOf: $0) }
            }
        }
        let checksum = ContentHash(data)
        put(checksum.high); put(checksum.low)
        return data
        #endif
    }

    /// Reads a table written by `encoded(fileKey:)` for the same `fileKey`; `nil` when the bytes
    /// are truncated, damaged, from another format or for another key.
    init?(decoding data: [UInt8], fileKey: ContentHash) {
        #if _endian(big)
        return nil
        #else
        let header = ParagraphLineTable.headerSize
        guard data.count >= header + 16 else { return nil }
        let body = data.count - 16
        let valid: Bool = data.withUnsafeBytes { raw in
            let checksum = ContentHash(UnsafeRawBufferPointer(rebasing: raw[..<body]))
            return raw.loadUnaligned(fromByteOffset: body, as: UInt64.self) == checksum.high
                && raw.loadUnaligned(fromByteOffset: body + 8, as: UInt64.self) == checksum.low
                && raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == fileKey.high
                && raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) == fileKey.low
        }
        guard valid, Array(data[..<8]) == ParagraphLineTable.magic else { return nil }
        let counts = data.withUnsafeBytes { raw in
            stride(from: 24, to: 56, by: 8).map { raw.loadUnaligned(fromByteOffset: $0, as: UInt64.self) }
        }
        guard counts.allSatisfy({ $0 < 1 << 32 }) else { return nil }
        let paragraphs = Int(counts[0]), lines = Int(counts[1]), heightCount = Int(counts[2]), diagnosticCount = Int(counts[3])
        guard header + paragraphs * 20 + lines * 6 + heightCount * 8 + diagnosticCount * 20 == body,
            heightCount <= Int(UInt16.max)
        else { return nil }
        var offset = header
        func take<T>(_ count: Int, _: T.Type) -> [T] {
            let size = count * MemoryLayout<T>.stride
            defer { offset += size }
            // Capacity 0 would write into the runtime's shared empty-array storage (see ParagraphBuilder).
            guard count > 0 else { return [] }
            return [T](unsafeUninitializedCapacity: count) { buffer, filled in
                data.withUnsafeBytes { raw in
                    UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + size)]))
                }
                filled = count
            }
        }
        let halves = take(paragraphs * 2, UInt64.self)
        lineCounts = take(paragraphs, UInt32.self)
        starts = take(lines, Int32.self)
        heights = take(lines, UInt16.self)
        palette = take(heightCount, Double.self)
        let flatDiagnostics = take(diagnosticCount * 5, UInt32.self)
        keys.reserveCapacity(paragraphs)
        firstLines.reserveCapacity(paragraphs)
        index.reserveCapacity(paragraphs)
        var first = 0
        for paragraph in 0..<paragraphs {
            let key = ContentHash(high: halves[2 * paragraph], low: halves[2 * paragraph + 1])
            guard index.updateValue(Int32(paragraph), forKey: key) == nil else { return nil }
            keys.append(key)
            firstLines.append(first)
            first += Int(lineCounts[paragraph])
        }
        guard first == lines, heights.allSatisfy({ Int($0) < heightCount }) else { return nil }
        for entry in 0..<diagnosticCount {
            let values = flatDiagnostics[(entry * 5)..<(entry * 5 + 5)].map(Int.init)
            guard values[0] < paragraphs else { return nil }
            var counts = TextDiagnostics()
            counts.invalidSequences = values[1]
            counts.hiddenControls = values[2]
            counts.clusterBrokenCharacters = values[3]
            counts.uncoveredCharacters = values[4]
            diagnostics[values[0]] = counts
        }
        for (slot, height) in palette.enumerated() { paletteIndex[height.bitPattern] = UInt16(slot) }
        #endif
    }
}
