import CHarfBuzz

/// The one owner of HarfBuzz objects; nothing else in the package touches HarfBuzz.
///
/// HarfBuzz answers two questions: how much the font kerns a pair of characters (it reads the
/// `kern` feature of `GPOS`, where modern fonts keep kerning, and falls back to the legacy `kern`
/// table, which is all FreeType reads), and which glyphs, where, draw a run of a complex script
/// (`shape`). Each instance owns its blob,
/// face, font and shaping buffer and destroys them in `deinit`; like `FreeTypeFace`, an instance is
/// used by one thread at a time.
final class HarfBuzzFace {
    private let blob: OpaquePointer
    private let face: OpaquePointer
    private let font: OpaquePointer
    private let buffer: OpaquePointer
    /// `kern` on; every ligature and contextual substitution off, since ligatures cannot be drawn
    /// through the PDF's code-point encoding and the pair must stay two glyphs.
    private let features: [hb_feature_t]

    /// Design units per em.
    let unitsPerEm: Int
    /// Whether the face has any pair kerning: a `kern` feature in `GPOS` or a legacy `kern` table.
    let hasKerning: Bool

    /// Opens face `index` of the file at `path`, or returns `nil` when HarfBuzz cannot read it.
    init?(path: String, index: Int) {
        // The blob is the file's bytes (mapped, not copied); the face and font keep references to it.
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        guard let face = hb_face_create(blob, UInt32(clamping: index)) else {
            hb_blob_destroy(blob)
            return nil
        }
        let unitsPerEm = Int(hb_face_get_upem(face))
        guard unitsPerEm > 0, let font = hb_font_create(face) else {
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            return nil
        }
        // Positions in design units, read from the font's own tables.
        hb_ot_font_set_funcs(font)
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        guard let buffer = hb_buffer_create(), hb_buffer_allocation_successful(buffer) != 0 else {
            hb_font_destroy(font)
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            return nil
        }
        self.blob = blob
        self.face = face
        self.font = font
        self.buffer = buffer
        self.unitsPerEm = unitsPerEm
        self.features = [("kern", 1), ("liga", 0), ("clig", 0), ("dlig", 0), ("calt", 0), ("rlig", 0)].map { tag, value in
            hb_feature_t(tag: HarfBuzzFace.tag(tag), value: value, start: 0, end: UInt32.max)
        }
        self.hasKerning = HarfBuzzFace.hasGPOSKerning(face) || HarfBuzzFace.tableLength(face, "kern") > 0
    }

    deinit {
        hb_buffer_destroy(buffer)
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// How much shaping the two code points together changes their advances, in design units
    /// (negative: closer), or 0 when the pair does not shape to the two glyphs of the font's
    /// character map (a substitution the PDF could not draw).
    ///
    /// The pair is shaped alone, left to right, for the default language; characters common to all
    /// scripts (punctuation, digits) are shaped as Latin, where fonts kern them — HarfBuzz falls
    /// back to the default script when the font has no Latin entry.
    func pairAdjustment(_ left: UInt32, _ right: UInt32) -> Int {
        var leftGlyph: hb_codepoint_t = 0
        var rightGlyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, left, &leftGlyph) != 0,
            hb_font_get_nominal_glyph(font, right, &rightGlyph) != 0
        else { return 0 }
        hb_buffer_clear_contents(buffer)
        let pair: [UInt32] = [left, right]
        hb_buffer_add_utf32(buffer, pair, 2, 0, 2)
        setProperties(rightToLeft: false, flags: HB_BUFFER_FLAG_DEFAULT)
        features.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
        var count: UInt32 = 0
        // Both arrays belong to the buffer and stay valid until it is next changed.
        guard let glyphs = hb_buffer_get_glyph_infos(buffer, &count), count == 2,
            glyphs[0].codepoint == leftGlyph, glyphs[1].codepoint == rightGlyph,
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return 0 }
        let nominal = Int(hb_font_get_glyph_h_advance(font, leftGlyph)) + Int(hb_font_get_glyph_h_advance(font, rightGlyph))
        return Int(positions[0].x_advance) + Int(positions[1].x_advance) - nominal
    }

    /// Shapes `range` of `text` (a whole paragraph's code points, the rest serving as context for
    /// joining and reordering at the range's edges) in one direction, and returns the glyphs in
    /// visual order, positions in design units.
    ///
    /// Script and language come from the text (HarfBuzz's guess, Latin for text that is all common
    /// characters). Every feature the script needs is on — Arabic joining and required ligatures,
    /// Indic conjuncts and reordering, mark attachment; the standard ligatures (`liga`, `clig`)
    /// follow `ligatures` and `kern` follows `kerning`.
    func shape(
        _ text: UnsafeBufferPointer<UInt32>, range: Range<Int>, rightToLeft: Bool, kerning: Bool,
        ligatures: Bool
    ) -> [ShapedGlyph] {
        guard !range.isEmpty, let base = text.baseAddress else { return [] }
        hb_buffer_clear_contents(buffer)
        // Clusters are code point indices of the whole paragraph, so each glyph names its source.
        hb_buffer_add_utf32(buffer, base, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        // At the paragraph's start a mark with no letter before it is set on a dotted circle (U+25CC),
        // as Unicode recommends, instead of hanging to the left of the line into the margin.
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if range.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if range.upperBound == text.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        setProperties(rightToLeft: rightToLeft, flags: hb_buffer_flags_t(rawValue: flags))
        let features = [("kern", kerning ? 1 : 0), ("liga", ligatures ? 1 : 0), ("clig", ligatures ? 1 : 0)].map { tag, value in
            hb_feature_t(tag: HarfBuzzFace.tag(tag), value: UInt32(value), start: 0, end: UInt32.max)
        }
        features.withUnsafeBufferPointer { hb_shape(font, buffer, $0.baseAddress, UInt32($0.count)) }
        var count: UInt32 = 0
        // Both arrays belong to the buffer and stay valid until it is next changed.
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return [] }
        return (0..<Int(count)).map { index in
            ShapedGlyph(
                glyph: infos[index].codepoint, cluster: Int32(infos[index].cluster),
                advance: positions[index].x_advance, xOffset: positions[index].x_offset,
                yOffset: positions[index].y_offset)
        }
    }

    /// Sets the buffer's segment properties for text just added: the direction, an explicit
    /// language (so results do not depend on the process locale), `flags`, and the script guessed
    /// from the text — Latin for text of common characters only (punctuation, digits), where fonts
    /// kern them; HarfBuzz falls back to the default script when the font has no Latin entry.
    private func setProperties(rightToLeft: Bool, flags: hb_buffer_flags_t) {
        let direction = rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR
        hb_buffer_set_direction(buffer, direction)
        hb_buffer_set_language(buffer, hb_language_from_string("und", -1))
        hb_buffer_set_flags(buffer, flags)
        hb_buffer_guess_segment_properties(buffer)
        switch hb_buffer_get_script(buffer) {
        case HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED, HB_SCRIPT_UNKNOWN, HB_SCRIPT_INVALID:
            hb_buffer_set_script(buffer, HB_SCRIPT_LATIN)
        default:
            break
        }
        // Guessing may not override the direction the bidi algorithm resolved.
        hb_buffer_set_direction(buffer, direction)
    }

    private static func hasGPOSKerning(_ face: OpaquePointer) -> Bool {
        var tags = [hb_tag_t](repeating: 0, count: 64)
        var start: UInt32 = 0
        let kern = tag("kern")
        while true {
            var count = UInt32(tags.count)
            let total = hb_ot_layout_table_get_feature_tags(face, tag("GPOS"), start, &count, &tags)
            if tags[..<Int(count)].contains(kern) { return true }
            start += count
            if count == 0 || start >= total { return false }
        }
    }

    private static func tableLength(_ face: OpaquePointer, _ name: String) -> Int {
        // A reference to the face's table, released here; an absent table is the empty blob.
        let table = hb_face_reference_table(face, tag(name))
        defer { hb_blob_destroy(table) }
        return Int(hb_blob_get_length(table))
    }

    /// An OpenType tag from its four ASCII characters.
    private static func tag(_ name: String) -> hb_tag_t {
        name.utf8.prefix(4).reduce(hb_tag_t(0)) { ($0 << 8) | hb_tag_t($1) }
    }
}
