/// One face of an installed font, as the system's font configuration describes it.
package struct InstalledFace: Hashable, Sendable {
    /// How the face's glyphs are drawn, which decides whether the PDF writer can embed it.
    package enum Outlines: Hashable, Sendable, CustomStringConvertible {
        /// Quadratic TrueType outlines (`glyf`), which the PDF writer embeds.
        case trueType
        /// PostScript outlines in an OpenType font (`CFF `, which the PDF writer embeds, or `CFF2`).
        case cff
        /// Anything else (Type 1, bitmap formats), named as the font configuration names it.
        case other(String)

        /// Classifies fontconfig's `fontformat` value (FreeType's name for the font's driver).
        init(fontFormat: String) {
            switch fontFormat {
            case "TrueType": self = .trueType
            case "CFF": self = .cff
            default: self = .other(fontFormat.isEmpty ? "unknown" : fontFormat)
            }
        }

        /// A short name: `TrueType`, `CFF`, or the format's own name.
        package var description: String {
            switch self {
            case .trueType: return "TrueType"
            case .cff: return "CFF"
            case .other(let name): return name
            }
        }
    }

    /// The family names, the preferred (usually English) one first; never empty.
    package let families: [String]
    /// The style name, such as `Bold Italic`.
    package let style: String
    /// The font file and the face within it.
    package let file: FontFile
    /// The kind of outlines.
    package let outlines: Outlines
    /// Weight on fontconfig's scale (80 regular, 200 bold).
    package let weight: Int
    /// Slant on fontconfig's scale (0 roman, 100 italic, 110 oblique).
    package let slant: Int
    /// Width on fontconfig's scale (100 normal, 75 condensed).
    package let width: Int
    /// Whether every glyph has the same advance.
    package let isMonospace: Bool

    /// Creates a description of a face.
    package init(
        families: [String], style: String, file: FontFile, outlines: Outlines,
        weight: Int, slant: Int, width: Int, isMonospace: Bool
    ) {
        precondition(!families.isEmpty, "a face has at least one family name")
        self.families = families
        self.style = style
        self.file = file
        self.outlines = outlines
        self.weight = weight
        self.slant = slant
        self.width = width
        self.isMonospace = isMonospace
    }

    /// The family name to show.
    package var family: String { families[0] }

    /// Whether the PDF writer can embed the face (it has TrueType or CFF outlines; a variable
    /// CFF2 face, which fontconfig also calls CFF, is refused when opened, with its own message).
    package var isUsable: Bool { outlines == .trueType || outlines == .cff }

    /// Whether one of the face's family names is `name`, ignoring case and spaces as fontconfig does.
    package func belongs(toFamily name: String) -> Bool {
        let wanted = InstalledFace.folded(name)
        return families.contains { InstalledFace.folded($0) == wanted }
    }

    /// Whether two faces have the same weight, slant and width (say, the `.otf` and `.ttf` of one style).
    func hasSameStyle(as other: InstalledFace) -> Bool {
        weight == other.weight && slant == other.slant && width == other.width
    }

    /// What to pass to `--font` for this face: the family alone for its regular upright face, else
    /// the family with the style.
    package var fontName: String {
        let regular = (75...100).contains(weight) && slant == 0 && width == 100
        return regular ? family : "\(family):style=\(style)"
    }

    static func folded(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != " " })
    }
}
