/// Decodes a paragraph span into a `Paragraph`: cleaned code points with their source offsets.
///
/// Invalid bytes become U+FFFD; hidden controls are dropped; each soft line break inside the span becomes one space
/// (trailing spaces before it dropped), or nothing between two East Asian wide characters.
/// Everything replaced or dropped is counted.
struct ParagraphBuilder {
    private(set) var diagnostics = TextDiagnostics()

    /// - Complexity: O(*n*) in the span's bytes; two allocations.
    mutating func build(_ span: ParagraphSpan, from bytes: UnsafeBufferPointer<UInt8>) -> Paragraph {
        // A paragraph never has more code points than bytes, so both arrays are filled in place.
        let capacity = span.contentEnd - span.contentStart
        // An empty span (a separator) needs no decoding, and an array made with capacity 0 would
        // write its count into the runtime's shared empty-array storage, which ThreadSanitizer
        // reports as a race when paragraphs are built on several threads.
        guard capacity > 0 else {
            return Paragraph(
                scalars: [], offsets: [], sourceLengths: [], startOffset: span.startOffset, kind: span.kind,
                breaksPageAfter: span.breaksPageAfter, isHeading: span.isHeading)
        }
        var counts = TextDiagnostics()
        var filled = 0
        var offsets: [Int] = []
        var lengths: [UInt8] = []
        let scalars = [UInt32](unsafeUninitializedCapacity: capacity) { scalarBuffer, scalarCount in
            lengths = [UInt8](unsafeUninitializedCapacity: capacity) { lengthBuffer, lengthCount in
                offsets = [Int](unsafeUninitializedCapacity: capacity) { offsetBuffer, offsetCount in
                    var count = 0
                    @inline(__always)
                    func append(_ scalar: UInt32, _ offset: Int, _ length: Int) {
                        scalarBuffer[count] = scalar
                        offsetBuffer[count] = offset
                        lengthBuffer[count] = UInt8(truncatingIfNeeded: length)
                        count += 1
                    }
                    var index = span.contentStart
                    let end = span.contentEnd
                    while index < end {
                        let byte = bytes[index]
                        if byte >= 0x20 && byte < 0x7F {
                            append(UInt32(byte), index, 1)
                            index += 1
                            continue
                        }
                        var (scalar, length) = UTF8Decoding.decode(bytes, at: index)
                        if UTF8Decoding.isReplacement(scalar, length: length, lead: byte) { counts.invalidSequences += 1 }
                        switch scalar {
                        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                            // A soft wrap (hard breaks end spans): trailing spaces go, one space comes,
                            // unless it joins two wide characters.
                            let terminatorOffset = index
                            if scalar == 0x0D && index + 1 < end && bytes[index + 1] == 0x0A { length = 2 }
                            index += length
                            while count > 0 && (scalarBuffer[count - 1] == 0x20 || scalarBuffer[count - 1] == 0x09) { count -= 1 }
                            let lastIsWide = count > 0 && CellWidth.isWide(scalarBuffer[count - 1])
                            let nextIsWide = index < end && CellWidth.isWide(UTF8Decoding.decode(bytes, at: index).scalar)
                            if !(lastIsWide && nextIsWide) { append(0x20, terminatorOffset, length) }
                            continue
                        default:
                            break
                        }
                        if ParagraphBuilder.isHiddenControl(scalar) {
                            counts.hiddenControls += 1
                        } else {
                            append(scalar, index, length)
                        }
                        index += length
                    }
                    offsetCount = count
                    filled = count
                }
                lengthCount = filled
            }
            scalarCount = filled
        }
        diagnostics.invalidSequences += counts.invalidSequences
        diagnostics.hiddenControls += counts.hiddenControls
        return Paragraph(
            scalars: scalars, offsets: offsets, sourceLengths: lengths, startOffset: span.startOffset, kind: span.kind,
            breaksPageAfter: span.breaksPageAfter, isHeading: span.isHeading)
    }

    @inline(__always)
    static func isHiddenControl(_ scalar: UInt32) -> Bool {
        (scalar < 0x20 && scalar != 0x09) || (scalar >= 0x7F && scalar <= 0x9F)
    }
}
