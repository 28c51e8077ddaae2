/// How layout pages are placed on the PDF's sheets.
public enum Imposition: String, CaseIterable, Sendable {
    /// One page per sheet: the PDF's pages are the layout's pages.
    case none
    /// Two pages side by side on a sheet twice the page's width: pages 1 and 2 on the first sheet,
    /// 3 and 4 on the next, an odd last page alone on the left; for printing two pages to a sheet.
    case twoUp = "2up"

    /// Layout pages per sheet.
    public var pagesPerSheet: Int {
        switch self {
        case .none: return 1
        case .twoUp: return 2
        }
    }

    /// The number of sheets `pageCount` layout pages fill.
    public func sheetCount(pages pageCount: Int) -> Int {
        (pageCount + pagesPerSheet - 1) / pagesPerSheet
    }
}
