/// How much each gap of a line may stretch or shrink when the line is justified.
///
/// The model is TeX's for a text font: an inter-word space stretches by half its width and
/// shrinks by a third. Between two characters of East Asian wide text, where lines may break
/// without a space, the gap stretches by a tenth of an em and does not shrink. The glue of code
/// point `i` is the gap after it (for a space, the space itself); a line counts the glue of its
/// content but not of its last drawn code point, whose gap is the line's end.
///
/// The breaker (choosing lines by their adjustment ratio) and the layout (spreading the same
/// ratio over the same gaps) both use this model, so a line is drawn exactly as it was judged.
enum Glue {
    /// Stretch of an inter-character gap in wide text, in thousandths of an em.
    static let wideGapStretch: Int32 = 100

    /// Stretch and shrink of the gap after code point `index`, in thousandths of an em.
    @inline(__always)
    static func of(_ prepared: PreparedParagraph, at index: Int) -> (stretch: Int32, shrink: Int32) {
        let scalars = prepared.paragraph.scalars
        let scalar = scalars[index]
        if scalar == 0x20 || scalar == 0xA0 || scalar == 0x3000 {
            let advance = max(0, prepared.advances[index])
            return (advance / 2, advance / 3)
        }
        if index + 1 < scalars.count, scalar >= 0x1100 || scalars[index + 1] >= 0x1100, prepared.actions[index] == .allowed,
            !prepared.isHyphenBreak(after: index), CellWidth.isWide(scalar) || CellWidth.isWide(scalars[index + 1])
        {
            return (wideGapStretch, 0)
        }
        return (0, 0)
    }
}
