/// Which font of a chain draws one character (grapheme cluster) of a text, as layout chooses it.
package struct CharacterSource: Hashable, Sendable {
    /// The character.
    package let character: String
    /// Its code points.
    package let scalars: [UInt32]
    /// The index in the chain's `fonts` of the face that draws it, or `nil` when no font covers it
    /// (it is drawn as U+FFFD or the missing-glyph box; white space as a space).
    package let fontIndex: Int?
    /// Whether the face was found among the installed fonts by fallback rather than given.
    package let isFallback: Bool
}

extension FontChain {
    /// The face that draws each character of `text`, set in `style`, in order: the same choice a
    /// layout makes (fallback faces join `fonts` as they would in a layout).
    package func sources(of text: String, style: FontStyle = .regular) -> [CharacterSource] {
        let scalars = text.unicodeScalars.map(\.value)
        let paragraph = Paragraph(scalars: scalars, offsets: Array(scalars.indices), startOffset: 0)
        let prepared = PreparedParagraph(paragraph, fonts: self, style: style)
        var sources: [CharacterSource] = []
        var start = 0
        while start < scalars.count {
            var end = start + 1
            while end < scalars.count && !prepared.clusterStarts[end] { end += 1 }
            let members = Array(scalars[start..<end])
            let index = Int(prepared.fontIndices[start])
            // A replaced character shows something else; a missing glyph shows the font's box.
            let drawn = prepared.display[start] == scalars[start] && (scalars[start] == 0x09 || fonts[index].covers(scalars[start]))
            var character = String.UnicodeScalarView()
            character.append(contentsOf: members.compactMap(Unicode.Scalar.init))
            sources.append(
                CharacterSource(
                    character: String(character), scalars: members, fontIndex: drawn ? index : nil,
                    isFallback: drawn && index >= configuredCount))
            start = end
        }
        return sources
    }
}
