/// The geometry of every page: its size, margins and columns.
///
/// Each page holds `columns` text containers side by side, separated by `gutter`, inside the
/// margins. The containers of all pages form the layout's container chain.
public struct PageSetup: Hashable, Sendable {
    /// Page size in points.
    public var size: Size
    /// Margins in points.
    public var margins: EdgeInsets
    /// Number of columns (containers) per page; at least 1.
    public var columns: Int
    /// Space between columns in points.
    public var gutter: Double

    /// Creates a page setup.
    public init(size: Size, margins: EdgeInsets, columns: Int = 1, gutter: Double = 18) {
        self.size = size
        self.margins = margins
        self.columns = columns
        self.gutter = gutter
    }

    /// The smallest page side, in points: the smallest page a PDF may have.
    public static let minimumSide = 3.0
    /// The largest page side, in points: PDF's limit (200 inches). Also keeps widths far from the
    /// limits of the integer arithmetic that measures lines.
    public static let maximumSide = 14_400.0
    /// The page sides every command accepts, so that counts always match what is rendered.
    public static let sideRange = minimumSide...maximumSide
    /// The margins and the gutter a setup may have, in points (at most a whole page).
    public static let spacingRange = 0...maximumSide
    /// The fewest columns a page may have.
    public static let columnRange = 1.0...Double.infinity

    /// The width of one column.
    public var columnWidth: Double {
        let inner = size.width - margins.left - margins.right
        return (inner - gutter * Double(columns - 1)) / Double(columns)
    }

    /// The height of every column.
    public var columnHeight: Double { size.height - margins.top - margins.bottom }

    /// The frame of column `index` in page coordinates (top-left origin).
    public func columnFrame(_ index: Int) -> Rect {
        Rect(
            x: margins.left + Double(index) * (columnWidth + gutter), y: margins.top,
            width: columnWidth, height: columnHeight)
    }

    /// Checks that the setup leaves room for text.
    /// - Throws: `LayoutError.pageSizeOutOfRange`, `.outOfRange` (margins, gutter, columns) or
    ///   `.noRoomForText`.
    public func validate() throws(LayoutError) {
        // Written so that NaN fails every check.
        guard PageSetup.sideRange.contains(size.width), PageSetup.sideRange.contains(size.height) else {
            throw .pageSizeOutOfRange(size, allowed: PageSetup.sideRange)
        }
        for margin in [margins.top, margins.right, margins.bottom, margins.left] where !PageSetup.spacingRange.contains(margin) {
            throw .outOfRange(.margins, value: margin, allowed: PageSetup.spacingRange)
        }
        guard PageSetup.spacingRange.contains(gutter) else {
            throw .outOfRange(.gutter, value: gutter, allowed: PageSetup.spacingRange)
        }
        guard PageSetup.columnRange.contains(Double(columns)) else {
            throw .outOfRange(.columns, value: Double(columns), allowed: PageSetup.columnRange)
        }
        guard columnWidth > 0, columnHeight > 0 else { throw .noRoomForText(page: size, columns: columns) }
    }
}

/// A number in a message (see `LayoutError.format`).
func format(_ value: Double) -> String {
    LayoutError.format(value)
}
