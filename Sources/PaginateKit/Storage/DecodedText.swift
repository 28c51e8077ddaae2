/// The source decoded into code points and cut into source lines, each code point remembering the
/// byte offset it came from.
///
/// Invalid UTF-8 becomes U+FFFD, one per maximal invalid subpart (Unicode's recommended practice);
/// a leading byte order mark is dropped.
struct DecodedText {
    /// How a source line ends.
    enum Terminator: Equatable {
        /// The end of the text.
        case endOfText
        /// LF, CR, CRLF, NEL, U+2028 or U+2029.
        case lineBreak
        /// Form feed: also starts a new page.
        case formFeed
    }

    /// A source line: a range of `scalars`, and how it ends.
    struct Line {
        /// Indices into `scalars` of the line's content, terminator excluded.
        var content: Range<Int>
        /// The byte offset where the line starts.
        var startOffset: Int
        /// Byte offset of the terminator (or of the end of text).
        var terminatorOffset: Int
        var terminator: Terminator
    }

    var scalars: [UInt32] = []
    var offsets: [Int] = []
    var lines: [Line] = []
    var invalidSequences = 0
    let length: Int

    init(bytes: [UInt8]) {
        length = bytes.count
        scalars.reserveCapacity(bytes.count)
        offsets.reserveCapacity(bytes.count)
        var index = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        var lineStartScalar = 0
        var lineStartOffset = 0
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            while index < count {
                let start = index
                let (scalar, length) = DecodedText.decode(buffer, at: index)
                if scalar == 0xFFFD && length > 0 && !(length == 3 && buffer[start] == 0xEF) { invalidSequences += 1 }
                index += length
                let terminator: Terminator?
                switch scalar {
                case 0x0A, 0x85, 0x2028, 0x2029: terminator = .lineBreak
                case 0x0D:
                    if index < count && buffer[index] == 0x0A { index += 1 }
                    terminator = .lineBreak
                case 0x0C: terminator = .formFeed
                default: terminator = nil
                }
                if let terminator {
                    lines.append(Line(content: lineStartScalar..<scalars.count, startOffset: lineStartOffset,
                                      terminatorOffset: start, terminator: terminator))
                    lineStartScalar = scalars.count
                    lineStartOffset = index
                } else {
                    scalars.append(scalar)
                    offsets.append(start)
                }
            }
        }
        if lineStartScalar < scalars.count || lines.isEmpty || lineStartOffset < length {
            lines.append(Line(content: lineStartScalar..<scalars.count, startOffset: lineStartOffset,
                              terminatorOffset: length, terminator: .endOfText))
        }
    }

    /// Decodes one code point; invalid input yields U+FFFD and the length of the maximal invalid subpart.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let count = bytes.count
        func continuation(_ i: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> UInt32? {
            guard i < count else { return nil }
            let byte = bytes[i]
            return byte >= low && byte <= high ? UInt32(byte & 0x3F) : nil
        }
        switch lead {
        case 0xC2...0xDF:
            guard let b1 = continuation(index + 1) else { return (0xFFFD, 1) }
            return ((UInt32(lead & 0x1F) << 6) | b1, 2)
        case 0xE0...0xEF:
            let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
            let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
            guard let b1 = continuation(index + 1, low, high) else { return (0xFFFD, 1) }
            guard let b2 = continuation(index + 2) else { return (0xFFFD, 2) }
            return ((UInt32(lead & 0x0F) << 12) | (b1 << 6) | b2, 3)
        case 0xF0...0xF4:
            let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
            let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
            guard let b1 = continuation(index + 1, low, high) else { return (0xFFFD, 1) }
            guard let b2 = continuation(index + 2) else { return (0xFFFD, 2) }
            guard let b3 = continuation(index + 3) else { return (0xFFFD, 3) }
            return ((UInt32(lead & 0x07) << 18) | (b1 << 12) | (b2 << 6) | b3, 4)
        default:
            return (0xFFFD, 1)
        }
    }
}
