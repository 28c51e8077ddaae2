/// One line of the source as the paragraph splitter sees it: where its content and terminator
/// are, and the measurements the `auto` paragraph rule needs.
struct SourceLine {
    /// How a source line ends.
    enum Terminator: UInt8 {
        /// The end of the text.
        case endOfText
        /// LF, CR, CRLF, NEL, U+2028 or U+2029.
        case lineBreak
        /// Form feed: also starts a new page.
        case formFeed
    }

    /// Byte offset of the line's first content byte.
    var start: Int
    /// Byte offset just past the content (where the terminator starts).
    var contentEnd: Int
    /// Byte offset just past the terminator (the next line's start).
    var end: Int
    var terminator: Terminator
    /// Width in terminal cells, trailing white space excluded; tabs advance to stops of 8.
    var width: Int
    /// Cells of the first word: up to the first space or tab, or one wide character.
    var firstWordWidth: Int
    /// Only spaces, tabs and U+3000 (or nothing).
    var isBlank: Bool
    /// Starts with a space, tab or U+3000.
    var isIndented: Bool
    /// The first content code point is East Asian wide.
    var startsWide: Bool
    /// The last content code point is East Asian wide.
    var endsWide: Bool
}

/// Cuts the source into lines and measures each, in one forward pass over the bytes.
///
/// Line breaks are LF, CR, CRLF, NEL, U+2028 and U+2029; form feed ends a line too. A leading
/// byte order mark is skipped. Text ending in a line break has no empty last line.
struct SourceLineScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int
    private var emittedAny = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        position = hasBOM ? 3 : 0
    }

    /// The start of the first line (after a BOM).
    var firstLineStart: Int { position }

    mutating func next() -> SourceLine? {
        let count = bytes.count
        if position >= count {
            // Empty text (or only a BOM) is one empty line.
            guard !emittedAny else { return nil }
            emittedAny = true
            return SourceLine(start: position, contentEnd: position, end: count, terminator: .endOfText, width: 0,
                              firstWordWidth: 0, isBlank: true, isIndented: false, startsWide: false, endsWide: false)
        }
        emittedAny = true
        let start = position
        var index = position
        var cells = 0, trailing = 0, firstWord = 0
        var inFirstWord = true
        var isBlank = true
        var first: UInt32? = nil
        var last: UInt32 = 0
        var terminator = SourceLine.Terminator.endOfText
        var contentEnd = count
        var end = count
        while index < count {
            let byte = bytes[index]
            if byte > 0x20 && byte < 0x7F {
                // Printable ASCII other than space: one cell, never wide, never blank.
                if first == nil { first = UInt32(byte) }
                last = UInt32(byte)
                cells += 1
                trailing = 0
                isBlank = false
                if inFirstWord { firstWord += 1 }
                index += 1
                continue
            }
            var scalar: UInt32
            var length = 1
            if byte == 0x20 {
                scalar = 0x20
            } else {
                (scalar, length) = UTF8Decoding.decode(bytes, at: index)
                switch scalar {
                case 0x0A, 0x85, 0x2028, 0x2029:
                    terminator = .lineBreak
                case 0x0D:
                    terminator = .lineBreak
                    if index + 1 < count && bytes[index + 1] == 0x0A { length = 2 }
                case 0x0C:
                    terminator = .formFeed
                default:
                    break
                }
                if terminator != .endOfText {
                    contentEnd = index
                    end = index + length
                    break
                }
            }
            index += length
            let isSpace = scalar == 0x20 || scalar == 0x09 || scalar == 0x3000
            let cell = scalar == 0x09 ? 8 - (cells % 8) : (scalar == 0x20 ? 1 : CellWidth.of(scalar))
            if first == nil { first = scalar }
            last = scalar
            cells += cell
            trailing = isSpace ? trailing + cell : 0
            if !isSpace { isBlank = false }
            if inFirstWord {
                if scalar == 0x20 || scalar == 0x09 {
                    inFirstWord = false
                } else if scalar >= 0x80 && CellWidth.isWide(scalar) {
                    if firstWord == 0 { firstWord = cell }
                    inFirstWord = false
                } else {
                    firstWord += cell
                }
            }
        }
        position = end
        let indented = first.map { $0 == 0x20 || $0 == 0x09 || $0 == 0x3000 } ?? false
        return SourceLine(start: start, contentEnd: contentEnd, end: end, terminator: terminator, width: cells - trailing,
                          firstWordWidth: firstWord, isBlank: isBlank, isIndented: indented,
                          startsWide: first.map(CellWidth.isWide) ?? false, endsWide: first == nil ? false : CellWidth.isWide(last))
    }
}
