/// Converts Latin-1 or Windows-1252 to UTF-8.
///
/// Both give every byte one character: ASCII stays one byte, everything else becomes two or three
/// UTF-8 bytes. Runs of ASCII are copied and mapped in one step, so text with a few accents stays
/// cheap to convert and to map.
enum SingleByteDecoder {
    /// Windows-1252's characters for 0x80–0x9F, from the published mapping (cp1252.txt); 0 marks
    /// the five bytes it leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D).
    static let cp1252High: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
        0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    /// Decodes `bytes`; with `windows1252` the 0x80–0x9F bytes are CP1252's characters (an
    /// undefined one becomes U+FFFD and is counted), otherwise the C1 controls of Latin-1.
    /// - Complexity: O(*n*).
    static func decode(_ bytes: [UInt8], windows1252: Bool) -> DecodedText {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 8)
        var builder = SourceMapping.Builder()
        var replacements = 0
        bytes.withUnsafeBufferPointer { input in
            let count = input.count
            var index = 0
            while index < count {
                let start = index
                while index < count && input[index] < 0x80 { index += 1 }
                if index > start {
                    out.append(contentsOf: input[start..<index])
                    builder.append(count: index - start, textStride: 1, originalStride: 1)
                    continue
                }
                let byte = input[index]
                var scalar = UInt32(byte)
                if windows1252 && byte < 0xA0 {
                    scalar = cp1252High[Int(byte) - 0x80]
                    if scalar == 0 {
                        scalar = 0xFFFD
                        replacements += 1
                    }
                }
                let length = DecodedText.appendUTF8(scalar, to: &out)
                builder.append(textStride: length, originalStride: 1)
                index += 1
            }
        }
        return DecodedText(bytes: out, mapping: builder.mapping(originalLength: bytes.count), replacements: replacements)
    }
}
