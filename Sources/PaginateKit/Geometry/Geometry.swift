/// A point in a text container's or page's coordinate space, in PDF points.
///
/// The origin is the top-left corner and `y` grows downward, as in TextKit.
public struct Point: Hashable, Sendable {
    /// Horizontal distance from the left edge.
    public var x: Double
    /// Vertical distance from the top edge.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A width and a height in PDF points.
public struct Size: Hashable, Sendable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle; `origin` is its top-left corner.
public struct Rect: Hashable, Sendable {
    /// The top-left corner.
    public var origin: Point
    /// The extent.
    public var size: Size

    /// Creates a rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// The width.
    public var width: Double { size.width }
    /// The height.
    public var height: Double { size.height }

    /// Whether the open vertical band `[top, bottom)` overlaps this rectangle.
    public func overlapsVertically(_ top: Double, _ bottom: Double) -> Bool {
        top < maxY && bottom > minY
    }
}
