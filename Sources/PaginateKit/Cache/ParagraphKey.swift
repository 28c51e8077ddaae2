/// What identifies a paragraph's line breaks under one set of settings and fonts: its bytes and
/// the span facts that change how it is broken.
///
/// Breaking a paragraph reads only its own bytes (decoding never runs past them: the byte after a
/// paragraph starts its terminator, never a UTF-8 continuation byte, but should one follow, the
/// bytes it could join are hashed too), whether it is a separator, whether it is a heading (no
/// first-line indent) and where its first byte is counted from. Its neighbours matter only to
/// placement, which always runs on the whole text, so they are not part of the key.
enum ParagraphKey {
    /// The key of `span`.
    static func of(_ span: ParagraphSpan, in bytes: UnsafeBufferPointer<UInt8>) -> ContentHash {
        var end = span.contentEnd
        var tag: UInt64 = span.kind == .separator ? 1 : 0
        if span.isHeading { tag |= 2 }
        if end < bytes.count && bytes[end] & 0xC0 == 0x80 {
            tag |= 4
            end = min(bytes.count, end + 3)
        }
        tag |= UInt64(bitPattern: Int64(span.startOffset - span.contentStart)) << 8
        return ContentHash(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[span.contentStart..<end])), seed: tag)
    }
}
