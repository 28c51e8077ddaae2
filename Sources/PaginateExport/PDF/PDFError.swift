import PaginateKit

/// Why a PDF could not be made, in words a user can act on.
///
/// The PDF library reports numeric codes; `PDFDocument` turns them into these cases so that
/// nothing above it has to know the library's code table.
public enum PDFError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The font file could not be embedded (unreadable, not subsettable, or its licence forbids it).
    case cannotEmbedFont(path: String, reason: String)
    /// The page size is outside what a PDF page may have.
    case invalidPageSize(width: Double, height: Double)
    /// `SOURCE_DATE_EPOCH` is set but is not a usable timestamp.
    case invalidSourceDateEpoch(String)
    /// The finished document could not be serialised or written.
    case cannotWrite(reason: String)
    /// Any other failure inside the PDF library; `operation` says what was being done.
    case libraryFailure(operation: String, reason: String)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .cannotEmbedFont(let path, let reason):
            return
                "cannot embed font '\(path)': \(reason); give a TrueType (.ttf) or CFF OpenType (.otf) font, or a face of a collection (.ttc#N), that permits embedding"
        case .invalidPageSize(let width, let height):
            return
                "a PDF page must be between \(Int(PDFLimits.minimumPageSide)) and \(Int(PDFLimits.maximumPageSide)) points on each side (got \(points(width))x\(points(height)) pt)"
        case .invalidSourceDateEpoch(let value):
            return "SOURCE_DATE_EPOCH must be a whole number of seconds since 1970-01-01 UTC, before the year 10000 (got '\(value)')"
        case .cannotWrite(let reason):
            return "cannot write PDF: \(reason)"
        case .libraryFailure(let operation, let reason):
            return "cannot make PDF: \(reason) while \(operation)"
        }
    }
}

/// Limits of the PDF writer that callers may want to check before rendering: the engine's page
/// limits (`PageSetup`), which are PDF's, so that every laid-out page can be written.
public enum PDFLimits {
    /// The smallest page side a PDF page may have, in points.
    public static let minimumPageSide = PageSetup.minimumSide
    /// The largest page side a PDF page may have, in points (PDF 1.x's 200-inch limit).
    public static let maximumPageSide = PageSetup.maximumSide
}

private func points(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
