import CHaru
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A font object of one `PDFDocument`; only meaningful for the document that returned it.
struct PDFFontHandle: Hashable, Sendable {
    /// Position in the document's font table; the raw libharu pointer never leaves the document.
    fileprivate let index: Int

    /// The font's name in page resources (`F1`, `F2`, …), the same on every page.
    var resourceName: String { "F\(index + 1)" }
}

/// The only owner of a libharu document: every libharu call of the package goes through here.
///
/// libharu reports failures through a callback rather than return values alone. The callback
/// records the first code on the document, and `check(_:)` turns it into a thrown `PDFError`
/// after each call, so a failure surfaces at the call that caused it and never ends the process.
///
/// libharu serves for the document structure (pages, outline, info, labels) and for writing
/// objects. Fonts and page content are the package's own: content streams come ready-made
/// (`ContentStream`) and fonts as `PDFObject` trees (`EmbeddedFont`), which this class writes
/// through libharu's object layer (dictionaries, arrays, streams) like any other object.
final class PDFDocument {
    private var doc: HPDF_Doc!
    /// Each font's Type0 dictionary, created empty on first use and completed by `defineFont`.
    private var fonts: [HPDF_Dict] = []
    private var page: HPDF_Page?
    /// Every page added so far, in order, so that outline entries can point back at them.
    private var pages: [HPDF_Page] = []
    private var pageHeights: [Double] = []
    /// The first error libharu reported since the last `check`: (error code, detail code).
    fileprivate var pendingError: LibraryError?

    /// libharu keeps all pages in one `/Kids` array unless told otherwise, and arrays are capped.
    private static let maximumFlatPages = Int(HPDF_LIMIT_MAX_ARRAY)
    private static let pagesPerTreeNode: HPDF_UINT = 1024

    /// Creates an empty document with Unicode metadata and outline titles (UTF-8 in, UTF-16 out)
    /// and every stream compressed.
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

    /// Creates a font object, empty until `defineFont` fills it, so that pages can refer to it
    /// before the document knows every glyph it will draw.
    func addFont() throws -> PDFFontHandle {
        guard let font = HPDF_Dict_New(doc.pointee.mmgr) else {
            throw PDFError.libraryFailure(operation: "adding a font", reason: "out of memory")
        }
        try check("adding a font", HPDF_Xref_Add(doc.pointee.xref, font))
        fonts.append(font)
        return PDFFontHandle(index: fonts.count - 1)
    }

    /// Writes the entries of a font made by `addFont`, with every object they hold.
    func defineFont(_ font: PDFFontHandle, entries: [PDFEntry]) throws {
        precondition(fonts.indices.contains(font.index), "defineFont(_:entries:) needs a font of this document")
        try add(entries, to: fonts[font.index], operation: "writing a font")
    }

    /// The library object for `object`; indirect objects are registered with the document.
    private func make(_ object: PDFObject, operation: String) throws -> UnsafeMutableRawPointer {
        let mmgr = doc.pointee.mmgr
        var made: UnsafeMutableRawPointer?
        switch object {
        case .name(let value):
            made = UnsafeMutableRawPointer(HPDF_Name_New(mmgr, value))
        case .integer(let value):
            made = UnsafeMutableRawPointer(HPDF_Number_New(mmgr, HPDF_INT32(clamping: value)))
        case .real(let value):
            made = UnsafeMutableRawPointer(HPDF_Real_New(mmgr, HPDF_REAL(value)))
        case .string(let value):
            made = UnsafeMutableRawPointer(HPDF_String_New(mmgr, value, nil))
        case .array(let items):
            guard let array = HPDF_Array_New(mmgr) else { break }
            for item in items {
                try check(operation, HPDF_Array_Add(array, try make(item, operation: operation)))
            }
            return UnsafeMutableRawPointer(array)
        case .dictionary(let entries):
            guard let dictionary = HPDF_Dict_New(mmgr) else { break }
            try add(entries, to: dictionary, operation: operation)
            return UnsafeMutableRawPointer(dictionary)
        case .stream(let entries, let data, let compressed):
            // A stream is always indirect: libharu registers it when creating it.
            guard let stream = HPDF_DictStream_New(mmgr, doc.pointee.xref) else { break }
            try add(entries, to: stream, operation: operation)
            if compressed { stream.pointee.filter = HPDF_UINT(HPDF_STREAM_FILTER_FLATE_DECODE) }
            try check(
                operation, data.withUnsafeBufferPointer { HPDF_Stream_Write(stream.pointee.stream, $0.baseAddress, HPDF_UINT(data.count)) })
            return UnsafeMutableRawPointer(stream)
        case .reference(let target):
            let made = try make(target, operation: operation)
            if case .stream = target { return made }
            try check(operation, HPDF_Xref_Add(doc.pointee.xref, made))
            return made
        }
        try check(operation)
        guard let made else { throw PDFError.libraryFailure(operation: operation, reason: "out of memory") }
        return made
    }

    private func add(_ entries: [PDFEntry], to dictionary: HPDF_Dict, operation: String) throws {
        for entry in entries {
            try check(operation, HPDF_Dict_Add(dictionary, entry.key, try make(entry.value, operation: operation)))
        }
    }

    // MARK: - Pages and text

    /// Appends a page of exactly `width` × `height` points and makes it the current page.
    func addPage(width: Double, height: Double) throws {
        let limits = PDFLimits.minimumPageSide...PDFLimits.maximumPageSide
        guard limits.contains(width), limits.contains(height) else {
            throw PDFError.invalidPageSize(width: width, height: height)
        }
        let newPage = HPDF_AddPage(doc)
        try check("adding a page")
        try check("setting the page width", HPDF_Page_SetWidth(newPage, HPDF_REAL(width)))
        try check("setting the page height", HPDF_Page_SetHeight(newPage, HPDF_REAL(height)))
        page = newPage
        pages.append(newPage!)
        pageHeights.append(height)
    }

    /// Records the document's natural language in the catalog (`/Lang`, e.g. `en-US`), which
    /// screen readers, search and hyphenating viewers use. libharu has no call for it, so the
    /// entry is added to its catalog dictionary directly.
    func setLanguage(_ tag: String) throws {
        guard let catalog = doc.pointee.catalog,
            let value = HPDF_String_New(doc.pointee.mmgr, tag, nil)
        else {
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

    /// Appends `content` to the current page's content stream and lists `fonts`, which it
    /// selects by their resource names, in the page's resources.
    func addContent(_ content: ContentStream, fonts used: [PDFFontHandle]) throws {
        guard let page else { preconditionFailure("addContent(_:fonts:) needs a page") }
        precondition(!content.isInText, "a page's content must close its text object")
        if !used.isEmpty {
            guard let resources = dictionary(HPDF_Dict_GetItem(page, "Resources", HPDF_UINT16(HPDF_OCLASS_DICT))) else {
                throw PDFError.libraryFailure(operation: "listing a page's fonts", reason: "the page has no resources")
            }
            var fontResources = dictionary(HPDF_Dict_GetItem(resources, "Font", HPDF_UINT16(HPDF_OCLASS_DICT)))
            if fontResources == nil {
                fontResources = HPDF_Dict_New(doc.pointee.mmgr)
                try check("listing a page's fonts", HPDF_Dict_Add(resources, "Font", UnsafeMutableRawPointer(fontResources)))
            }
            for font in used {
                precondition(fonts.indices.contains(font.index), "addContent(_:fonts:) needs fonts of this document")
                try check(
                    "listing a page's fonts", HPDF_Dict_Add(fontResources, font.resourceName, UnsafeMutableRawPointer(fonts[font.index])))
            }
        }
        guard !content.bytes.isEmpty else { return }
        guard let contents = dictionary(HPDF_Dict_GetItem(page, "Contents", HPDF_UINT16(HPDF_OCLASS_DICT))) else {
            throw PDFError.libraryFailure(operation: "drawing a page", reason: "the page has no content stream")
        }
        try check(
            "drawing a page",
            content.bytes.withUnsafeBufferPointer {
                HPDF_Stream_Write(contents.pointee.stream, $0.baseAddress, HPDF_UINT($0.count))
            })
    }

    private func dictionary(_ item: UnsafeMutableRawPointer?) -> HPDF_Dict? {
        item?.assumingMemoryBound(to: HPDF_Dict_Rec.self)
    }

    // MARK: - Output

    /// Serialises the document into memory and returns the bytes of the PDF file.
    func save() throws -> [UInt8] {
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

    private static func reason(_ failure: LibraryError) -> String {
        switch failure.code {
        case Int(HPDF_FAILD_TO_ALLOC_MEM): return "out of memory"
        case Int(HPDF_FILE_IO_ERROR), Int(HPDF_FILE_OPEN_ERROR):
            return failure.detail != 0 ? String(cString: strerror(Int32(truncatingIfNeeded: failure.detail))) : "input/output error"
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
