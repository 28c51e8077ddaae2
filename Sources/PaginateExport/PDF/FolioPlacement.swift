import PaginateKit

/// Where one page's folio goes, computed from the page geometry alone so that it can be tested
/// without drawing.
///
/// A folio is set in the primary font at `FolioPlacement.sizeRatio` of the text size, and centred
/// vertically in its margin: the band from the font's descender to its ascender sits in the middle.
/// A margin lower than that band cannot hold the folio, and the page gets none, since drawing it
/// would overlap the text or fall off the page; layout is never changed to make room.
struct FolioPlacement: Equatable {
    /// Baseline origin in PDF coordinates (bottom-left origin).
    var x: Double
    var y: Double
    /// The folio's size in points.
    var size: Double

    /// Folios are smaller than the text, as in most books, yet readable.
    static let sizeRatio = 0.8

    /// The placement of `label` (already measured: `width` points at `size`) on page `number`
    /// (1-based), or `nil` when `position` is `.none` or the margin is too low for it.
    ///
    /// - Parameters:
    ///   - ascent: the font's ascender in em units; `descent` its descender (positive, below).
    static func place(_ position: FolioPosition, pageNumber number: Int, width: Double, size: Double,
                      ascent: Double, descent: Double, page: PageSetup) -> FolioPlacement? {
        let height = (ascent + descent) * size
        let margins = page.margins
        let textLeft = margins.left
        let textRight = page.size.width - margins.right
        let bandCentre: Double
        let band: Double
        switch position {
        case .none:
            return nil
        case .bottom, .outer:
            band = margins.bottom
            bandCentre = margins.bottom / 2
        case .top:
            band = margins.top
            bandCentre = page.size.height - margins.top / 2
        }
        guard band >= height, height > 0 else { return nil }
        // The descender-to-ascender box is centred: its middle is (ascent - descent) / 2 above the baseline.
        let baseline = bandCentre - (ascent - descent) / 2 * size
        let x: Double
        switch position {
        case .outer:
            x = number % 2 == 1 ? textRight - width : textLeft
        default:
            x = (textLeft + textRight - width) / 2
        }
        return FolioPlacement(x: x, y: baseline, size: size)
    }
}
