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

    /// A scanner starting at `start`, which must be the start of a line inside the text (the
    /// lines are those a scan from the beginning finds from there on).
    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
        precondition(start > 0 && start < bytes.count, "a line start inside the text")
        self.bytes = bytes
        position = start
        emittedAny = true
    }

    mutating func next() -> SourceLine? {
        let count = bytes.count
        if position >= count {
            // Empty text (or only a BOM) is one empty line.
            guard !emittedAny else { return nil }
            emittedAny = true
            return SourceLine(
                start: position, contentEnd: position, end: count, terminator: .endOfText, width: 0,
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
            // Past the first word, eight bytes of printable ASCII and spaces at a time: only the
            // cells, the trailing spaces and the last character change.
            if !inFirstWord && index + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                if SourceLineScanner.isPrintableASCII(word) {
                    let others = ~SourceLineScanner.spaceBytes(word) & 0x8080_8080_8080_8080
                    cells += 8
                    if others == 0 {
                        trailing += 8
                    } else {
                        trailing = others.leadingZeroBitCount / 8
                        isBlank = false
                    }
                    last = UInt32(word >> 56)
                    index += 8
                    continue
                }
            }
            let byte = bytes[index]
            // Runs of printable ASCII and of spaces, the bulk of most texts, are measured a run at
            // a time: one comparison per byte.
            if byte &- 0x21 < 0x5E {
                // Printable ASCII other than space: one cell each, never wide, never blank.
                let runStart = index
                index += 1
                while index < count && bytes[index] &- 0x21 < 0x5E { index += 1 }
                let run = index - runStart
                if first == nil { first = UInt32(byte) }
                last = UInt32(bytes[index - 1])
                cells += run
                trailing = 0
                isBlank = false
                if inFirstWord { firstWord += run }
                continue
            }
            if byte == 0x20 {
                let runStart = index
                index += 1
                while index < count && bytes[index] == 0x20 { index += 1 }
                let run = index - runStart
                if first == nil { first = 0x20 }
                last = 0x20
                cells += run
                trailing += run
                inFirstWord = false
                continue
            }
            let (scalar, decodedLength) = UTF8Decoding.decode(bytes, at: index)
            var length = decodedLength
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
        return SourceLine(
            start: start, contentEnd: contentEnd, end: end, terminator: terminator, width: cells - trailing,
            firstWordWidth: firstWord, isBlank: isBlank, isIndented: indented,
            startsWide: first.map(CellWidth.isWide) ?? false, endsWide: first == nil ? false : CellWidth.isWide(last))
    }

    /// Whether all eight bytes of `word` are printable ASCII or spaces (0x20–0x7E).
    @inline(__always)
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A byte below 0x20 borrows into its high bit; one above 0x7E has it set or sets it by adding 1.
        let below = (word &- ones &* 0x20) & ~word & highs
        let above = ((word &+ ones) | word) & highs
        return below | above == 0
    }

    /// 0x80 in each byte of `word` that is a space, 0 in the others (exact per byte).
    @inline(__always)
    static func spaceBytes(_ word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let zeroed = word ^ 0x2020_2020_2020_2020
        return ~(((zeroed & lows) &+ lows) | zeroed | lows)
    }
}
