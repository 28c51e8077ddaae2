import CHarfBuzzSubset

/// The one owner of a HarfBuzz face of a font file, used to cut subsets of it for embedding and to
/// read its tables; nothing else in the package touches `hb-subset`.
final class FontSubsetter {
    private let blob: OpaquePointer
    private let face: OpaquePointer
    private let path: String

    /// Opens face `faceIndex` of the font file at `path`.
    ///
    /// - Throws: `PDFError.cannotEmbedFont` when the file cannot be read as an OpenType font.
    init(path: String, faceIndex: Int) throws {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw PDFError.cannotEmbedFont(path: path, reason: "the file cannot be read")
        }
        guard let face = hb_face_create(blob, UInt32(max(0, faceIndex))) else {
            hb_blob_destroy(blob)
            throw PDFError.cannotEmbedFont(path: path, reason: "out of memory")
        }
        // HarfBuzz answers a file it cannot read with an empty face rather than nil.
        guard hb_face_get_glyph_count(face) > 0 else {
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            throw PDFError.cannotEmbedFont(path: path, reason: "it is not an OpenType font with glyphs in face \(faceIndex)")
        }
        self.blob = blob
        self.face = face
        self.path = path
    }

    deinit {
        hb_face_destroy(face)
        hb_blob_destroy(blob)
    }

    /// The bytes of the table `tag` (such as `head`), empty when the face has none.
    func table(_ tag: String) -> [UInt8] {
        guard let table = hb_face_reference_table(face, FontSubsetter.tag(tag)) else { return [] }
        defer { hb_blob_destroy(table) }
        return FontSubsetter.bytes(of: table)
    }

    /// The top of a glyph's outline above the baseline in design units, or `nil` without an outline.
    func top(ofGlyph glyph: UInt32) -> Int? {
        guard let font = hb_font_create(face) else { return nil }
        defer { hb_font_destroy(font) }
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font, glyph, &extents) != 0, extents.height != 0 else { return nil }
        return Int(extents.y_bearing)
    }

    /// The face's nominal glyph for a code point, or `nil`.
    func glyph(for scalar: UInt32) -> UInt32? {
        guard let font = hb_font_create(face) else { return nil }
        defer { hb_font_destroy(font) }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0 ? glyph : nil
    }

    /// A subset holding `glyphs`, glyph 0 (with its outline) and every glyph they are built from:
    /// a composite TrueType glyph brings its components, theirs in turn, to any depth.
    ///
    /// - Parameters:
    ///   - retainingGlyphIDs: keep every glyph at its index (the others left empty), so that what
    ///     the content stream addresses by index needs no remapping. Without it glyphs are
    ///     renumbered, which a CID-keyed CFF font can afford: it is addressed by CID, and its
    ///     subset keeps each glyph's CID.
    /// - Returns: the subset as an OpenType file, and, when `table` is given, only that table of it.
    func subset(glyphs: [UInt32], retainingGlyphIDs: Bool, table: String? = nil) throws -> [UInt8] {
        guard let input = hb_subset_input_create_or_fail() else {
            throw PDFError.cannotEmbedFont(path: path, reason: "out of memory")
        }
        defer { hb_subset_input_destroy(input) }
        let glyphSet = hb_subset_input_glyph_set(input)
        hb_set_add(glyphSet, 0)
        for glyph in glyphs { hb_set_add(glyphSet, glyph) }
        // Only the glyphs drawn are wanted: no substitution closure (the text is drawn glyph by
        // glyph, never shaped again), and no layout tables, which no PDF viewer reads.
        hb_set_clear(hb_subset_input_set(input, HB_SUBSET_SETS_LAYOUT_FEATURE_TAG))
        let dropped = hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG)
        for tag in FontSubsetter.droppedTables { hb_set_add(dropped, FontSubsetter.tag(tag)) }
        var flags = HB_SUBSET_FLAGS_NOTDEF_OUTLINE.rawValue | HB_SUBSET_FLAGS_NO_HINTING.rawValue
        if retainingGlyphIDs { flags |= HB_SUBSET_FLAGS_RETAIN_GIDS.rawValue }
        hb_subset_input_set_flags(input, flags)
        guard let subset = hb_subset_or_fail(face, input) else {
            throw PDFError.cannotEmbedFont(path: path, reason: "HarfBuzz could not subset it")
        }
        defer { hb_face_destroy(subset) }
        let result: OpaquePointer?
        if let table {
            result = hb_face_reference_table(subset, FontSubsetter.tag(table))
        } else {
            result = hb_face_reference_blob(subset)
        }
        guard let result else { throw PDFError.cannotEmbedFont(path: path, reason: "its subset is empty") }
        defer { hb_blob_destroy(result) }
        let bytes = FontSubsetter.bytes(of: result)
        guard !bytes.isEmpty else {
            throw PDFError.cannotEmbedFont(path: path, reason: "its subset has no \(table.map { "'\($0)' table" } ?? "data")")
        }
        return bytes
    }

    /// Tables a PDF viewer never reads from an embedded font.
    private static let droppedTables = [
        "GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "morx", "mort", "kerx",
        "DSIG", "vhea", "vmtx", "VORG", "COLR", "CPAL", "SVG ", "CBDT", "CBLC", "sbix", "EBDT", "EBLC",
    ]

    private static func tag(_ text: String) -> hb_tag_t {
        text.utf8.reduce(0) { ($0 << 8) | UInt32($1) }
    }

    private static func bytes(of blob: OpaquePointer) -> [UInt8] {
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }
}
