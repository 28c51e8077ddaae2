import PaginateKit

/// The characters each glyph of a shaped run stands for, for the font's ToUnicode map.
///
/// A glyph that is some character's own glyph in the font stands for that character (a base
/// letter, a mark drawn as itself). Otherwise — a joining form, a conjunct, a ligature — the first
/// such glyph of a cluster stands for the cluster's characters that no glyph of it claims as its
/// own, and the others for nothing. So each character is read back once, which matters when a
/// reader goes glyph by glyph, as it does for right-to-left text.
struct GlyphTexts {
    /// One text per glyph, in the glyphs' order; empty for a glyph that stands for nothing.
    let texts: [String]

    init(_ glyphs: [PositionedGlyph], text: String, font: Font) {
        let scalars = Array(text.unicodeScalars)
        let starts = Set(glyphs.map(\.cluster)).sorted()
        var texts = [String](repeating: "", count: glyphs.count)
        var byCluster: [Int: [Int]] = [:]
        for (index, glyph) in glyphs.enumerated() { byCluster[glyph.cluster, default: []].append(index) }
        for (cluster, members) in byCluster where cluster < scalars.count {
            let end = starts.first { $0 > cluster } ?? scalars.count
            var unclaimed = Array(scalars[cluster..<min(end, scalars.count)])
            var rest: [Int] = []
            for member in members {
                let glyph = glyphs[member].glyph
                if let own = unclaimed.firstIndex(where: { font.glyph(for: $0.value) == glyph }) {
                    texts[member] = String(unclaimed.remove(at: own))
                } else {
                    rest.append(member)
                }
            }
            if let first = rest.first {
                var view = String.UnicodeScalarView()
                view.append(contentsOf: unclaimed)
                texts[first] = String(view)
            } else if !unclaimed.isEmpty, let last = members.last {
                // Every glyph is some character's own, yet characters remain (the shaper composed
                // them): the last glyph carries them too.
                var view = String.UnicodeScalarView()
                view.append(contentsOf: unclaimed)
                texts[last] += String(view)
            }
        }
        self.texts = texts
    }
}
