/// A paragraph's glyphs as HarfBuzz shaped them, for paragraphs whose characters cannot be drawn
/// one code point, one glyph: right-to-left text, joining scripts (Arabic, Syriac), Indic and
/// South-East Asian scripts with conjuncts, reordering and stacked marks, and combining marks.
///
/// The paragraph is cut into segments — one font, one bidi level, no line-break opportunity
/// inside — and each segment is shaped once, with the whole paragraph as context. A line only
/// ever breaks between segments, so the advances measured here are exactly what is drawn; the
/// price is that nothing (kerning, a ligature) is shaped across a break opportunity, which in
/// these scripts falls at spaces. Paragraphs of simple scripts (Latin, Greek, Cyrillic, CJK) are
/// shaped only when ligatures are asked for: otherwise their glyphs are the fonts' nominal glyphs,
/// and their layout stays as fast as it was.
struct ShapedParagraph: Sendable {
    /// A run of code points shaped together.
    struct Segment: Hashable, Sendable {
        /// The code points, as indices into the paragraph.
        let range: Range<Int>
        /// The glyphs, as indices into `glyphs`, in visual order (right to left segments reversed).
        let glyphs: Range<Int>
        /// The font of every code point, an index into the chain's `fonts`.
        let fontIndex: Int
        /// Whether the segment was shaped right to left (an odd bidi level).
        let isRightToLeft: Bool
    }

    /// The segments in logical order; together they cover the paragraph.
    let segments: [Segment]
    /// Every segment's glyphs, positions in thousandths of an em.
    let glyphs: [ShapedGlyph]

    /// Shapes the paragraph, replacing each code point's advance by its cluster's shaped advance
    /// (the whole cluster's advance on its first code point, 0 on the others); `nil`, changing
    /// nothing, when no code point needs shaping.
    ///
    /// - Parameters:
    ///   - display: the code points to draw (substitutions for uncovered characters made).
    ///   - advances: per code point, in thousandths of an em; tabs keep their marker.
    init?(
        display: [UInt32], fontIndices: [UInt8], actions: [LineBreakAction], bidi: BidiParagraph?,
        fonts: FontChain, kerning: Bool, ligatures: Bool, advances: inout [Int32]
    ) {
        guard ligatures || bidi != nil || display.contains(where: ShapedParagraph.needsShaping) else { return nil }
        var segments: [Segment] = []
        var glyphs: [ShapedGlyph] = []
        let count = display.count
        display.withUnsafeBufferPointer { text in
            var start = 0
            while start < count {
                var end = start + 1
                let font = fonts.fonts[Int(fontIndices[start])]
                // A space after a word goes with the word, in the word's font, so a line of Arabic
                // is not cut into runs at every space the primary font covers.
                if advances[start] != PreparedParagraph.tabAdvance {
                    while end < count && actions[end - 1] == .prohibited && advances[end] != PreparedParagraph.tabAdvance
                        && (fontIndices[end] == fontIndices[start] || ShapedParagraph.isSpace(display[end], drawnWith: font))
                        && (bidi == nil || bidi!.levels[end] == bidi!.levels[start])
                    {
                        end += 1
                    }
                }
                let isRightToLeft = (bidi?.levels[start] ?? 0) & 1 == 1
                let first = glyphs.count
                if advances[start] != PreparedParagraph.tabAdvance {
                    let shaped = font.shape(
                        text, range: start..<end, rightToLeft: isRightToLeft, kerning: kerning,
                        ligatures: ligatures)
                    // A face HarfBuzz cannot read keeps its nominal advances and glyphs.
                    if !shaped.isEmpty {
                        for index in start..<end { advances[index] = 0 }
                        for glyph in shaped { advances[Int(glyph.cluster)] += glyph.advance }
                        glyphs.append(contentsOf: shaped)
                    }
                }
                segments.append(
                    Segment(
                        range: start..<end, glyphs: first..<glyphs.count, fontIndex: Int(fontIndices[start]),
                        isRightToLeft: isRightToLeft))
                start = end
            }
        }
        self.segments = segments
        self.glyphs = glyphs
    }

    /// Whether a code point is a plain space that `font` can draw, so that it may join a segment
    /// of that font.
    @inline(__always)
    static func isSpace(_ scalar: UInt32, drawnWith font: Font) -> Bool {
        scalar == 0x20 && font.covers(0x20)
    }

    /// Whether a code point needs the shaper to be drawn right: combining marks, and the scripts
    /// whose letters join, reorder or stack (Hebrew and Arabic with their marks, Syriac, Thaana,
    /// N'Ko, the Indic scripts, Thai, Lao, Tibetan, Myanmar, Khmer, Mongolian, conjoining jamo, …).
    @inline(__always)
    static func needsShaping(_ scalar: UInt32) -> Bool {
        guard scalar >= 0x0300 else { return false }
        switch scalar {
        case 0x0300...0x036F, 0x0483...0x0489, 0x0591...0x08FF, 0x0900...0x0DFF, 0x0E31...0x0EFF, 0x0F00...0x109F,
            0x1100...0x11FF, 0x135D...0x135F, 0x1700...0x18AF, 0x1900...0x1AFF, 0x1B00...0x1CFF, 0x1DC0...0x1DFF,
            0x200C...0x200D, 0x20D0...0x20FF, 0x2CEF...0x2CF1, 0x2DE0...0x2DFF, 0x302A...0x302F, 0x3099...0x309A,
            0xA66F...0xA67D, 0xA69E...0xA69F, 0xA800...0xABFF, 0xD7B0...0xD7FF, 0xFB1D...0xFDFF, 0xFE00...0xFE0F,
            0xFE20...0xFE2F, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x11000...0x11FFF, 0x16F00...0x16F9F,
            0x1D165...0x1D1AD, 0x1E000...0x1EFFF, 0x1F3FB...0x1F3FF, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }
}
