/// How the laid-out text relates to the input file: the encoding it was read in and the mapping of
/// offsets, which together say whether anything was converted or left out.
package struct SourceOrigin: Hashable, Sendable {
    /// The encoding the file was read in.
    package let encoding: SourceEncoding
    /// Layout offsets to file offsets and back.
    package let mapping: SourceMapping

    /// Creates an origin.
    package init(encoding: SourceEncoding, mapping: SourceMapping) {
        self.encoding = encoding
        self.mapping = mapping
    }

    /// A UTF-8 file laid out whole: offsets need no mapping.
    package static func identity(length: Int) -> SourceOrigin {
        SourceOrigin(encoding: .utf8, mapping: .identity(length: length))
    }

    /// Whether the text is the file's bytes, unchanged and whole.
    package var isIdentity: Bool { encoding == .utf8 && mapping.isIdentity }

    /// The file range that is laid out, when part of the file (a header and footer) is left out.
    package var keptRange: Range<Int>? { mapping.leavesOutPartOfFile ? mapping.originalRange : nil }

    /// The file offset of a layout offset.
    package func originalOffset(_ offset: Int) -> Int {
        isIdentity ? offset : mapping.originalOffset(ofTextOffset: offset)
    }

    /// The file range of a layout range.
    package func originalRange(_ range: Range<Int>) -> Range<Int> {
        isIdentity ? range : mapping.originalRange(ofTextRange: range)
    }
}
