/// The broad kind of a type family — serif, sans-serif or monospace — which a fallback font is
/// matched on, so that a character borrowed from another family sits well beside its neighbours.
enum GenericFamily: String, CaseIterable, Hashable, Sendable {
    /// Letters with serifs (DejaVu Serif, Noto Serif Hebrew).
    case serif
    /// Letters without serifs (DejaVu Sans, Noto Sans Thai).
    case sansSerif = "sans-serif"
    /// Every glyph one advance wide (DejaVu Sans Mono).
    case monospace

    /// The kind a family's name or spacing tells, or `nil` when neither does (Symbola, Noto
    /// Nastaliq Urdu, Times New Roman): a fixed-pitch face is monospace, and a name with the word
    /// `Mono`, `Serif` or `Sans` says the rest — how most families, Noto's and DejaVu's among them,
    /// are named. Arabic's two classic styles count too: Naskh, the book hand, as serif, and Kufi,
    /// the geometric one, as sans-serif.
    init?(familyName: String, isMonospace: Bool) {
        let words = Set(familyName.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init))
        if isMonospace || words.contains("mono") || words.contains("monospace") {
            self = .monospace
        } else if (words.contains("serif") && !words.contains("sans")) || words.contains("naskh") {
            self = .serif
        } else if words.contains("sans") || words.contains("kufi") {
            self = .sansSerif
        } else {
            return nil
        }
    }

    /// How well a face of kind `other` (`nil`: unknown) stands in for this kind; lower is better.
    /// A face of unknown kind beats one of the wrong kind: symbol and script fonts that fit no
    /// class (Symbola, say) are usually what such characters are meant to be drawn with.
    func distance(to other: GenericFamily?) -> Int {
        guard let other else { return 1 }
        if other == self { return 0 }
        // Serif and sans text both read better beside a proportional face than a monospaced one.
        return other == .monospace ? 3 : 2
    }
}
