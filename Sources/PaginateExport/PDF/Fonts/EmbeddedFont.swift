import PaginateKit

/// The objects that embed the glyphs one face drew as a composite font (PDF 32000-1 §9.7): a
/// Type0 font with the Identity-H encoding (two-byte codes that are CIDs), its CIDFont, a font
/// descriptor, the subset font program and a ToUnicode map.
///
/// TrueType faces become `CIDFontType2` with the subset in `FontFile2`; the subset keeps glyph
/// indices, so CID = glyph index (`/CIDToGIDMap /Identity`). CFF faces become `CIDFontType0`
/// with the bare `CFF ` table in `FontFile3 /CIDFontType0C`, the form every PDF reader since
/// PDF 1.3 knows; a CID-keyed CFF (Noto Sans CJK) is addressed by CID through its charset, and a
/// name-keyed one by glyph index, which its subset keeps.
struct EmbeddedFont {
    /// The Type0 font dictionary's entries.
    let entries: [PDFEntry]

    /// Builds the objects for what `usage` drew.
    ///
    /// - Throws: `PDFError.cannotEmbedFont` when the face's licence forbids embedding or it cannot
    ///   be subset.
    init(usage: FontUsage) throws {
        let font = usage.font
        let subsetter = try FontSubsetter(path: font.path, faceIndex: font.faceIndex)
        let metrics = FontDescriptorMetrics(
            head: subsetter.table("head"), os2: subsetter.table("OS/2"),
            post: subsetter.table("post"),
            capitalTop: subsetter.glyph(for: 0x48).flatMap(subsetter.top(ofGlyph:)), ascent: font.ascent)
        if let refusal = metrics.embeddingRefusal {
            throw PDFError.cannotEmbedFont(path: font.path, reason: refusal)
        }
        let codes = usage.glyphs.keys.sorted()
        let glyphs = codes.map { usage.glyphs[$0]! }
        let name = EmbeddedFont.subsetTag(codes: codes, name: font.name) + "+" + EmbeddedFont.postScriptName(font.name)

        let program: PDFObject
        let cidFontType: String
        switch font.outlines {
        case .trueType:
            let bytes = try subsetter.subset(glyphs: glyphs, retainingGlyphIDs: true)
            program = .stream([PDFEntry("Length1", .integer(bytes.count))], data: bytes, compressed: true)
            cidFontType = "CIDFontType2"
        case .cff:
            let bytes = try subsetter.subset(glyphs: glyphs, retainingGlyphIDs: !font.isCIDKeyed, table: "CFF ")
            program = .stream([PDFEntry("Subtype", .name("CIDFontType0C"))], data: bytes, compressed: true)
            cidFontType = "CIDFontType0"
        }

        let descriptor: PDFObject = .dictionary([
            PDFEntry("Type", .name("FontDescriptor")),
            PDFEntry("FontName", .name(name)),
            PDFEntry("Flags", .integer(metrics.flags)),
            PDFEntry("FontBBox", .array(metrics.boundingBox.map(PDFObject.integer))),
            PDFEntry(
                "ItalicAngle",
                metrics.italicAngle == metrics.italicAngle.rounded() ? .integer(Int(metrics.italicAngle)) : .real(metrics.italicAngle)),
            PDFEntry("Ascent", .integer(Int(font.ascent * 1000))),
            PDFEntry("Descent", .integer(-Int(font.descent * 1000))),
            PDFEntry("CapHeight", .integer(metrics.capHeight)),
            PDFEntry("StemV", .integer(metrics.stemV)),
            PDFEntry(font.outlines == .trueType ? "FontFile2" : "FontFile3", program),
        ])
        // Widths as the engine measured them: the glyph's advance in thousandths, truncated.
        var widths: [UInt16: Int] = [:]
        for (code, glyph) in zip(codes, glyphs) { widths[code] = font.width(ofGlyph: glyph) }
        let cidWidths = CIDWidths(widths)
        var cidFont: [PDFEntry] = [
            PDFEntry("Type", .name("Font")),
            PDFEntry("Subtype", .name(cidFontType)),
            PDFEntry("BaseFont", .name(name)),
            PDFEntry(
                "CIDSystemInfo",
                .dictionary([
                    PDFEntry("Registry", .string("Adobe")), PDFEntry("Ordering", .string("Identity")), PDFEntry("Supplement", .integer(0)),
                ])),
            PDFEntry("FontDescriptor", .reference(descriptor)),
            PDFEntry("DW", .integer(cidWidths.defaultWidth)),
        ]
        if !cidWidths.runs.isEmpty { cidFont.append(PDFEntry("W", cidWidths.array)) }
        if font.outlines == .trueType { cidFont.append(PDFEntry("CIDToGIDMap", .name("Identity"))) }

        // A glyph that stands for no character of its own (the second glyph of a split cluster)
        // gets no entry: an entry must name some text, and any would be read twice.
        let toUnicode = ToUnicodeCMap(codes.compactMap { code in usage.texts[code].flatMap { $0.isEmpty ? nil : (code, $0) } })
        entries = [
            PDFEntry("Type", .name("Font")),
            PDFEntry("Subtype", .name("Type0")),
            PDFEntry("BaseFont", .name(name)),
            PDFEntry("Encoding", .name("Identity-H")),
            PDFEntry("DescendantFonts", .array([.reference(.dictionary(cidFont))])),
            PDFEntry("ToUnicode", .stream([], data: toUnicode.bytes, compressed: true)),
        ]
    }

    /// Six capital letters naming the subset (PDF 32000-1 §9.6.4), derived from its glyphs so that
    /// the same document gets the same tag on every run, and different subsets differ.
    static func subsetTag(codes: [UInt16], name: String) -> String {
        // FNV-1a over the name and the codes.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        name.utf8.forEach(mix)
        for code in codes { mix(UInt8(code >> 8)); mix(UInt8(code & 0xFF)) }
        var letters = ""
        for _ in 0..<6 {
            letters.unicodeScalars.append(Unicode.Scalar(UInt8(65 + hash % 26)))
            hash /= 26
        }
        return letters
    }

    /// The face's PostScript name as a PDF name may carry it: printable ASCII without delimiters
    /// or spaces, and short enough for the 127-byte name limit with the tag.
    static func postScriptName(_ name: String) -> String {
        let delimiters = Set("()<>[]{}/%# ".unicodeScalars)
        let kept = name.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F && !delimiters.contains($0) }
        let cleaned = String(String.UnicodeScalarView(kept.prefix(100)))
        return cleaned.isEmpty ? "Font" : cleaned
    }
}
