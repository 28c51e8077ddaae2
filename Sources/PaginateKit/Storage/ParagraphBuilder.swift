/// Decodes a paragraph span into a `Paragraph`: cleaned code points with their source offsets.
///
/// Invalid bytes become U+FFFD; code points beyond the BMP become U+FFFD (the PDF text encoding
/// addresses BMP code points only, and replacing them here keeps measuring and drawing in
/// agreement); hidden controls are dropped; each soft line break inside the span becomes one space
/// (trailing spaces before it dropped), or nothing between two East Asian wide characters.
/// Everything replaced or dropped is counted.
struct ParagraphBuilder {
    private(set) var diagnostics = TextDiagnostics()
    private var scalars: [UInt32] = []
    private var offsets: [Int] = []

    mutating func build(_ span: ParagraphSpan, from bytes: UnsafeBufferPointer<UInt8>) -> Paragraph {
        scalars.removeAll(keepingCapacity: true)
        offsets.removeAll(keepingCapacity: true)
        var index = span.contentStart
        let end = span.contentEnd
        while index < end {
            let byte = bytes[index]
            if byte >= 0x20 && byte < 0x7F {
                scalars.append(UInt32(byte))
                offsets.append(index)
                index += 1
                continue
            }
            var (scalar, length) = UTF8Decoding.decode(bytes, at: index)
            if UTF8Decoding.isReplacement(scalar, length: length, lead: byte) { diagnostics.invalidSequences += 1 }
            switch scalar {
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                // A soft wrap (hard breaks end spans).
                let terminatorOffset = index
                if scalar == 0x0D && index + 1 < end && bytes[index + 1] == 0x0A { length = 2 }
                index += length
                joinSoftly(at: terminatorOffset, nextStart: index, end: end, bytes: bytes)
                continue
            default:
                break
            }
            if ParagraphBuilder.isHiddenControl(scalar) {
                diagnostics.hiddenControls += 1
            } else if scalar > 0xFFFF {
                diagnostics.outsideBMP += 1
                scalars.append(0xFFFD)
                offsets.append(index)
            } else {
                scalars.append(scalar)
                offsets.append(index)
            }
            index += length
        }
        return Paragraph(scalars: scalars, offsets: offsets, startOffset: span.startOffset, kind: span.kind,
                         breaksPageAfter: span.breaksPageAfter)
    }

    private mutating func joinSoftly(at terminatorOffset: Int, nextStart: Int, end: Int, bytes: UnsafeBufferPointer<UInt8>) {
        while let last = scalars.last, last == 0x20 || last == 0x09 {
            scalars.removeLast()
            offsets.removeLast()
        }
        let lastIsWide = scalars.last.map(CellWidth.isWide) ?? false
        let nextIsWide = nextStart < end && CellWidth.isWide(UTF8Decoding.decode(bytes, at: nextStart).scalar)
        if !(lastIsWide && nextIsWide) {
            scalars.append(0x20)
            offsets.append(terminatorOffset)
        }
    }

    @inline(__always)
    static func isHiddenControl(_ scalar: UInt32) -> Bool {
        (scalar < 0x20 && scalar != 0x09) || (scalar >= 0x7F && scalar <= 0x9F)
    }
}
