/// UTF-8 decoding that never fails: invalid input becomes U+FFFD, one per maximal invalid subpart
/// (Unicode's recommended practice), so every byte belongs to exactly one decoded code point.
enum UTF8Decoding {
    /// Decodes the code point at `index`; returns it and the number of bytes it took.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, length: Int) {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        return decodeMultibyte(bytes, at: index, lead: lead)
    }

    /// Whether the code point decoded at `index` with `length` bytes came from invalid input.
    @inline(__always)
    static func isReplacement(_ scalar: UInt32, length: Int, lead: UInt8) -> Bool {
        scalar == 0xFFFD && !(length == 3 && lead == 0xEF)
    }

    private static func decodeMultibyte(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, lead: UInt8) -> (scalar: UInt32, length: Int) {
        let count = bytes.count
        @inline(__always)
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
