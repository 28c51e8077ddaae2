/// Counts of characters that could not be laid out as they were, reported once per run.
public struct TextDiagnostics: Hashable, Sendable {
    /// Byte sequences that were not valid UTF-8, each drawn as U+FFFD.
    public var invalidSequences = 0
    /// Control characters (other than tab, line breaks and form feed) that are not drawn.
    public var hiddenControls = 0
    /// Characters no font in the chain has a glyph for, drawn as U+FFFD or the missing glyph.
    public var uncoveredCharacters = 0
    /// Characters of complex scripts without a word dictionary (Lao, Khmer, Myanmar, …), whose
    /// lines may break between any two grapheme clusters, inside words.
    public var clusterBrokenCharacters = 0
    /// Sequences of a file read in another encoding than UTF-8 that stand for no character (an
    /// unpaired UTF-16 surrogate, an odd last byte of UTF-16, a byte CP1252 leaves undefined), each
    /// decoded as U+FFFD.
    package var undecodableSequences = 0
    /// The encoding `undecodableSequences` were found in, named in the summary.
    package var sourceEncoding: SourceEncoding?

    /// Creates empty counts.
    public init() {}

    /// Whether anything was replaced or dropped.
    public var isEmpty: Bool {
        invalidSequences + hiddenControls + uncoveredCharacters + clusterBrokenCharacters + undecodableSequences == 0
    }

    /// One line for stderr, or `nil` when there is nothing to say.
    public var summary: String? {
        var parts: [String] = []
        if undecodableSequences > 0 {
            let name = sourceEncoding?.displayName ?? "encoded"
            let what =
                sourceEncoding == .cp1252
                ? "byte\(undecodableSequences == 1 ? "" : "s") undefined in \(name)"
                : "invalid \(name) sequence\(undecodableSequences == 1 ? "" : "s")"
            parts.append("\(undecodableSequences) \(what) replaced by U+FFFD")
        }
        if invalidSequences > 0 {
            parts.append("\(invalidSequences) invalid UTF-8 sequence\(invalidSequences == 1 ? "" : "s") replaced by U+FFFD")
        }
        if hiddenControls > 0 { parts.append("\(hiddenControls) control character\(hiddenControls == 1 ? "" : "s") not drawn") }
        if uncoveredCharacters > 0 {
            parts.append("\(uncoveredCharacters) character\(uncoveredCharacters == 1 ? "" : "s") not covered by any font")
        }
        if clusterBrokenCharacters > 0 {
            parts.append(
                "\(clusterBrokenCharacters) character\(clusterBrokenCharacters == 1 ? "" : "s") of Lao, Khmer, Myanmar or another script without a word dictionary may break inside words"
            )
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// These counts with another's added (decoding's and layout's, say).
    package func adding(_ other: TextDiagnostics) -> TextDiagnostics {
        var sum = self
        sum.invalidSequences += other.invalidSequences
        sum.hiddenControls += other.hiddenControls
        sum.uncoveredCharacters += other.uncoveredCharacters
        sum.clusterBrokenCharacters += other.clusterBrokenCharacters
        sum.undecodableSequences += other.undecodableSequences
        sum.sourceEncoding = sourceEncoding ?? other.sourceEncoding
        return sum
    }
}
