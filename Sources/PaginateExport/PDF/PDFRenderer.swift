import PaginateKit

/// Draws a finished `Layout` as a PDF: one PDF page per layout page, each run at its laid-out place.
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
    /// Fonts are embedded lazily, on their first use, so a book that never needs a fallback font
    /// does not carry it.
    /// - Throws: `PDFError` when a font cannot be embedded, the page size is not valid for PDF,
    ///   `SOURCE_DATE_EPOCH` is malformed, or the document cannot be serialised.
    public func render(_ layout: Layout) throws -> [UInt8] {
        let document = try PDFDocument(expectedPageCount: layout.pages.count)
        try document.setInfo(title: title, creator: creator, producer: PDFRenderer.producer)
        if let time = try timestamp() { try document.setDates(time) }

        var loaded: [Int: PDFFontHandle] = [:]
        func handle(for index: Int) throws -> PDFFontHandle {
            if let known = loaded[index] { return known }
            precondition(fonts.fonts.indices.contains(index), "run font index \(index) is outside the font chain")
            let font = fonts.fonts[index]
            let handle = try document.loadTrueTypeFont(path: font.path, faceIndex: font.faceIndex)
            loaded[index] = handle
            return handle
        }

        let size = layout.settings.page.size
        let fontSize = layout.settings.fontSize
        for page in layout.pages {
            try document.addPage(width: size.width, height: size.height)
            let runs = page.containers.lazy.flatMap { container in
                container.lines.lazy.flatMap { line in line.runs.lazy.map { (container.frame, line, $0) } }
            }
            var opened = false
            // Tf persists within a page's content stream, so it is only repeated when the font changes.
            var currentFont: Int?
            for (frame, line, run) in runs where PDFRenderer.isDrawn(run.text) {
                if !opened {
                    try document.beginText()
                    opened = true
                }
                if currentFont != run.fontIndex {
                    try document.setFont(try handle(for: run.fontIndex), size: fontSize)
                    currentFont = run.fontIndex
                }
                let x = frame.minX + line.origin.x + run.x
                let baseline = size.height - (frame.minY + line.origin.y + line.baseline)
                try document.showText(run.text, atX: x, y: baseline)
            }
            if opened { try document.endText() }
        }
        return try document.save()
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
