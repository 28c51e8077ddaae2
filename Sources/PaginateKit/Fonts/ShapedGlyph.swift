/// One glyph as the shaper placed it: which glyph, which code point it came from, how far it
/// moves the pen and how far it sits from the pen.
///
/// Units are the face's design units straight from HarfBuzz; `ShapedParagraph` converts them to
/// the thousandths of an em every other advance is kept in.
struct ShapedGlyph: Hashable, Sendable {
    /// The glyph's index in its face.
    var glyph: UInt32
    /// Index of the first code point of the glyph's cluster in the paragraph.
    var cluster: Int32
    /// How far the glyph moves the pen to the right.
    var advance: Int32
    /// Horizontal displacement of the glyph from the pen (a mark moved onto its base).
    var xOffset: Int32
    /// Vertical displacement of the glyph from the baseline, upwards.
    var yOffset: Int32
}
