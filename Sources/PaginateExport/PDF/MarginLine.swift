import PaginateKit

/// A short line of text for a margin (a folio or a running header), split into runs by font and
/// measured, so that it can be centred or aligned without the layout engine.
///
/// Each character is drawn with the first font of the chain that has it (the primary font's
/// missing glyph when none does), the same choice layout makes for body text; kerning is not
/// applied, as a few words in a margin do not need it.
struct MarginLine: Equatable {
    /// One run: a font of the chain, its text, and where it starts relative to the line's start.
    struct Run: Equatable {
        var fontIndex: Int
        var text: String
        var x: Double
    }

    var runs: [Run]
    /// The line's advance width in points.
    var width: Double

    /// Marks a shortened line, so the reader sees that something was left out.
    static let ellipsis: Unicode.Scalar = "\u{2026}"

    /// `text` set at `size` points with `fonts`, shortened with an ellipsis to fit `maxWidth`.
    ///
    /// Line breaks and other white space become single spaces, since a margin holds one line.
    init(_ text: String, fonts: FontChain, size: Double, maxWidth: Double) {
        var scalars: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if let last = scalars.last, last != " " { scalars.append(" ") }
            } else if scalar.value >= 0x20, scalar.value != 0x7F {
                scalars.append(scalar)
            }
        }
        while scalars.last == " " { scalars.removeLast() }
        // Folios and headers are body text: the regular chain, never a heading face.
        let regular = fonts.chain(for: .regular)
        func placed(_ scalars: [Unicode.Scalar]) -> [(font: Int, scalar: Unicode.Scalar, advance: Double)] {
            scalars.map { scalar in
                let index = regular.first { fonts.fonts[$0].covers(scalar.value) } ?? 0
                let font = fonts.fonts[index]
                let thousandths = font.width(of: scalar.value) ?? font.missingGlyphWidth
                return (index, scalar, Double(thousandths) / 1000 * size)
            }
        }
        var glyphs = placed(scalars)
        if glyphs.reduce(0, { $0 + $1.advance }) > maxWidth {
            // Drop characters from the end until the rest and the ellipsis fit.
            let ellipsis = placed([MarginLine.ellipsis])
            while !glyphs.isEmpty, glyphs.reduce(0, { $0 + $1.advance }) + ellipsis[0].advance > maxWidth {
                glyphs.removeLast()
            }
            while glyphs.last?.scalar == " " { glyphs.removeLast() }
            glyphs += ellipsis
        }
        var runs: [Run] = []
        var x = 0.0
        for glyph in glyphs {
            if let last = runs.indices.last, runs[last].fontIndex == glyph.font {
                runs[last].text.unicodeScalars.append(glyph.scalar)
            } else {
                runs.append(Run(fontIndex: glyph.font, text: String(glyph.scalar), x: x))
            }
            x += glyph.advance
        }
        self.runs = runs
        width = x
    }
}
