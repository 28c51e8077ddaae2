/// An OpenType face (TrueType or CFF outlines) with the metrics layout needs, measured by FreeType
/// and cached.
///
/// Advances are FreeType's unhinted design-unit advances converted to thousandths of an em the way
/// the PDF writer records them in the embedded font's `/W` array (truncated toward zero). A PDF
/// viewer places glyphs by those widths, so measuring with them means what the engine measures is
/// exactly what is drawn, with no drift along a line.
public final class Font {
    /// Path of the font file.
    public let path: String
    /// Index of the face within the file (0 for a plain `.ttf`).
    public let faceIndex: Int
    /// The face's PostScript name.
    public let name: String
    /// The family name the face gives itself (its PostScript name when it gives none).
    public let familyName: String
    /// Whether every glyph of the face has the same advance.
    public let isFixedPitch: Bool
    /// Ascender in em units (positive).
    public let ascent: Double
    /// Descender in em units (positive, below the baseline).
    public let descent: Double
    /// The kind of outlines the face has, which decides how a PDF embeds it.
    public let outlines: Outlines
    /// Whether the face's CFF outlines are CID-keyed, so that glyphs are addressed by CID
    /// (`characterIdentifier(ofGlyph:)`) rather than by glyph index. Always false for TrueType.
    public let isCIDKeyed: Bool

    /// How a face's glyphs are described.
    public enum Outlines: Hashable, Sendable {
        /// Quadratic TrueType outlines (`glyf`).
        case trueType
        /// PostScript outlines in a `CFF ` table (OpenType `.otf`).
        case cff
    }

    private let face: FreeTypeFace
    private let unitsPerEm: Int
    /// Thousandths of an em per BMP code point; `unknown` until measured, `missing` without a glyph.
    private var widthTable: [Int32]
    /// Nominal glyph per BMP code point, made on the first `glyph(for:)` call: only the PDF needs it.
    private var glyphTable: [UInt32] = []
    private static let unknownGlyph = UInt32.max
    private static let unknown: Int32 = -1
    private static let missing: Int32 = -2
    /// Pair kerning, opened on the first kerning query so that layouts without kerning never pay for it.
    private var pairKerning: PairKerning?
    private var pairKerningOpened = false
    /// The shaper for complex scripts, opened on the first paragraph that needs one.
    private var shaper: HarfBuzzFace?
    private var shaperOpened = false

    /// Opens face `faceIndex` of an OpenType file with TrueType or CFF outlines.
    ///
    /// - Throws: `FontError` when the file is missing, not a font, has variable CFF2 outlines, or
    ///   the index is beyond the faces in the file.
    public init(path: String, faceIndex: Int = 0) throws(FontError) {
        var isDirectory = false
        guard fileExists(path, isDirectory: &isDirectory) else { throw .unreadable(path: path, reason: "no such file") }
        guard !isDirectory else { throw .unreadable(path: path, reason: "it is a directory") }
        // A FIFO or device would block FreeType's reads or never end.
        guard isRegularFile(path) else { throw .unreadable(path: path, reason: "not a font file (a device or FIFO, not a regular file)") }
        guard faceIndex >= 0 else {
            throw .faceIndexOutOfRange(path: path, index: faceIndex, count: (try? FreeTypeFace(path: path, index: 0).faceCount) ?? 1)
        }
        if faceIndex > 0 {
            let first = try FreeTypeFace(path: path, index: 0)
            guard faceIndex < first.faceCount else {
                throw .faceIndexOutOfRange(path: path, index: faceIndex, count: first.faceCount)
            }
        }
        let face = try FreeTypeFace(path: path, index: faceIndex)
        let outlines: Outlines
        if face.hasTable("glyf") {
            outlines = .trueType
        } else if face.hasTable("CFF ") {
            outlines = .cff
        } else {
            // Variable PostScript outlines have no PDF font program type to be embedded as.
            if face.hasTable("CFF2") { throw .notTrueType(path: path) }
            throw .unreadable(path: path, reason: "it has neither TrueType (glyf) nor PostScript (CFF) outlines")
        }
        guard face.unitsPerEm > 0 else { throw .unreadable(path: path, reason: "its head table gives no units per em") }
        self.path = path
        self.faceIndex = faceIndex
        self.face = face
        self.outlines = outlines
        self.isCIDKeyed = outlines == .cff && face.isCIDKeyed
        self.name = face.name
        self.familyName = face.familyName ?? face.name
        self.isFixedPitch = face.isFixedWidth
        self.unitsPerEm = face.unitsPerEm
        self.ascent = Double(face.ascender) / Double(face.unitsPerEm)
        self.descent = Double(face.descender) / Double(face.unitsPerEm)
        self.widthTable = Array(repeating: Font.unknown, count: 0x10000)
        // Latin text is the common case: measure it up front so the hot loop only reads.
        for scalar in UInt32(0x20)...0x24F { _ = width(of: scalar) }
    }

    /// Whether the face has a glyph for the code point.
    public func covers(_ scalar: UInt32) -> Bool {
        width(of: scalar) != nil
    }

    /// The advance of a code point in thousandths of an em, or `nil` when the face has no glyph.
    ///
    /// - Complexity: O(1) after the first query for a BMP code point.
    @inline(__always)
    public func width(of scalar: UInt32) -> Int? {
        if scalar < 0x10000 {
            let cached = widthTable[Int(scalar)]
            if cached >= 0 { return Int(cached) }
            if cached == Font.missing { return nil }
        }
        let measured = measure(scalar)
        if scalar < 0x10000 { widthTable[Int(scalar)] = Int32(measured ?? Int(Font.missing)) }
        return measured
    }

    /// Whether the face kerns any pair of characters (a `kern` feature in `GPOS`, or a `kern` table).
    public var hasKerning: Bool { kerningTable() != nil }

    /// The pair kerning between `left` and `right` drawn side by side with this face, in
    /// thousandths of an em (negative: closer), converted and truncated as advances are.
    ///
    /// The value is the face's own pair adjustment, read by HarfBuzz from the `GPOS` `kern`
    /// feature or else the legacy `kern` table, for the pair shaped on its own; contextual
    /// kerning is not modelled. 0 for a pair the face does not kern or cannot draw.
    /// - Complexity: O(1) after the first query of the pair.
    @inline(__always)
    public func kerning(_ left: UInt32, _ right: UInt32) -> Int {
        kerningTable()?.value(left, right) ?? 0
    }

    /// The face's pair kerning, or `nil` when it kerns nothing; opened on the first call.
    func kerningTable() -> PairKerning? {
        if pairKerningOpened { return pairKerning }
        pairKerningOpened = true
        // FreeType has read this file already; should HarfBuzz fail on it, the face simply kerns nothing.
        pairKerning = HarfBuzzFace(path: path, index: faceIndex).flatMap(PairKerning.init(face:))
        return pairKerning
    }

    /// Shapes `range` of `text` (see `HarfBuzzFace.shape`), with positions converted to
    /// thousandths of an em the way advances are (truncated toward zero, per glyph); empty when
    /// HarfBuzz cannot read the face.
    func shape(
        _ text: UnsafeBufferPointer<UInt32>, range: Range<Int>, rightToLeft: Bool, kerning: Bool,
        ligatures: Bool
    ) -> [ShapedGlyph] {
        if !shaperOpened {
            shaperOpened = true
            shaper = HarfBuzzFace(path: path, index: faceIndex)
        }
        guard let shaper else { return [] }
        return shaper.shape(text, range: range, rightToLeft: rightToLeft, kerning: kerning, ligatures: ligatures).map { glyph in
            ShapedGlyph(
                glyph: glyph.glyph, cluster: glyph.cluster, advance: Int32(thousandths(Int(glyph.advance))),
                xOffset: Int32(thousandths(Int(glyph.xOffset))), yOffset: Int32(thousandths(Int(glyph.yOffset))))
        }
    }

    /// The advance of the face's missing-glyph box (glyph 0), in thousandths of an em.
    public var missingGlyphWidth: Int { thousandths(face.advance(ofGlyph: 0)) }

    /// The face's nominal glyph for a code point (its `cmap` entry), or `nil` when it has none.
    /// This is the glyph whose advance `width(of:)` gives, so drawing it matches the measure.
    ///
    /// - Complexity: O(1) after the first query for a BMP code point.
    public func glyph(for scalar: UInt32) -> UInt32? {
        guard scalar < 0x10000 else {
            let glyph = face.glyphIndex(for: scalar)
            return glyph == 0 ? nil : glyph
        }
        if glyphTable.isEmpty { glyphTable = Array(repeating: Font.unknownGlyph, count: 0x10000) }
        var glyph = glyphTable[Int(scalar)]
        if glyph == Font.unknownGlyph {
            glyph = face.glyphIndex(for: scalar)
            glyphTable[Int(scalar)] = glyph
        }
        return glyph == 0 ? nil : glyph
    }

    /// The advance of a glyph in thousandths of an em, converted and truncated as `width(of:)` is.
    public func width(ofGlyph glyph: UInt32) -> Int {
        thousandths(face.advance(ofGlyph: glyph))
    }

    /// The CID a CID-keyed CFF face gives a glyph; `nil` when the face is not CID-keyed.
    public func characterIdentifier(ofGlyph glyph: UInt32) -> UInt32? {
        isCIDKeyed ? face.characterIdentifier(ofGlyph: glyph) : nil
    }

    private func measure(_ scalar: UInt32) -> Int? {
        let glyph = face.glyphIndex(for: scalar)
        guard glyph != 0 else { return nil }
        return thousandths(face.advance(ofGlyph: glyph))
    }

    private func thousandths(_ designUnits: Int) -> Int {
        designUnits * 1000 / unitsPerEm
    }
}
