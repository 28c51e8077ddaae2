/// A line fragment together with where it sits: its page, column, position on the page and its
/// rectangle in page coordinates.
///
/// Page coordinates are points with the origin at the page's top-left corner and `y` growing
/// downward (TextKit's convention); a PDF viewer's origin is the bottom-left corner instead.
public struct LocatedLine: Hashable, Sendable {
    /// 1-based page number.
    public let pageNumber: Int
    /// 0-based column (container) index on the page.
    public let column: Int
    /// 1-based line number on the page, counted over all its columns in reading order.
    public let lineNumber: Int
    /// The line fragment itself (its `origin` is in container coordinates).
    public let fragment: LineFragment
    /// The frame of the line's container on the page.
    public let containerFrame: Rect

    /// Creates a located line.
    public init(pageNumber: Int, column: Int, lineNumber: Int, fragment: LineFragment, containerFrame: Rect) {
        self.pageNumber = pageNumber
        self.column = column
        self.lineNumber = lineNumber
        self.fragment = fragment
        self.containerFrame = containerFrame
    }

    /// The line box in page coordinates.
    public var rect: Rect {
        Rect(
            x: containerFrame.minX + fragment.origin.x, y: containerFrame.minY + fragment.origin.y,
            width: fragment.width, height: fragment.height)
    }
}

/// A rectangle on a page: one segment of the area a text range covers.
public struct PageRect: Hashable, Sendable {
    /// 1-based page number.
    public let pageNumber: Int
    /// The rectangle in page coordinates (top-left origin, points).
    public let rect: Rect

    /// Creates a page rectangle.
    public init(pageNumber: Int, rect: Rect) {
        self.pageNumber = pageNumber
        self.rect = rect
    }
}
