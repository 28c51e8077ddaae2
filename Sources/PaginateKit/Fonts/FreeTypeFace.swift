import CFreeType

/// The one owner of a FreeType library and face; nothing else in the package touches FreeType.
///
/// Each face gets its own `FT_Library` so faces can be used from different threads, and
/// `FT_Done_FreeType` in `deinit` releases the face with the library.
final class FreeTypeFace {
    private let library: FT_Library
    private let face: FT_Face

    /// Opens face `index` of the font file at `path`.
    init(path: String, index: Int) throws(FontError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw .unreadable(path: path, reason: "FreeType could not start")
        }
        var face: FT_Face?
        let status = FT_New_Face(library, path, FT_Long(index), &face)
        guard status == 0, let face else {
            FT_Done_FreeType(library)
            throw FontError.classify(path: path, index: index, freeTypeStatus: status)
        }
        self.library = library
        self.face = face
    }

    deinit {
        FT_Done_FreeType(library)  // also frees `face`
    }

    /// Design units per em (from the `head` table).
    var unitsPerEm: Int { Int(face.pointee.units_per_EM) }
    /// Typographic ascender in design units (positive, above the baseline).
    var ascender: Int { Int(face.pointee.ascender) }
    /// Typographic descender in design units (positive, below the baseline).
    var descender: Int { -Int(face.pointee.descender) }
    /// Number of faces in the file (more than one for a collection).
    var faceCount: Int { Int(face.pointee.num_faces) }
    /// The PostScript or family name, for messages and metadata.
    var name: String {
        if let postscript = FT_Get_Postscript_Name(face) { return String(cString: postscript) }
        if let family = face.pointee.family_name { return String(cString: family) }
        return "unnamed"
    }

    /// The family name the face gives itself, if any.
    var familyName: String? {
        face.pointee.family_name.map { String(cString: $0) }
    }

    /// Whether every glyph has the same advance (FreeType's `FT_FACE_FLAG_FIXED_WIDTH`, bit 2).
    var isFixedWidth: Bool { face.pointee.face_flags & (1 << 2) != 0 }

    /// Whether the face has a table with the given tag (e.g. `glyf`, `CFF `).
    func hasTable(_ tag: String) -> Bool {
        let bytes = Array(tag.utf8)
        guard bytes.count == 4 else { return false }
        let value = bytes.reduce(FT_ULong(0)) { ($0 << 8) | FT_ULong($1) }
        var length: FT_ULong = 0
        return FT_Load_Sfnt_Table(face, value, 0, nil, &length) == 0 && length > 0
    }

    /// The glyph for a code point, or 0 when the face has none.
    func glyphIndex(for scalar: UInt32) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar)))
    }

    /// Whether the face's PostScript outlines are CID-keyed (a CFF `ROS` font): such a font
    /// addresses glyphs by CID, which need not equal the glyph index.
    var isCIDKeyed: Bool {
        var keyed: FT_Bool = 0
        return FT_Get_CID_Is_Internally_CID_Keyed(face, &keyed) == 0 && keyed != 0
    }

    /// The CID of a glyph of a CID-keyed face, or `nil` for any other face.
    func characterIdentifier(ofGlyph glyph: UInt32) -> UInt32? {
        var cid: FT_UInt = 0
        guard FT_Get_CID_From_Glyph_Index(face, FT_UInt(glyph), &cid) == 0 else { return nil }
        return UInt32(cid)
    }

    /// The unhinted advance width of a glyph in design units.
    func advance(ofGlyph glyph: UInt32) -> Int {
        var advance: FT_Fixed = 0
        guard FT_Get_Advance(face, FT_UInt(glyph), FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0 else { return 0 }
        return Int(advance)
    }
}
