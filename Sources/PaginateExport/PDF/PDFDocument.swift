import CHaru
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A font loaded into one `PDFDocument`; only meaningful for the document that returned it.
struct PDFFontHandle: Hashable, Sendable {
    /// Position in the document's font table; the raw libharu pointer never leaves the document.
    fileprivate let index: Int
}

/// The only owner of a libharu document: every libharu call of the package goes through here.
///
/// libharu reports failures through a callback rather than return values alone. The callback
/// records the first code on the document, and `check(_:)` turns it into a thrown `PDFError`
/// after each call, so a failure surfaces at the call that caused it and never ends the process.
///
/// Text is Unicode throughout: fonts are embedded as CID TrueType (Identity-H) subsets addressed
/// by BMP code points, which also gives every font a ToUnicode map, so text can be extracted.
final class PDFDocument {
    private var doc: HPDF_Doc!
    private var fonts: [HPDF_Font] = []
    private var fontsByFile: [String: PDFFontHandle] = [:]
    private var page: HPDF_Page?
    /// Every page added so far, in order, so that outline entries can point back at them.
    private var pages: [HPDF_Page] = []
    private var pageHeights: [Double] = []
    private var pageHeight = 0.0
    /// Text-space scale standing in for font sizes above libharu's 600 pt limit.
    private var textScale = 1.0
    private var inText = false
    /// The first error libharu reported since the last `check`: (error code, detail code).
    fileprivate var pendingError: LibraryError?

    /// The largest size libharu accepts in `Tf`; larger sizes are drawn by scaling the text matrix.
    private static let maximumFontSize = Double(HPDF_MAX_FONTSIZE)
    /// libharu keeps all pages in one `/Kids` array unless told otherwise, and arrays are capped.
    private static let maximumFlatPages = Int(HPDF_LIMIT_MAX_ARRAY)
    private static let pagesPerTreeNode: HPDF_UINT = 1024

    /// Creates an empty document with Unicode text and full stream compression.
    ///
    /// - Parameter expectedPageCount: a hint; past libharu's array limit the page tree is split
    ///   into nodes, which small documents do not need.
    init(expectedPageCount: Int = 0) throws {
        // `self` is complete once `doc` holds nil, so it can be the callback's user data.
        doc = HPDF_New(pdfErrorHandler, Unmanaged.passUnretained(self).toOpaque())
        guard doc != nil else { throw PDFError.libraryFailure(operation: "creating the document", reason: "out of memory") }
        try check("creating the document", HPDF_UseUTFEncodings(doc))
        try check("selecting UTF-8 text", HPDF_SetCurrentEncoder(doc, "UTF-8"))
        try check("enabling compression", HPDF_SetCompressionMode(doc, HPDF_UINT(HPDF_COMP_ALL)))
        if expectedPageCount > PDFDocument.maximumFlatPages {
            try check("preparing the page tree", HPDF_SetPagesConfiguration(doc, PDFDocument.pagesPerTreeNode))
        }
    }

    deinit {
        HPDF_Free(doc)
    }

    // MARK: - Document information

    /// Sets the Info dictionary's text entries; libharu stores them as UTF-16 with a BOM.
    /// An absent `author` or `subject` leaves the entry out rather than writing an empty one.
    func setInfo(title: String, author: String? = nil, subject: String? = nil, creator: String, producer: String) throws {
        try check("setting the title", HPDF_SetInfoAttr(doc, HPDF_INFO_TITLE, cString(title)))
        if let author { try check("setting the author", HPDF_SetInfoAttr(doc, HPDF_INFO_AUTHOR, cString(author))) }
        if let subject { try check("setting the subject", HPDF_SetInfoAttr(doc, HPDF_INFO_SUBJECT, cString(subject))) }
        try check("setting the creator", HPDF_SetInfoAttr(doc, HPDF_INFO_CREATOR, cString(creator)))
        try check("setting the producer", HPDF_SetInfoAttr(doc, HPDF_INFO_PRODUCER, cString(producer)))
    }

    /// Sets CreationDate and ModDate to one UTC time. Without this call the file has no dates.
    func setDates(_ time: PDFTimestamp) throws {
        var date = HPDF_Date()
        date.year = HPDF_INT(time.year)
        date.month = HPDF_INT(time.month)
        date.day = HPDF_INT(time.day)
        date.hour = HPDF_INT(time.hour)
        date.minutes = HPDF_INT(time.minute)
        date.seconds = HPDF_INT(time.second)
        date.ind = CChar(UInt8(ascii: "Z"))
        try check("setting the creation date", HPDF_SetInfoDateAttr(doc, HPDF_INFO_CREATION_DATE, date))
        try check("setting the modification date", HPDF_SetInfoDateAttr(doc, HPDF_INFO_MOD_DATE, date))
    }

    // MARK: - Fonts

    /// Embeds face `faceIndex` of a TrueType file; loading the same face again returns the same handle.
    ///
    /// - Throws: `PDFError.cannotEmbedFont` with the reason libharu gave.
    func loadTrueTypeFont(path: String, faceIndex: Int) throws -> PDFFontHandle {
        let key = "\(faceIndex)#\(path)"
        if let known = fontsByFile[key] { return known }
        let name: UnsafePointer<CChar>?
        // libharu has separate entry points for collections and plain files, and each refuses the other.
        if isFontCollection(path) {
            name = HPDF_LoadTTFontFromFile2(doc, path, HPDF_UINT(max(0, faceIndex)), HPDF_TRUE)
        } else {
            name = HPDF_LoadTTFontFromFile(doc, path, HPDF_TRUE)
        }
        let font = name.flatMap { HPDF_GetFont(doc, $0, "UTF-8") }
        if let failure = takeError() ?? (font == nil ? LibraryError(code: Int(HPDF_INVALID_FONT), detail: 0) : nil) {
            throw PDFError.cannotEmbedFont(path: path, reason: PDFDocument.fontReason(failure))
        }
        fonts.append(font!)
        let handle = PDFFontHandle(index: fonts.count - 1)
        fontsByFile[key] = handle
        return handle
    }

    private func isFontCollection(_ path: String) -> Bool {
        guard let file = fopen(path, "rb") else { return false }
        defer { fclose(file) }
        var magic = [UInt8](repeating: 0, count: 4)
        return fread(&magic, 1, 4, file) == 4 && magic == Array("ttcf".utf8)
    }

    // MARK: - Pages and text

    /// Appends a page of exactly `width` × `height` points and makes it the current page.
    func addPage(width: Double, height: Double) throws {
        precondition(!inText, "endText() must be called before adding a page")
        let limits = PDFLimits.minimumPageSide...PDFLimits.maximumPageSide
        guard limits.contains(width), limits.contains(height) else {
            throw PDFError.invalidPageSize(width: width, height: height)
        }
        let newPage = HPDF_AddPage(doc)
        try check("adding a page")
        try check("setting the page width", HPDF_Page_SetWidth(newPage, HPDF_REAL(width)))
        try check("setting the page height", HPDF_Page_SetHeight(newPage, HPDF_REAL(height)))
        page = newPage
        pageHeight = height
        pages.append(newPage!)
        pageHeights.append(height)
    }

    /// Records the document's natural language in the catalog (`/Lang`, e.g. `en-US`), which
    /// screen readers, search and hyphenating viewers use. libharu has no call for it, so the
    /// entry is added to its catalog dictionary directly.
    func setLanguage(_ tag: String) throws {
        guard let catalog = doc.pointee.catalog,
              let value = HPDF_String_New(doc.pointee.mmgr, tag, nil) else {
            throw PDFError.libraryFailure(operation: "setting the language", reason: "the document has no catalog")
        }
        try check("setting the language", HPDF_Dict_Add(catalog, "Lang", value))
    }

    // MARK: - Navigation

    /// Asks viewers to show two pages side by side with the first page alone on the right, as an
    /// open book shows them (`/PageLayout /TwoColumnRight`); otherwise the viewer's default applies.
    func showFacingPages() throws {
        try check("setting the page layout", HPDF_SetPageLayout(doc, HPDF_PAGE_LAYOUT_TWO_COLUMN_RIGHT))
    }

    /// Labels every page with its number in decimal, starting at 1 (`/PageLabels`), so viewers
    /// show the same numbers as the folios.
    func labelPagesWithNumbers() throws {
        try check("labelling the pages", HPDF_AddPageLabel(doc, 0, HPDF_PAGE_NUM_STYLE_DECIMAL, 1, nil))
    }

    /// Adds a top-level outline entry (bookmark) that opens page `pageIndex` (0-based, already
    /// added) with `top` (PDF points from the bottom) at the top of the window and the page's
    /// width filling it (`/FitH`): libharu cannot write `/XYZ` with the zoom left unchanged.
    func addOutlineEntry(title: String, pageIndex: Int, top: Double) throws {
        precondition(pages.indices.contains(pageIndex), "an outline entry must point at a page already added")
        let encoder = HPDF_GetEncoder(doc, "UTF-8")
        try check("preparing an outline entry")
        let entry = HPDF_CreateOutline(doc, nil, cString(title), encoder)
        try check("adding an outline entry")
        let destination = HPDF_Page_CreateDestination(pages[pageIndex])
        try check("creating an outline destination")
        let clampedTop = min(max(top, 0), pageHeights[pageIndex])
        try check("positioning an outline destination", HPDF_Destination_SetFitH(destination, HPDF_REAL(clampedTop)))
        try check("linking an outline entry", HPDF_Outline_SetDestination(entry, destination))
        try check("opening an outline entry", HPDF_Outline_SetOpened(entry, HPDF_TRUE))
    }

    /// Asks viewers to open with the outline panel showing (`/PageMode /UseOutlines`).
    func showOutlineOnOpen() throws {
        try check("setting the page mode", HPDF_SetPageMode(doc, HPDF_PAGE_MODE_USE_OUTLINE))
    }

    /// Opens a text object on the current page; `showText` is only valid inside one.
    func beginText() throws {
        precondition(page != nil && !inText, "beginText() needs a page and no open text object")
        try check("starting text", HPDF_Page_BeginText(page))
        inText = true
    }

    /// Closes the text object opened by `beginText`.
    func endText() throws {
        precondition(inText, "endText() without beginText()")
        try check("ending text", HPDF_Page_EndText(page))
        inText = false
    }

    /// Selects the font and size for the following `showText` calls.
    func setFont(_ font: PDFFontHandle, size: Double) throws {
        precondition(inText && fonts.indices.contains(font.index), "setFont(_:size:) needs an open text object and a font of this document")
        guard size.isFinite, size > 0 else {
            throw PDFError.libraryFailure(operation: "selecting a font", reason: "the font size \(size) is not positive")
        }
        // libharu caps Tf at 600 pt; drawing at a smaller Tf in a scaled text space looks the same.
        textScale = size > PDFDocument.maximumFontSize ? size / PDFDocument.maximumFontSize : 1
        try check("selecting a font", HPDF_Page_SetFontAndSize(page, fonts[font.index], HPDF_REAL(size / textScale)))
    }

    /// Draws `text` with its baseline origin at (`x`, `y`) in PDF coordinates (bottom-left origin).
    ///
    /// The position is absolute: a full text matrix is set for every call, so rounding in one run
    /// never carries into the next, as relative `Td` moves would.
    func showText(_ text: String, atX x: Double, y: Double) throws {
        precondition(inText, "showText(_:atX:y:) outside beginText()/endText()")
        let drawable = PDFDocument.drawableText(text)
        guard !drawable.isEmpty else { return }
        let scale = HPDF_REAL(textScale)
        try check("positioning text", HPDF_Page_SetTextMatrix(page, scale, 0, 0, scale, HPDF_REAL(x), HPDF_REAL(y)))
        try check("drawing text", HPDF_Page_ShowText(page, drawable))
    }

    /// `text` as libharu can take it: CIDs are BMP code points and the string is NUL-terminated.
    static func drawableText(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value > 0xFFFF || $0.value == 0 }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where scalar.value != 0 {
            scalars.append(scalar.value > 0xFFFF ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    // MARK: - Output

    /// Serialises the document into memory and returns the bytes of the PDF file.
    func save() throws -> [UInt8] {
        precondition(!inText, "endText() must be called before saving")
        if let failure = takeError() ?? LibraryError(status: HPDF_SaveToStream(doc)) {
            throw PDFError.cannotWrite(reason: PDFDocument.reason(failure))
        }
        let size = Int(HPDF_GetStreamSize(doc))
        guard size > 0 else { throw PDFError.cannotWrite(reason: "the PDF library produced no output") }
        var read = HPDF_UINT32(size)
        let bytes = try [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            _ = HPDF_ReadFromStream(doc, buffer.baseAddress, &read)
            // Reading the stream to its end is reported as an "end of stream" error; that one is expected.
            if let failure = takeError(), failure.code != Int(HPDF_STREAM_EOF) {
                throw PDFError.cannotWrite(reason: PDFDocument.reason(failure))
            }
            count = Int(read)
        }
        guard bytes.count == size else {
            throw PDFError.cannotWrite(reason: "read \(bytes.count) of \(size) bytes back from the PDF library")
        }
        return bytes
    }

    // MARK: - Errors

    /// Throws the error libharu reported during the last call, if any, and clears it.
    private func check(_ operation: String, _ status: HPDF_STATUS = HPDF_STATUS(HPDF_OK)) throws {
        if let failure = takeError() ?? LibraryError(status: status) {
            throw PDFError.libraryFailure(operation: operation, reason: PDFDocument.reason(failure))
        }
    }

    /// Returns and clears the pending error; libharu refuses further work until it is reset.
    private func takeError() -> LibraryError? {
        guard let failure = pendingError else { return nil }
        pendingError = nil
        HPDF_ResetError(doc)
        return failure
    }

    private static func fontReason(_ failure: LibraryError) -> String {
        switch failure.code {
        case Int(HPDF_TTF_CANNOT_EMBEDDING_FONT): return "its licence (OS/2 fsType) forbids embedding"
        case Int(HPDF_TTF_MISSING_TABLE): return "it lacks a table a TrueType font needs (is it a CFF/PostScript OpenType font?)"
        case Int(HPDF_TTF_INVALID_CMAP): return "it has no Unicode character map libharu can use"
        case Int(HPDF_TTF_INVALID_FOMAT), Int(HPDF_INVALID_FONTDEF_DATA), Int(HPDF_UNSUPPORTED_FONT_TYPE): return "it is not a TrueType font libharu can read"
        case Int(HPDF_INVALID_TTC_FILE): return "it is not a valid TrueType collection"
        case Int(HPDF_INVALID_TTC_INDEX): return "the collection has no face with that index"
        case Int(HPDF_FILE_OPEN_ERROR): return "the file cannot be opened"
        case Int(HPDF_FILE_IO_ERROR): return "the file cannot be read"
        default: return reason(failure)
        }
    }

    private static func reason(_ failure: LibraryError) -> String {
        switch failure.code {
        case Int(HPDF_FAILD_TO_ALLOC_MEM): return "out of memory"
        case Int(HPDF_FILE_IO_ERROR), Int(HPDF_FILE_OPEN_ERROR): return failure.detail != 0 ? String(cString: strerror(Int32(truncatingIfNeeded: failure.detail))) : "input/output error"
        case Int(HPDF_ZLIB_ERROR): return "compression failed"
        case Int(HPDF_PAGE_INVALID_SIZE): return "invalid page size"
        case Int(HPDF_PAGE_INVALID_FONT_SIZE): return "invalid font size"
        case Int(HPDF_INVALID_DATE_TIME): return "invalid date"
        case Int(HPDF_ARRAY_COUNT_ERR): return "too many objects in one PDF array"
        case Int(HPDF_STRING_OUT_OF_RANGE): return "a string is too long for PDF"
        default:
            return "PDF library error 0x\(String(failure.code, radix: 16, uppercase: true)) (detail \(failure.detail))"
        }
    }

    private func cString(_ value: String) -> String {
        // Info strings are C strings too: an embedded NUL would silently cut them short.
        String(value.unicodeScalars.filter { $0.value != 0 })
    }
}

/// An error code and detail code as libharu reports them.
private struct LibraryError {
    var code: Int
    var detail: Int

    init(code: Int, detail: Int) {
        self.code = code
        self.detail = detail
    }

    /// An error for a non-OK status returned without the callback having fired; `nil` for OK.
    init?(status: HPDF_STATUS) {
        guard status != HPDF_STATUS(HPDF_OK) else { return nil }
        self.init(code: Int(status), detail: 0)
    }
}

/// libharu's error callback: records the first error on the document and returns, so libharu can
/// unwind; the caller's `check` throws it. It must never exit or longjmp.
private let pdfErrorHandler: HPDF_Error_Handler = { code, detail, userData in
    guard let userData else { return }
    let document = Unmanaged<PDFDocument>.fromOpaque(userData).takeUnretainedValue()
    if document.pendingError == nil { document.pendingError = LibraryError(code: Int(code), detail: Int(detail)) }
}
