import PaginateKit

/// Text runs turned into glyph codes of the document's fonts: one font object per face (file and
/// face index), however many entries of the font chain name it, each made on the face's first use
/// and embedded once every page is drawn, with exactly the glyphs drawn.
struct FontText {
    private let fonts: FontChain
    private let document: PDFDocument
    /// For each font-chain index, its slot in `usages` once used.
    private var slotOfFontIndex: [Int: Int] = [:]
    private var slotOfFace: [String: Int] = [:]
    private var usages: [FontUsage] = []
    private var handles: [PDFFontHandle] = []
    /// Reused for every run, so that encoding allocates nothing once it has grown.
    private var codes: [UInt16] = []

    /// Prepares to draw with `fonts` into `document`.
    init(fonts: FontChain, document: PDFDocument) {
        self.fonts = fonts
        self.document = document
    }

    /// Writes `text` in font-chain font `fontIndex` at (`x`, `y`) at `size` points, selecting the
    /// font when it differs from `current`, and adds it to `pageFonts` on the page's first use.
    mutating func show(
        _ text: String, fontIndex: Int, size: Double, x: Double, y: Double, in content: inout ContentStream,
        current: inout PDFFontHandle?, pageFonts: inout [PDFFontHandle]
    ) throws {
        let slot = try self.slot(for: fontIndex)
        codes.removeAll(keepingCapacity: true)
        usages[slot].encode(text, into: &codes)
        guard !codes.isEmpty else { return }
        try select(slot, size: size, in: &content, current: &current, pageFonts: &pageFonts)
        content.showGlyphs(codes, x: x, y: y)
    }

    /// Writes a shaped run — `glyphs` of font-chain font `fontIndex`, each at its own place from
    /// (`x`, `y`) — so that it reads back as the run's `text`, in logical order, whatever the
    /// glyphs' order and forms.
    mutating func show(
        _ glyphs: [PositionedGlyph], text: String, isRightToLeft: Bool, fontIndex: Int, size: Double,
        x: Double, y: Double, in content: inout ContentStream, current: inout PDFFontHandle?, pageFonts: inout [PDFFontHandle]
    ) throws {
        guard !glyphs.isEmpty else { return }
        let slot = try self.slot(for: fontIndex)
        try select(slot, size: size, in: &content, current: &current, pageFonts: &pageFonts)
        let texts = GlyphTexts(glyphs, text: text, font: fonts.fonts[fontIndex])
        // Left to right, the glyphs may still be out of logical order (an Indic vowel sign drawn
        // before its consonant) or stand for several characters: the span's actual text says what
        // they read as. Right to left, readers put the glyphs back in logical order themselves,
        // character by character from the ToUnicode map — and would reverse an actual text too.
        if !isRightToLeft { content.beginActualText(text) }
        for (glyph, characters) in zip(glyphs, texts.texts) {
            let code = usages[slot].encode(glyph: glyph.glyph, text: characters)
            content.showGlyphs([code], x: x + glyph.x, y: y + glyph.y)
        }
        if !isRightToLeft { content.endMarkedContent() }
    }

    /// Selects the font of `slot` unless it is `current`, noting it among the page's fonts.
    private func select(
        _ slot: Int, size: Double, in content: inout ContentStream, current: inout PDFFontHandle?,
        pageFonts: inout [PDFFontHandle]
    ) throws {
        let handle = handles[slot]
        guard current != handle else { return }
        guard size.isFinite, size > 0 else {
            throw PDFError.libraryFailure(operation: "selecting a font", reason: "the font size \(size) is not positive")
        }
        content.setFont(resource: handle.resourceName, size: size)
        current = handle
        if !pageFonts.contains(handle) { pageFonts.append(handle) }
    }

    /// Writes every used face's font objects, in order of first use.
    func embedFonts() throws {
        for (usage, handle) in zip(usages, handles) where !usage.isEmpty {
            try document.defineFont(handle, entries: EmbeddedFont(usage: usage).entries)
        }
    }

    private mutating func slot(for fontIndex: Int) throws -> Int {
        if let known = slotOfFontIndex[fontIndex] { return known }
        precondition(fonts.fonts.indices.contains(fontIndex), "run font index \(fontIndex) is outside the font chain")
        let font = fonts.fonts[fontIndex]
        let key = "\(font.faceIndex)#\(font.path)"
        let slot: Int
        if let known = slotOfFace[key] {
            slot = known
        } else {
            slot = usages.count
            usages.append(FontUsage(font: font))
            handles.append(try document.addFont())
            slotOfFace[key] = slot
        }
        slotOfFontIndex[fontIndex] = slot
        return slot
    }
}
