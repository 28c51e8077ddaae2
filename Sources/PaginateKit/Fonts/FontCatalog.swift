import CFontconfig

/// The fonts installed on the system, as fontconfig finds them.
///
/// The one owner of fontconfig's handles: the configuration lives as long as the catalog, and every
/// pattern, object set and font set a method creates is freed before it returns, after its values
/// have been copied into `InstalledFace` values.
package final class FontCatalog {
    private let config: OpaquePointer
    /// Every installed face in fontconfig's order of preference for each generic family, kept
    /// for fallback lookups (whose coverage checks read the faces' character sets).
    private var preferenceSets: [GenericFamily: UnsafeMutablePointer<FcFontSet>] = [:]

    /// Loads the system's font configuration and the list of installed fonts.
    ///
    /// - Throws: `FontError.catalogUnavailable` when fontconfig cannot load its configuration.
    package init() throws(FontError) {
        guard let config = FcInitLoadConfigAndFonts() else { throw .catalogUnavailable }
        self.config = config
    }

    deinit {
        for set in preferenceSets.values { FcFontSetSortDestroy(set) }
        FcConfigDestroy(config)
    }

    /// Installed faces that may draw characters a font chain lacks, in fontconfig's order of
    /// preference for the generic family `kind`: outline faces that are not colour fonts (colour
    /// bitmaps cannot be embedded), each file's default instance only.
    ///
    /// The order is the configuration's own, asked for with no language, so that it does not
    /// change with the user's locale.
    func fallbackCandidates(preferring kind: GenericFamily) -> [FallbackCandidate] {
        guard let set = preferenceSet(for: kind), let fonts = set.pointee.fonts else { return [] }
        var seen = Set<FontFile>()
        var candidates: [FallbackCandidate] = []
        for position in 0..<Int(set.pointee.nfont) {
            guard let pattern = fonts[position], let face = FontCatalog.face(from: pattern),
                FontCatalog.boolean(pattern, FC_SCALABLE) ?? true, !(FontCatalog.boolean(pattern, FC_COLOR) ?? false),
                seen.insert(face.file).inserted
            else { continue }
            candidates.append(FallbackCandidate(face: face, list: kind, position: position))
        }
        return candidates
    }

    /// Whether a candidate of `fallbackCandidates` has a glyph for every one of `scalars`, by
    /// the character set fontconfig keeps for it.
    func covers(_ candidate: FallbackCandidate, _ scalars: [UInt32]) -> Bool {
        guard let set = preferenceSets[candidate.list], candidate.position < Int(set.pointee.nfont),
            let pattern = set.pointee.fonts?[candidate.position]
        else { return false }
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { return false }
        return scalars.allSatisfy { FcCharSetHasChar(charset, $0) != 0 }
    }

    /// The generic family the font configuration files `family` under, if it says.
    func configuredGenericFamily(of family: String) -> GenericFamily? {
        guard let query = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(query) }
        _ = FcPatternAddString(query, FC_FAMILY, FontCatalog.cString(family))
        _ = FcConfigSubstitute(config, query, FcMatchPattern)
        return FontCatalog.strings(query, FC_FAMILY).lazy.compactMap { GenericFamily(rawValue: $0.lowercased()) }.first
    }

    /// Every installed face sorted for the generic family `kind`, sorted on first use and kept.
    private func preferenceSet(for kind: GenericFamily) -> UnsafeMutablePointer<FcFontSet>? {
        if let set = preferenceSets[kind] { return set }
        guard let query = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(query) }
        _ = FcPatternAddString(query, FC_FAMILY, FontCatalog.cString(kind.rawValue))
        // "und" matches no font's languages: the locale does not reorder the list.
        _ = FcPatternAddString(query, FC_LANG, FontCatalog.cString("und"))
        guard FcConfigSubstitute(config, query, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, query, 0, nil, &result) else { return nil }
        preferenceSets[kind] = set
        return set
    }

    /// Every installed face, sorted by family, then width (normal first), weight and slant.
    ///
    /// Named instances of variable fonts are left out: the PDF writer embeds a file's default
    /// outlines, so only the face at the file's own index can be drawn as measured.
    package func faces() -> [InstalledFace] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return [] }
        defer { FcObjectSetDestroy(objects) }
        for object in [FC_FAMILY, FC_STYLE, FC_FILE, FC_INDEX, FC_FONTFORMAT, FC_WEIGHT, FC_SLANT, FC_WIDTH, FC_SPACING] {
            _ = FcObjectSetAdd(objects, object)
        }
        guard let set = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        return FontCatalog.faces(in: set).sorted { a, b in
            let (familyA, familyB) = (a.family.lowercased(), b.family.lowercased())
            if familyA != familyB { return familyA < familyB }
            if a.width != b.width { return a.width > b.width }
            if a.weight != b.weight { return a.weight < b.weight }
            if a.slant != b.slant { return a.slant < b.slant }
            return (a.file.path, a.file.faceIndex) < (b.file.path, b.file.faceIndex)
        }
    }

    /// The face a fontconfig name such as `DejaVu Serif`, `DejaVu Serif:bold` or
    /// `Liberation Sans:style=Italic` stands for.
    ///
    /// Only faces of the named family count (fontconfig itself would answer any name with its best
    /// substitute), and only faces the PDF can embed (TrueType or CFF outlines) are returned: when
    /// the family's best face for the request has other outlines (Type 1, bitmap), a usable face of
    /// the same style and family is taken instead if one is installed; otherwise the error names a
    /// usable face (one of the same family, else fontconfig's best TrueType match for the family's
    /// generic kind).
    ///
    /// - Throws: `FontError.invalidFontName`, `.unknownFamily` or `.notTrueTypeFamily`.
    package func resolve(name: String) throws(FontError) -> FontFile {
        guard let parsed = FcNameParse(FontCatalog.cString(name)) else { throw .invalidFontName(name: name) }
        defer { FcPatternDestroy(parsed) }
        let requested = FontCatalog.strings(parsed, FC_FAMILY)
        guard let firstFamily = requested.first else { throw .invalidFontName(name: name) }
        let candidates = sorted(like: parsed).filter { face in requested.contains(where: face.belongs(toFamily:)) }
        guard let best = candidates.first else { throw .unknownFamily(name: firstFamily) }
        if best.isUsable { return best.file }
        if let twin = candidates.first(where: { $0.isUsable && $0.hasSameStyle(as: best) }) { return twin.file }
        let alternative = candidates.first(where: \.isUsable) ?? genericAlternative(to: best, like: parsed)
        throw .notTrueTypeFamily(name: name, path: best.file.path, alternative: alternative?.fontName)
    }

    /// Every installed face in fontconfig's order of preference for `pattern`, which is left unchanged.
    private func sorted(like pattern: OpaquePointer) -> [InstalledFace] {
        guard let query = FcPatternDuplicate(pattern) else { return [] }
        defer { FcPatternDestroy(query) }
        guard FcConfigSubstitute(config, query, FcMatchPattern) != 0 else { return [] }
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, query, 0, nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        return FontCatalog.faces(in: set)
    }

    /// The best TrueType face of the same generic kind as `face` (serif, sans-serif or monospace),
    /// in the weight and slant `requested` asks for; monospaced if `face` is.
    private func genericAlternative(to face: InstalledFace, like requested: OpaquePointer) -> InstalledFace? {
        let kind = face.isMonospace ? "monospace" : genericFamily(of: face.family)
        guard let query = FcPatternDuplicate(requested) else { return nil }
        defer { FcPatternDestroy(query) }
        _ = FcPatternDel(query, FC_FAMILY)
        _ = FcPatternAddString(query, FC_FAMILY, FontCatalog.cString(kind))
        _ = FcPatternAddString(query, FC_FONTFORMAT, FontCatalog.cString("TrueType"))
        let usable = sorted(like: query).filter(\.isUsable)
        // The configuration's favourite monospace family may have a few wide glyphs; a stand-in
        // for a monospaced font should really be one.
        return usable.first { !face.isMonospace || $0.isMonospace } ?? usable.first
    }

    /// The generic family the font configuration files `family` under; sans-serif, fontconfig's
    /// own default, when it says nothing.
    private func genericFamily(of family: String) -> String {
        guard let query = FcPatternCreate() else { return "sans-serif" }
        defer { FcPatternDestroy(query) }
        _ = FcPatternAddString(query, FC_FAMILY, FontCatalog.cString(family))
        _ = FcConfigSubstitute(config, query, FcMatchPattern)
        let generics = ["serif", "sans-serif", "monospace"]
        return FontCatalog.strings(query, FC_FAMILY).lazy.map { $0.lowercased() }.first(where: generics.contains) ?? "sans-serif"
    }

    /// The faces of a font set, in its order, each file and index once.
    private static func faces(in set: UnsafeMutablePointer<FcFontSet>) -> [InstalledFace] {
        guard let fonts = set.pointee.fonts else { return [] }
        var seen = Set<FontFile>()
        var faces: [InstalledFace] = []
        for position in 0..<Int(set.pointee.nfont) {
            guard let pattern = fonts[position], let face = face(from: pattern), seen.insert(face.file).inserted else { continue }
            faces.append(face)
        }
        return faces
    }

    /// The face a font pattern describes, or `nil` for a named instance of a variable font or a
    /// pattern without a file or family.
    private static func face(from pattern: OpaquePointer) -> InstalledFace? {
        let families = strings(pattern, FC_FAMILY)
        guard !families.isEmpty, let path = strings(pattern, FC_FILE).first else { return nil }
        let index = integer(pattern, FC_INDEX) ?? 0
        // fontconfig numbers a variable font's named instances from 1 in the index's high 16 bits.
        guard index >= 0, index >> 16 == 0 else { return nil }
        return InstalledFace(
            families: families,
            style: strings(pattern, FC_STYLE).first ?? "",
            file: FontFile(path: path, faceIndex: index),
            outlines: InstalledFace.Outlines(fontFormat: strings(pattern, FC_FONTFORMAT).first ?? ""),
            weight: integer(pattern, FC_WEIGHT) ?? Int(FC_WEIGHT_REGULAR),
            slant: integer(pattern, FC_SLANT) ?? Int(FC_SLANT_ROMAN),
            width: integer(pattern, FC_WIDTH) ?? Int(FC_WIDTH_NORMAL),
            isMonospace: (integer(pattern, FC_SPACING) ?? 0) >= Int(FC_MONO)
        )
    }

    /// Every string value of a pattern's property, in order.
    private static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var values: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        var position: Int32 = 0
        while FcPatternGetString(pattern, object, position, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            position += 1
        }
        return values
    }

    /// The first integer value of a pattern's property (a real value is truncated), if it has one.
    private static func integer(_ pattern: OpaquePointer, _ object: String) -> Int? {
        var value: Int32 = 0
        guard FcPatternGetInteger(pattern, object, 0, &value) == FcResultMatch else { return nil }
        return Int(value)
    }

    /// The first boolean value of a pattern's property, if it has one.
    private static func boolean(_ pattern: OpaquePointer, _ object: String) -> Bool? {
        var value: FcBool = 0
        guard FcPatternGetBool(pattern, object, 0, &value) == FcResultMatch else { return nil }
        return value != 0
    }

    /// A NUL-terminated UTF-8 copy of `text`, for fontconfig's `FcChar8` strings.
    private static func cString(_ text: String) -> [FcChar8] {
        Array(text.utf8) + [0]
    }
}
