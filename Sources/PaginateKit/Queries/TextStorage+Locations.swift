extension TextStorage {
    /// The byte offset of the `index`-th Unicode scalar (0-based), counting each invalid UTF-8
    /// sequence as one scalar (it is drawn as one U+FFFD) and a leading BOM as one.
    ///
    /// `index` equal to the number of scalars gives the end of the text.
    /// - Returns: `nil` when `index` is negative or beyond the end.
    /// - Complexity: O(*n*).
    public func byteOffset(ofScalar index: Int) -> Int? {
        guard index >= 0 else { return nil }
        var offset = 0
        var count = 0
        let length = bytes.count
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            while offset < length {
                if count == index { return offset }
                offset += UTF8Decoding.decode(buffer, at: offset).length
                count += 1
            }
            return count == index ? length : nil
        }
    }

    /// The byte offset where source line `number` (1-based) starts, as `grep -n`, `wc -l` and
    /// editors count lines: each LF ends a line (a CR before it belongs to the line).
    /// - Returns: `nil` when `number` is less than 1 or beyond the last line.
    /// - Complexity: O(*n*).
    public func byteOffset(ofLine number: Int) -> Int? {
        guard number >= 1 else { return nil }
        if number == 1 { return 0 }
        var line = 1
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            line += 1
            if line == number { return index + 1 < bytes.count ? index + 1 : nil }
        }
        return nil
    }

    /// Byte ranges of every occurrence of `phrase`, left to right, not overlapping.
    ///
    /// Matching is exact except for white space: any run of white space in the phrase matches any
    /// run of white space (spaces, tabs, line breaks) in the text, so a phrase is found where a
    /// hard-wrapped source breaks it across lines.
    /// - Complexity: O(*n* · *m*) worst case for a phrase of *m* bytes; linear on ordinary text.
    public func occurrences(of phrase: String, limit: Int = .max) -> [Range<Int>] {
        let words = phrase.split(whereSeparator: { $0.isWhitespace }).map { Array($0.utf8) }
        guard let first = words.first, limit > 0 else { return [] }
        var result: [Range<Int>] = []
        let count = bytes.count
        bytes.withUnsafeBufferPointer { text in
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
            func matches(_ word: [UInt8], at position: Int) -> Bool {
                guard position + word.count <= count else { return false }
                for k in 0..<word.count where text[position + k] != word[k] { return false }
                return true
            }
            var start = 0
            while start + first.count <= count {
                if text[start] == first[0] && matches(first, at: start) {
                    var position = start + first.count
                    var matched = true
                    for word in words.dropFirst() {
                        let spaceStart = position
                        while position < count && isSpace(text[position]) { position += 1 }
                        if position == spaceStart || !matches(word, at: position) { matched = false; break }
                        position += word.count
                    }
                    if matched {
                        result.append(start..<position)
                        if result.count >= limit { return }
                        start = position
                        continue
                    }
                }
                start += 1
            }
        }
        return result
    }
}
