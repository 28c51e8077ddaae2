/// An input file made ready for layout: converted to UTF-8 and, for a Project Gutenberg text,
/// cut down to the book, with the mapping that turns layout offsets back into file offsets.
///
/// Layout and every query work on `storage`; whatever offset is shown to a user or read from one
/// goes through `origin.mapping`. A UTF-8 file laid out whole is the common case and costs nothing:
/// its bytes are used as they are and the mapping is the identity.
package struct SourceText: Sendable {
    /// The text that is laid out.
    package let storage: TextStorage
    /// The whole file decoded, header and footer included: what `--line` and `--char` count in.
    package let decoded: TextStorage
    /// The part of `decoded` that is laid out (all of it unless boilerplate was left out).
    package let body: Range<Int>
    /// The encoding and the offset mapping of `storage` to the file.
    package let origin: SourceOrigin
    /// What decoding replaced (layout adds its own counts).
    package let diagnostics: TextDiagnostics

    /// Reads `bytes` in the encoding `request` resolves to; with `stripBoilerplate`, keeps only the
    /// book when both Project Gutenberg markers are found.
    package init(bytes: [UInt8], encoding request: EncodingRequest, stripBoilerplate: Bool) {
        let encoding = request.resolve(for: bytes)
        let decodedBytes: [UInt8]
        var mapping: SourceMapping
        var diagnostics = TextDiagnostics()
        switch encoding {
        case .utf8:
            decodedBytes = bytes
            mapping = .identity(length: bytes.count)
        case .latin1, .cp1252, .utf16LE, .utf16BE:
            let decoded =
                encoding == .latin1 || encoding == .cp1252
                ? SingleByteDecoder.decode(bytes, windows1252: encoding == .cp1252)
                : UTF16Decoder.decode(bytes, bigEndian: encoding == .utf16BE)
            decodedBytes = decoded.bytes
            mapping = decoded.mapping
            diagnostics.undecodableSequences = decoded.replacements
            diagnostics.sourceEncoding = encoding
        }
        let book = stripBoilerplate ? GutenbergBoilerplate.bookRange(in: decodedBytes) : nil
        if let book {
            mapping = mapping.restricted(toText: book)
            storage = TextStorage(bytes: Array(decodedBytes[book]))
        } else {
            storage = TextStorage(bytes: decodedBytes)
        }
        decoded = TextStorage(bytes: decodedBytes)
        body = book ?? 0..<decodedBytes.count
        origin = SourceOrigin(encoding: encoding, mapping: mapping)
        self.diagnostics = diagnostics
    }

    /// The layout offset of a file offset, or `nil` when the offset is not laid out (in a
    /// stripped header or footer, or beyond the end).
    package func textOffset(ofOriginalOffset offset: Int) -> Int? {
        origin.mapping.textOffset(ofOriginalOffset: offset)
    }

    /// The layout offset of an offset into `decoded`, or `nil` when it is not laid out.
    package func textOffset(ofDecodedOffset offset: Int) -> Int? {
        body.contains(offset) || offset == body.upperBound ? offset - body.lowerBound : nil
    }
}
