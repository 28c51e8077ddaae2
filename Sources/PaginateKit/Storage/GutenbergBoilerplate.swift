#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Finds the book inside a Project Gutenberg text, between the licence header and footer.
///
/// The header ends with a start marker line and the footer begins with an end marker line:
///
/// ```
/// *** START OF THE PROJECT GUTENBERG EBOOK PRIDE AND PREJUDICE ***
/// …the book…
/// *** END OF THE PROJECT GUTENBERG EBOOK PRIDE AND PREJUDICE ***
/// ```
///
/// Older texts say `THIS` instead of `THE`, leave out the space after the stars
/// (`***START OF …`), write `EBook`, `E-BOOK` or `ETEXT`, or use other capitals; a long title may
/// wrap the marker onto a second line that ends with the closing stars. A marker line is
/// recognised by its words alone: optional leading white space, one or more `*`, then
/// `START OF` (or `END OF`), `THE` or `THIS`, `PROJECT GUTENBERG`, in any case, with any runs of
/// spaces or tabs between them; whatever follows is the title.
enum GutenbergBoilerplate {
    /// The byte range of the book in UTF-8 `bytes`: from the line after the start marker to the
    /// start of the end marker's line; `nil` unless both markers are found, the end after the start.
    ///
    /// The first start marker counts, and the first end marker after it. Lines end at LF, CR or CRLF.
    /// - Complexity: O(*n*); the text is searched for `*` with `memchr`, and only lines that start
    ///   with one are looked at closely, so a text without markers costs little more than a read.
    static func bookRange(in bytes: [UInt8]) -> Range<Int>? {
        bytes.withUnsafeBufferPointer { text -> Range<Int>? in
            let count = text.count
            let first = count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF ? 3 : 0
            func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
            func contentEnd(from index: Int) -> Int {
                var end = index
                while end < count && !isBreak(text[end]) { end += 1 }
                return end
            }
            func nextLine(after end: Int) -> Int {
                guard end < count else { return end }
                return text[end] == 0x0D && end + 1 < count && text[end + 1] == 0x0A ? end + 2 : end + 1
            }
            func line(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: text[start..<end])
            }
            var bookStart: Int?
            var searchFrom = first
            while searchFrom < count, let star = firstStar(in: text, from: searchFrom) {
                var lineStart = star
                while lineStart > first && (text[lineStart - 1] == 0x20 || text[lineStart - 1] == 0x09) { lineStart -= 1 }
                let end = contentEnd(from: star)
                searchFrom = nextLine(after: end)
                guard lineStart == first || isBreak(text[lineStart - 1]) else { continue }
                if let start = bookStart {
                    if isMarker(line(lineStart, end), keyword: endWord) { return start..<lineStart }
                } else if isMarker(line(lineStart, end), keyword: startWord) {
                    var start = searchFrom
                    // A long title wraps the marker: its closing stars end the next line.
                    if !endsWithStar(line(lineStart, end)) {
                        let nextEnd = contentEnd(from: start)
                        if endsWithStar(line(start, nextEnd)) { start = nextLine(after: nextEnd) }
                    }
                    bookStart = start
                    searchFrom = start
                }
            }
            return nil
        }
    }

    /// The index of the first `*` at or after `index`.
    private static func firstStar(in text: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
        guard let base = text.baseAddress, index < text.count,
            let found = memchr(base + index, Int32(UInt8(ascii: "*")), text.count - index)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private static let startWord = Array("start".utf8)
    private static let endWord = Array("end".utf8)
    private static let tail: [[UInt8]] = ["of", "project", "gutenberg"].map { Array($0.utf8) }

    /// Whether a line (without its terminator) is a marker line with `keyword` (`start` or `end`).
    static func isMarker(_ line: UnsafeBufferPointer<UInt8>, keyword: [UInt8]) -> Bool {
        var position = 0
        func skipSpaces() -> Bool {
            let start = position
            while position < line.count && (line[position] == 0x20 || line[position] == 0x09) { position += 1 }
            return position > start
        }
        func word(_ expected: [UInt8]) -> Bool {
            guard position + expected.count <= line.count else { return false }
            for k in 0..<expected.count where line[position + k] | 0x20 != expected[k] { return false }
            position += expected.count
            return true
        }
        _ = skipSpaces()
        guard position < line.count, line[position] == UInt8(ascii: "*") else { return false }
        while position < line.count && line[position] == UInt8(ascii: "*") { position += 1 }
        _ = skipSpaces()
        guard word(keyword), skipSpaces(), word(tail[0]), skipSpaces() else { return false }
        guard word(Array("this".utf8)) || word(Array("the".utf8)) else { return false }
        guard skipSpaces(), word(tail[1]), skipSpaces(), word(tail[2]) else { return false }
        // "GUTENBERG" must end there: "GUTENBERGS" is some other sentence.
        return position == line.count || !isLetter(line[position])
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func endsWithStar(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = line.count - 1
        while index >= 0 && (line[index] == 0x20 || line[index] == 0x09) { index -= 1 }
        return index >= 0 && line[index] == UInt8(ascii: "*")
    }
}
