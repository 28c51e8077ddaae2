/// Converts UTF-16 to UTF-8.
///
/// A surrogate pair becomes one four-byte character. An unpaired surrogate, and an odd last byte,
/// become U+FFFD and are counted. A byte order mark is kept as U+FEFF (the UTF-8 byte order mark,
/// which layout skips), so the text's first byte still maps to the file's first byte.
enum UTF16Decoder {
    /// Decodes `bytes`, most significant byte first when `bigEndian`.
    /// - Complexity: O(*n*).
    static func decode(_ bytes: [UInt8], bigEndian: Bool) -> DecodedText {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 2 + bytes.count / 8)
        var builder = SourceMapping.Builder()
        var replacements = 0
        bytes.withUnsafeBufferPointer { input in
            let count = input.count
            @inline(__always)
            func unit(_ at: Int) -> UInt32 {
                bigEndian ? UInt32(input[at]) << 8 | UInt32(input[at + 1]) : UInt32(input[at + 1]) << 8 | UInt32(input[at])
            }
            var index = 0
            while index + 1 < count {
                let first = unit(index)
                if first < 0xD800 || first > 0xDFFF {
                    let length = DecodedText.appendUTF8(first, to: &out)
                    builder.append(textStride: length, originalStride: 2)
                    index += 2
                } else if first <= 0xDBFF, index + 3 < count, case let second = unit(index + 2), second >= 0xDC00 && second <= 0xDFFF {
                    let scalar = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                    let length = DecodedText.appendUTF8(scalar, to: &out)
                    builder.append(textStride: length, originalStride: 4)
                    index += 4
                } else {
                    let length = DecodedText.appendUTF8(0xFFFD, to: &out)
                    builder.append(textStride: length, originalStride: 2)
                    replacements += 1
                    index += 2
                }
            }
            if index < count {
                let length = DecodedText.appendUTF8(0xFFFD, to: &out)
                builder.append(textStride: length, originalStride: 1)
                replacements += 1
            }
        }
        return DecodedText(bytes: out, mapping: builder.mapping(originalLength: bytes.count), replacements: replacements)
    }
}
