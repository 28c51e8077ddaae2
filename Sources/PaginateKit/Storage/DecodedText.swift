/// A file converted to UTF-8, with the way back to the file's offsets.
struct DecodedText: Sendable {
    /// The text as UTF-8.
    let bytes: [UInt8]
    /// Offsets of `bytes` to offsets of the file and back.
    let mapping: SourceMapping
    /// Sequences that stood for no character and became U+FFFD.
    let replacements: Int

    /// Creates a decoded text.
    init(bytes: [UInt8], mapping: SourceMapping, replacements: Int) {
        self.bytes = bytes
        self.mapping = mapping
        self.replacements = replacements
    }

    /// Appends a code point's UTF-8 form; returns how many bytes it took.
    @inline(__always)
    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) -> Int {
        switch scalar {
        case ..<0x80:
            out.append(UInt8(scalar))
            return 1
        case ..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
            return 2
        case ..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
            return 3
        default:
            out.append(UInt8(0xF0 | scalar >> 18))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
            return 4
        }
    }
}
