/// Maps byte offsets between the text that is laid out (UTF-8) and the input file it came from,
/// in both directions.
///
/// The engine works in offsets into the laid-out text; users and scripts give and read offsets
/// into the file. The two differ when the file was converted from another encoding (each character
/// may take a different number of bytes on each side) or when part of the file was left out (the
/// laid-out text is one contiguous part of the decoded file).
///
/// The mapping is stored as **runs**: maximal stretches of consecutive characters that each take
/// the same number of bytes in the text and in the file (an ASCII stretch of Latin-1 is one run of
/// 1:1 characters, an accented letter a run of one 2:1 character). Lookups are a binary search
/// over the runs, and memory grows with the number of changes of width, not with the length:
/// a file with a few accents costs a few runs.
///
/// Invariants (checked by `isValid`):
/// - `textStarts` and `originalStarts` have one entry per run plus a closing entry (the end of the
///   text, the end of the mapped part of the file); both strictly increase.
/// - Run *i* holds whole characters: its text length is a multiple of its text stride, and its
///   file length is the same number of characters times its file stride.
/// - Neighbouring runs have different strides (the builder merges equal ones).
///
/// So the mapping is monotonic, maps character boundaries to character boundaries, the text's
/// start to `originalRange.lowerBound` and its end to `originalRange.upperBound`. An offset inside
/// a character (on either side) maps to the start of that character on the other side.
package struct SourceMapping: Hashable, Sendable {
    /// Where each run starts in the text, then the text's length.
    private var textStarts: [Int]
    /// Where each run starts in the file, then the end of the mapped part of the file.
    private var originalStarts: [Int]
    /// Per run: bytes per character in the text (high four bits) and in the file (low four bits).
    private var strides: [UInt8]

    /// The length of the whole input file in bytes (the mapped part may be smaller).
    package let originalLength: Int

    /// The mapping of a UTF-8 file laid out whole: every offset maps to itself.
    package static func identity(length: Int) -> SourceMapping {
        var builder = Builder()
        builder.append(count: length, textStride: 1, originalStride: 1)
        return builder.mapping(originalLength: length)
    }

    fileprivate init(textStarts: [Int], originalStarts: [Int], strides: [UInt8], originalLength: Int) {
        self.textStarts = textStarts
        self.originalStarts = originalStarts
        self.strides = strides
        self.originalLength = originalLength
    }

    /// The number of bytes of the laid-out text.
    package var textLength: Int { textStarts[textStarts.count - 1] }

    /// The part of the file the text stands for: all of it unless something was left out.
    package var originalRange: Range<Int> { originalStarts[0]..<originalStarts[originalStarts.count - 1] }

    /// The number of runs of equal width (a measure of the mapping's size).
    package var runCount: Int { strides.count }

    /// Whether every offset maps to itself over the whole file (a UTF-8 file laid out whole): the
    /// case where nothing needs converting.
    package var isIdentity: Bool {
        textStarts[0] == 0 && originalStarts[0] == 0 && textLength == originalLength
            && originalRange.upperBound == originalLength && (strides.isEmpty || (strides.count == 1 && strides[0] == 0x11))
    }

    /// Whether the laid-out text stands for only part of the file.
    package var leavesOutPartOfFile: Bool { originalRange != 0..<originalLength }

    /// The file offset of a text offset; an offset inside a character gives that character's start
    /// in the file, the text's end gives `originalRange.upperBound`.
    /// - Precondition: `0 <= offset <= textLength`.
    /// - Complexity: O(log *r*) in the number of runs.
    package func originalOffset(ofTextOffset offset: Int) -> Int {
        precondition(offset >= 0 && offset <= textLength, "text offset \(offset) outside 0...\(textLength)")
        if offset == textLength { return originalStarts[originalStarts.count - 1] }
        let run = SourceMapping.lastRun(in: textStarts, atOrBefore: offset)
        let textStride = Int(strides[run] >> 4), originalStride = Int(strides[run] & 0x0F)
        return originalStarts[run] + (offset - textStarts[run]) / textStride * originalStride
    }

    /// The text offset of a file offset, or `nil` outside `originalRange` (its end included). An
    /// offset inside a character of the file gives that character's start in the text.
    /// - Complexity: O(log *r*) in the number of runs.
    package func textOffset(ofOriginalOffset offset: Int) -> Int? {
        let range = originalRange
        guard offset >= range.lowerBound && offset <= range.upperBound else { return nil }
        if offset == range.upperBound { return textLength }
        let run = SourceMapping.lastRun(in: originalStarts, atOrBefore: offset)
        let textStride = Int(strides[run] >> 4), originalStride = Int(strides[run] & 0x0F)
        return textStarts[run] + (offset - originalStarts[run]) / originalStride * textStride
    }

    /// The file range a text range stands for.
    package func originalRange(ofTextRange range: Range<Int>) -> Range<Int> {
        originalOffset(ofTextOffset: range.lowerBound)..<originalOffset(ofTextOffset: range.upperBound)
    }

    /// The mapping of a part of the text, whose offsets then count from the part's start: how
    /// leaving out a header and footer composes with decoding.
    /// - Precondition: `range` lies within the text and both its ends are character boundaries.
    package func restricted(toText range: Range<Int>) -> SourceMapping {
        precondition(range.lowerBound >= 0 && range.upperBound <= textLength, "range outside the text")
        let start = originalOffset(ofTextOffset: range.lowerBound)
        var builder = Builder(originalStart: start)
        guard !range.isEmpty else { return builder.mapping(originalLength: originalLength) }
        var run = SourceMapping.lastRun(in: textStarts, atOrBefore: range.lowerBound)
        var position = range.lowerBound
        while position < range.upperBound {
            let end = min(textStarts[run + 1], range.upperBound)
            let textStride = Int(strides[run] >> 4)
            precondition((end - position) % textStride == 0, "range end inside a character")
            builder.append(count: (end - position) / textStride, textStride: textStride, originalStride: Int(strides[run] & 0x0F))
            position = end
            run += 1
        }
        return builder.mapping(originalLength: originalLength)
    }

    /// Whether the invariants above hold (for tests; the builder keeps them).
    package var isValid: Bool {
        guard textStarts.count == strides.count + 1, originalStarts.count == textStarts.count,
            textStarts[0] == 0, originalStarts[0] >= 0, originalRange.upperBound <= originalLength
        else { return false }
        for run in strides.indices {
            let textStride = Int(strides[run] >> 4), originalStride = Int(strides[run] & 0x0F)
            let textSpan = textStarts[run + 1] - textStarts[run]
            let originalSpan = originalStarts[run + 1] - originalStarts[run]
            guard textStride > 0, originalStride > 0, textSpan > 0, textSpan % textStride == 0,
                originalSpan == textSpan / textStride * originalStride
            else { return false }
            if run > 0 && strides[run] == strides[run - 1] { return false }
        }
        return true
    }

    /// The index of the last run whose start is at or before `offset` (which lies inside the runs).
    private static func lastRun(in starts: [Int], atOrBefore offset: Int) -> Int {
        var low = 0
        var high = starts.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

extension SourceMapping {
    /// Builds a mapping character by character (or a run of equal characters at a time), in text
    /// order, merging neighbours of equal width into one run.
    package struct Builder: Sendable {
        private var textStarts: [Int] = [0]
        private var originalStarts: [Int]
        private var strides: [UInt8] = []

        /// A builder whose first character starts at `originalStart` in the file.
        package init(originalStart: Int = 0) {
            originalStarts = [originalStart]
        }

        /// Adds `count` characters that each take `textStride` bytes in the text and
        /// `originalStride` bytes in the file.
        /// - Precondition: both strides are 1–15.
        @inline(__always)
        package mutating func append(count: Int = 1, textStride: Int, originalStride: Int) {
            guard count > 0 else { return }
            precondition(textStride >= 1 && textStride <= 15 && originalStride >= 1 && originalStride <= 15, "stride out of range")
            let stride = UInt8(textStride << 4 | originalStride)
            let last = textStarts.count - 1
            if strides.last == stride {
                textStarts[last] += count * textStride
                originalStarts[last] += count * originalStride
            } else {
                strides.append(stride)
                textStarts.append(textStarts[last] + count * textStride)
                originalStarts.append(originalStarts[last] + count * originalStride)
            }
        }

        /// The mapping built so far, for a file of `originalLength` bytes.
        package func mapping(originalLength: Int) -> SourceMapping {
            SourceMapping(textStarts: textStarts, originalStarts: originalStarts, strides: strides, originalLength: originalLength)
        }
    }
}
