import PaginateKit

/// The glyphs one face draws in a document, and how its text becomes the two-byte codes of the
/// content stream (Identity-H, so a code is a CID).
///
/// A character is drawn with the face's nominal glyph for it (its `cmap` entry), one glyph per
/// code point: the engine measures each code point by that glyph's advance, so what is drawn is
/// what was measured. The code is the glyph index, except in a CID-keyed CFF face, where it is the
/// glyph's CID (the subset renumbers glyphs but keeps their CIDs).
struct FontUsage {
    /// The face.
    let font: Font
    /// Code per BMP code point, filled as characters are first met; `FontUsage.unknown` before.
    private var bmpCodes: [UInt32]
    /// Code per code point beyond the BMP.
    private var otherCodes: [UInt32: UInt32] = [:]
    /// The glyph each used code draws.
    private(set) var glyphs: [UInt16: UInt32] = [:]
    /// The text each used code stands for: the first character met that drew it.
    private(set) var texts: [UInt16: String] = [:]

    private static let unknown = UInt32.max
    /// Marks a code point that draws nothing (a mark or default-ignorable character the face lacks).
    private static let skipped = UInt32(0x1_0000)

    /// Starts with nothing used.
    init(font: Font) {
        self.font = font
        bmpCodes = Array(repeating: FontUsage.unknown, count: 0x10000)
    }

    /// Appends the codes that draw `text` to `codes`, recording each new one.
    ///
    /// A character the face has no glyph for draws glyph 0 (the missing-glyph box), as the engine
    /// measured it, unless the engine gave it no advance (`measuresAsNothing`): then it is left out.
    mutating func encode(_ text: String, into codes: inout [UInt16]) {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            var code: UInt32
            if value < 0x10000 {
                code = bmpCodes[Int(value)]
                if code == FontUsage.unknown {
                    code = firstUse(of: scalar)
                    bmpCodes[Int(value)] = code
                }
            } else if let known = otherCodes[value] {
                code = known
            } else {
                code = firstUse(of: scalar)
                otherCodes[value] = code
            }
            if code != FontUsage.skipped { codes.append(UInt16(truncatingIfNeeded: code)) }
        }
    }

    /// The code that draws `glyph`, a glyph the shaper chose (perhaps one no character maps to:
    /// a joining form, a conjunct, a ligature), recorded with `text` — the characters it stands
    /// for — the first time the code is met.
    mutating func encode(glyph: UInt32, text: String) -> UInt16 {
        // Glyph indices and CIDs are 16-bit in OpenType; anything else would be a damaged font.
        let code = UInt16(truncatingIfNeeded: font.characterIdentifier(ofGlyph: glyph) ?? glyph)
        if glyphs[code] == nil {
            glyphs[code] = glyph
            texts[code] = glyph == 0 ? "\u{FFFD}" : text
        } else if texts[code]?.isEmpty ?? true, !text.isEmpty {
            // First met standing for nothing (the second glyph of a cluster); now it has a text.
            texts[code] = text
        }
        return code
    }

    /// The code for a character met for the first time, recorded with its glyph and text.
    private mutating func firstUse(of scalar: Unicode.Scalar) -> UInt32 {
        let glyph: UInt32
        if let nominal = font.glyph(for: scalar.value) {
            glyph = nominal
        } else if FontUsage.measuresAsNothing(scalar) {
            return FontUsage.skipped
        } else {
            glyph = 0
        }
        // Glyph indices and CIDs are 16-bit in OpenType; anything else would be a damaged font.
        let code = UInt16(truncatingIfNeeded: font.characterIdentifier(ofGlyph: glyph) ?? glyph)
        if glyphs[code] == nil {
            glyphs[code] = glyph
            texts[code] = glyph == 0 ? "\u{FFFD}" : String(scalar)
        }
        return UInt32(code)
    }

    /// Whether the engine gives a character the face lacks no advance: it only extends a grapheme
    /// cluster whose base the face has (a mark, a keycap) or is default-ignorable (a joiner, a
    /// variation selector). Such a character is left out rather than drawn as a box that would
    /// take room the layout did not give it.
    static func measuresAsNothing(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isDefaultIgnorableCodePoint { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    /// Whether any character has been drawn with the face.
    var isEmpty: Bool { glyphs.isEmpty }
}
