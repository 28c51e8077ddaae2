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

    /// The largest page side, in points: PDF's limit (200 inches).
    public static let maximumSide = 14_400.0

    /// The width of one column.
    public var columnWidth: Double {
        let inner = size.width - margins.left - margins.right
        return (inner - gutter * Double(columns - 1)) / Double(columns)
    }

    /// The height of every column.
    public var columnHeight: Double { size.height - margins.top - margins.bottom }

    /// The frame of column `index` in page coordinates (top-left origin).
    public func columnFrame(_ index: Int) -> Rect {
        Rect(x: margins.left + Double(index) * (columnWidth + gutter), y: margins.top,
             width: columnWidth, height: columnHeight)
    }

    /// Checks that the setup leaves room for text.
    public func validate() throws(LayoutError) {
        let values = [size.width, size.height, margins.top, margins.right, margins.bottom, margins.left, gutter]
        guard values.allSatisfy({ $0.isFinite }) else { throw .invalidGeometry("page size, margins and gutter must be finite numbers") }
        guard size.width > 0, size.height > 0 else { throw .invalidGeometry("the page size must be positive (got \(format(size.width))x\(format(size.height)) pt)") }
        // PDF's own limit, applied to every command so that counts always match what is rendered
        // (and so widths stay far from the limits of integer arithmetic).
        guard size.width <= PageSetup.maximumSide, size.height <= PageSetup.maximumSide else {
            throw .invalidGeometry("a page must be between 3 and 14400 points on each side (got \(format(size.width))x\(format(size.height)) pt)")
        }
        guard values.dropFirst(2).allSatisfy({ $0 >= 0 }) else { throw .invalidGeometry("margins and gutter cannot be negative") }
        guard columns >= 1 else { throw .invalidGeometry("--columns must be at least 1 (got \(columns))") }
        guard columnWidth > 0, columnHeight > 0 else {
            throw .invalidGeometry("the margins\(columns > 1 ? ", columns and gutter" : "") leave no room for text on a \(format(size.width))x\(format(size.height)) pt page")
        }
    }
}

func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
