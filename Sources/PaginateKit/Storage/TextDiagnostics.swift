/// Counts of characters that could not be laid out as they were, reported once per run.
public struct TextDiagnostics: Hashable, Sendable {
    /// Byte sequences that were not valid UTF-8, each drawn as U+FFFD.
    public var invalidSequences = 0
    /// Control characters (other than tab, line breaks and form feed) that are not drawn.
    public var hiddenControls = 0
    /// Characters no font in the chain has a glyph for, drawn as U+FFFD or the missing glyph.
    public var uncoveredCharacters = 0
    /// Characters beyond U+FFFF, which the PDF text encoding cannot address; drawn as U+FFFD.
    public var outsideBMP = 0

    /// Creates empty counts.
    public init() {}

    /// Whether anything was replaced or dropped.
    public var isEmpty: Bool { invalidSequences + hiddenControls + uncoveredCharacters + outsideBMP == 0 }

    /// One line for stderr, or `nil` when there is nothing to say.
    public var summary: String? {
        var parts: [String] = []
        if invalidSequences > 0 { parts.append("\(invalidSequences) invalid UTF-8 sequence\(invalidSequences == 1 ? "" : "s") replaced by U+FFFD") }
        if hiddenControls > 0 { parts.append("\(hiddenControls) control character\(hiddenControls == 1 ? "" : "s") not drawn") }
        if outsideBMP > 0 { parts.append("\(outsideBMP) character\(outsideBMP == 1 ? "" : "s") beyond U+FFFF replaced by U+FFFD") }
        if uncoveredCharacters > 0 { parts.append("\(uncoveredCharacters) character\(uncoveredCharacters == 1 ? "" : "s") not covered by any font") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
