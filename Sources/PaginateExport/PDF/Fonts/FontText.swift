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
    mutating func show(_ text: String, fontIndex: Int, size: Double, x: Double, y: Double, in content: inout ContentStream,
                       current: inout PDFFontHandle?, pageFonts: inout [PDFFontHandle]) throws {
        let slot = try self.slot(for: fontIndex)
        let handle = handles[slot]
        codes.removeAll(keepingCapacity: true)
        usages[slot].encode(text, into: &codes)
        guard !codes.isEmpty else { return }
        if current != handle {
            guard size.isFinite, size > 0 else {
                throw PDFError.libraryFailure(operation: "selecting a font", reason: "the font size \(size) is not positive")
            }
            content.setFont(resource: handle.resourceName, size: size)
            current = handle
            if !pageFonts.contains(handle) { pageFonts.append(handle) }
        }
        content.showGlyphs(codes, x: x, y: y)
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
