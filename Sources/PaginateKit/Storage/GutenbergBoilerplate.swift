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
public enum GutenbergBoilerplate {
    /// The byte range of the book in UTF-8 `bytes`: from the line after the start marker to the
    /// start of the end marker's line; `nil` unless both markers are found, the end after the start.
    ///
    /// The first start marker counts, and the first end marker after it. Lines end at LF, CR or CRLF.
    /// - Complexity: O(*n*); only lines that start with `*` are looked at closely.
    public static func bookRange(in bytes: [UInt8]) -> Range<Int>? {
        bytes.withUnsafeBufferPointer { text -> Range<Int>? in
            var bookStart: Int?
            var continuation = false
            var lineStart = text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF ? 3 : 0
            while lineStart < text.count {
                var contentEnd = lineStart
                while contentEnd < text.count && text[contentEnd] != 0x0A && text[contentEnd] != 0x0D { contentEnd += 1 }
                var next = contentEnd
                if next < text.count {
                    next += text[next] == 0x0D && next + 1 < text.count && text[next + 1] == 0x0A ? 2 : 1
                }
                let line = UnsafeBufferPointer(rebasing: text[lineStart..<contentEnd])
                if let start = bookStart {
                    if continuation {
                        continuation = false
                        // A wrapped title ends with the marker's closing stars on the next line.
                        if start == lineStart && endsWithStar(line) { bookStart = next }
                    }
                    if isMarker(line, keyword: end) { return start <= lineStart ? start..<lineStart : nil }
                } else if isMarker(line, keyword: startWord) {
                    bookStart = next
                    continuation = !endsWithStar(line)
                }
                lineStart = next
            }
            return nil
        }
    }

    private static let startWord = Array("start".utf8)
    private static let end = Array("end".utf8)
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
