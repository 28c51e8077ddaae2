import PaginateKit

/// Where text in a margin goes (a folio or a running header), computed from the page geometry
/// alone so that it can be tested without drawing.
///
/// Margin text is set at `MarginPlacement.sizeRatio` of the text size and centred vertically in
/// its margin: the band from the primary font's descender to its ascender sits in the middle. A
/// margin lower than that band cannot hold it, and the page gets none, since drawing it would
/// overlap the text or fall off the page; layout is never changed to make room.
struct MarginPlacement: Equatable {
    /// Baseline origin in PDF coordinates (bottom-left origin).
    var x: Double
    var y: Double
    /// The text's size in points.
    var size: Double

    /// Margin text is smaller than the body, as in most books, yet readable.
    static let sizeRatio = 0.8

    /// The margin a line goes in.
    enum Band {
        case top, bottom
    }

    /// How a line sits across the text's width.
    enum Alignment {
        /// Centred over or under the text.
        case centre
        /// Flush with the text's outer edge: right on odd (recto) pages, left on even (verso).
        case outer
    }

    /// The band and alignment of a folio; with a running header in the top margin, a top folio
    /// moves to the outer corner, as books set them.
    static func slot(of position: FolioPosition, withHeader: Bool) -> (Band, Alignment)? {
        switch position {
        case .none: return nil
        case .bottom: return (.bottom, .centre)
        case .outer: return (.bottom, .outer)
        case .top: return (.top, withHeader ? .outer : .centre)
        }
    }

    /// The placement of a folio `width` points wide at `size` on page `number` (1-based), or
    /// `nil` when `position` is `.none` or the margin is too low for it.
    ///
    /// - Parameters:
    ///   - ascent: the font's ascender in em units; `descent` its descender (positive, below).
    static func place(
        _ position: FolioPosition, pageNumber number: Int, width: Double, size: Double,
        ascent: Double, descent: Double, page: PageSetup, withHeader: Bool = false
    ) -> MarginPlacement? {
        guard let (band, alignment) = slot(of: position, withHeader: withHeader) else { return nil }
        return place(in: band, alignment, pageNumber: number, width: width, size: size, ascent: ascent, descent: descent, page: page)
    }

    /// The placement of a line `width` points wide in `band`, or `nil` when the margin is too low.
    static func place(
        in band: Band, _ alignment: Alignment, pageNumber number: Int, width: Double, size: Double,
        ascent: Double, descent: Double, page: PageSetup
    ) -> MarginPlacement? {
        let height = (ascent + descent) * size
        let margins = page.margins
        let textLeft = margins.left
        let textRight = page.size.width - margins.right
        let margin: Double
        let centre: Double
        switch band {
        case .bottom:
            margin = margins.bottom
            centre = margins.bottom / 2
        case .top:
            margin = margins.top
            centre = page.size.height - margins.top / 2
        }
        guard margin >= height, height > 0 else { return nil }
        // The descender-to-ascender box is centred: its middle is (ascent - descent) / 2 above the baseline.
        let baseline = centre - (ascent - descent) / 2 * size
        let x: Double
        switch alignment {
        case .outer: x = number % 2 == 1 ? textRight - width : textLeft
        case .centre: x = (textLeft + textRight - width) / 2
        }
        return MarginPlacement(x: x, y: baseline, size: size)
    }
}
