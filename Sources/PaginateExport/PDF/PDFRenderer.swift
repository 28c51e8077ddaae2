import PaginateKit

/// Draws a finished `Layout` as a PDF: one PDF page per layout page (or two per sheet, imposed),
/// each run at its laid-out place, with what a reader expects of a book when asked: folios and a
/// running header in the margins, metadata, an outline of the chapters, page labels.
///
/// The output is deterministic: the same layout and fonts give byte-identical files. Dates are
/// written only when `SOURCE_DATE_EPOCH` is set, and then taken from it.
public struct PDFRenderer {
    /// The fonts the layout was made with; `TextRun.fontIndex` indexes into them.
    public let fonts: FontChain
    /// The document title recorded in the PDF's Info dictionary.
    public let title: String
    /// The application recorded as the PDF's Creator.
    public let creator: String
    /// The Author entry of the Info dictionary; `nil` leaves it out.
    public var author: String? = nil
    /// The Subject entry of the Info dictionary; `nil` leaves it out.
    public var subject: String? = nil
    /// Where page numbers are drawn. Off by default: a renderer draws the layout and nothing else
    /// unless asked (the command line asks for `.bottom`).
    public var folio: FolioPosition = .none
    /// A running header centred in the top margin of every page but the first (which, like a
    /// title page, goes without); `nil` for none. Shortened with an ellipsis to the text's width.
    public var header: String? = nil
    /// How pages go onto the PDF's sheets; with `.twoUp` the PDF has half as many (wider) pages,
    /// and neither page labels nor the facing-pages request are written, as they would count sheets.
    public var imposition: Imposition = .none
    /// Whether viewers should open the document as facing pages, first page on the right.
    public var facingPages = false
    /// The text's language as a BCP 47 tag (`en-US`), recorded as the document's `/Lang`; `nil`
    /// records none.
    public var language: String? = nil
    /// Headings to list in the document outline (bookmarks), in text order; usually
    /// `TextStorage.headings(settings:)` of the laid-out text. Headings outside the layout are skipped.
    public var outline: [HeadingEntry] = []
    /// Called after each page is drawn with the pages done and the page count, on the calling
    /// thread, so a tool can show progress. Has no effect on the output.
    public var progress: ((_ pagesDone: Int, _ pageCount: Int) -> Void)?
    /// Where dates come from; tests inject one instead of changing the process environment.
    let dateSource: DateSource

    /// How CreationDate and ModDate are chosen.
    enum DateSource {
        /// From `SOURCE_DATE_EPOCH` when set, otherwise no dates.
        case environment
        /// A fixed time, or `nil` for no dates.
        case fixed(PDFTimestamp?)
    }

    /// The Producer entry: the program that wrote the bytes.
    static let producer = "paginate"

    /// Creates a renderer for layouts made with `fonts`.
    public init(fonts: FontChain, title: String, creator: String = "paginate") {
        self.init(fonts: fonts, title: title, creator: creator, dateSource: .environment)
    }

    init(fonts: FontChain, title: String, creator: String = "paginate", dateSource: DateSource) {
        self.fonts = fonts
        self.title = title
        self.creator = creator
        self.dateSource = dateSource
    }

    /// Renders every page of `layout` and returns the bytes of the PDF file.
    ///
    /// Fonts are embedded only if used, each face once, as a subset of the glyphs drawn, so a book
    /// that never needs a fallback font does not carry it.
    /// - Throws: `PDFError` when a font cannot be embedded, the page size is not valid for PDF,
    ///   `SOURCE_DATE_EPOCH` is malformed, or the document cannot be serialised.
    public func render(_ layout: Layout) throws -> [UInt8] {
        let document = try PDFDocument(expectedPageCount: imposition.sheetCount(pages: layout.pages.count))
        try document.setInfo(title: title, author: author, subject: subject, creator: creator, producer: PDFRenderer.producer)
        if let time = try timestamp() { try document.setDates(time) }
        if let language { try document.setLanguage(language) }

        var fontText = FontText(fonts: fonts, document: document)
        let size = layout.settings.page.size
        let fontSize = layout.settings.fontSize
        let perSheet = imposition.pagesPerSheet
        var content = ContentStream()
        var pageFonts: [PDFFontHandle] = []
        for (index, page) in layout.pages.enumerated() {
            if index % perSheet == 0 {
                try document.addPage(width: size.width * Double(perSheet), height: size.height)
            }
            // Where this page's left edge lies on its sheet.
            let dx = Double(index % perSheet) * size.width
            // Runs are written as they read, so a reader following the content stream gets the text
            // in order; each is placed by its own position, so the order changes nothing drawn.
            let runs = page.containers.lazy.flatMap { container in
                container.lines.lazy.flatMap { line in line.runsInReadingOrder.lazy.map { (container.frame, line, $0) } }
            }
            // Tf persists within a text object, so it is only repeated when the font changes.
            var currentFont: PDFFontHandle?
            for (frame, line, run) in runs where PDFRenderer.isDrawn(run.text) {
                if !content.isInText { content.beginText() }
                let x = dx + frame.minX + line.origin.x + run.x
                let baseline = size.height - (frame.minY + line.origin.y + line.baseline)
                if run.glyphs.isEmpty {
                    try fontText.show(
                        run.text, fontIndex: run.fontIndex, size: fontSize, x: x, y: baseline, in: &content,
                        current: &currentFont, pageFonts: &pageFonts)
                } else {
                    try fontText.show(
                        run.glyphs, text: run.text, isRightToLeft: run.isRightToLeft, fontIndex: run.fontIndex,
                        size: fontSize, x: x, y: baseline, in: &content, current: &currentFont, pageFonts: &pageFonts)
                }
            }
            let margins = marginText(for: page, in: layout)
            for (line, placement) in margins {
                if !content.isInText { content.beginText() }
                currentFont = nil  // margin text has its own size
                for run in line.runs {
                    try fontText.show(
                        run.text, fontIndex: run.fontIndex, size: placement.size, x: dx + placement.x + run.x, y: placement.y,
                        in: &content, current: &currentFont, pageFonts: &pageFonts)
                }
            }
            if content.isInText { content.endText() }
            // An imposed sheet gets both its pages' content before the next sheet begins.
            if (index + 1) % perSheet == 0 || index + 1 == layout.pages.count {
                try document.addContent(content, fonts: pageFonts)
                content = ContentStream()
                pageFonts.removeAll(keepingCapacity: true)
            }
            progress?(index + 1, layout.pages.count)
        }
        try fontText.embedFonts()
        if perSheet == 1 {
            try document.labelPagesWithNumbers()
            if facingPages { try document.showFacingPages() }
        }
        let entries = outlineTargets(in: layout)
        for entry in entries {
            try document.addOutlineEntry(title: entry.title, pageIndex: entry.pageIndex / perSheet, top: entry.top)
        }
        if !entries.isEmpty { try document.showOutlineOnOpen() }
        return try document.save()
    }

    /// The lines page `page` shows in its margins (folio, running header), each with its place;
    /// empty when there are none or the margins are too low for them.
    func marginText(for page: Page, in layout: Layout) -> [(MarginLine, MarginPlacement)] {
        guard let primary = fonts.fonts.first else { return [] }
        let setup = layout.settings.page
        let size = layout.settings.fontSize * MarginPlacement.sizeRatio
        let textWidth = setup.size.width - setup.margins.left - setup.margins.right
        var result: [(MarginLine, MarginPlacement)] = []
        // A top folio sits in an outer corner of the header's margin: the header keeps clear of
        // the widest folio on either side, with an em of space.
        let widestFolio = MarginLine(String(layout.pageCount), fonts: fonts, size: size, maxWidth: .infinity).width
        let headerWidth = folio == .top ? textWidth - 2 * (widestFolio + size) : textWidth
        let header = self.header.map { MarginLine($0, fonts: fonts, size: size, maxWidth: max(0, headerWidth)) }
        let hasHeader = header.map { !$0.runs.isEmpty } ?? false
        if let slot = MarginPlacement.slot(of: folio, withHeader: hasHeader) {
            let line = MarginLine(String(page.number), fonts: fonts, size: size, maxWidth: .infinity)
            if let placement = MarginPlacement.place(
                in: slot.0, slot.1, pageNumber: page.number, width: line.width, size: size,
                ascent: primary.ascent, descent: primary.descent, page: setup)
            {
                result.append((line, placement))
            }
        }
        if let header, hasHeader, page.number > 1 {
            if let placement = MarginPlacement.place(
                in: .top, .centre, pageNumber: page.number, width: header.width, size: size,
                ascent: primary.ascent, descent: primary.descent, page: setup)
            {
                result.append((header, placement))
            }
        }
        return result
    }

    /// One outline entry: its title, the page it opens and the top of the heading's line there.
    struct OutlineTarget: Equatable {
        var title: String
        var pageIndex: Int
        var top: Double
    }

    /// The outline entries for `outline` in `layout`: each heading's page and the top of its line.
    func outlineTargets(in layout: Layout) -> [OutlineTarget] {
        let pageHeight = layout.settings.page.size.height
        return outline.compactMap { heading in
            guard let index = layout.pageIndex(containing: heading.offset) else { return nil }
            var top = pageHeight
            for container in layout.pages[index].containers {
                if let line = container.lines.last(where: {
                    $0.range.lowerBound <= heading.offset && heading.offset < max($0.range.upperBound, $0.range.lowerBound + 1)
                }) {
                    top = pageHeight - (container.frame.minY + line.origin.y)
                }
            }
            return OutlineTarget(title: heading.text, pageIndex: index, top: top)
        }
    }

    /// Whether a run leaves ink: white space alone draws nothing, so it is not written.
    static func isDrawn(_ text: String) -> Bool {
        text.unicodeScalars.contains { !$0.properties.isWhitespace }
    }

    private func timestamp() throws -> PDFTimestamp? {
        switch dateSource {
        case .environment: return try PDFTimestamp.fromEnvironment()
        case .fixed(let time): return time
        }
    }
}
