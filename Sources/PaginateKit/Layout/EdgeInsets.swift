/// Distances from the four edges of a page, in points.
public struct EdgeInsets: Hashable, Sendable {
    /// Distance from the top edge.
    public var top: Double
    /// Distance from the right edge.
    public var right: Double
    /// Distance from the bottom edge.
    public var bottom: Double
    /// Distance from the left edge.
    public var left: Double

    /// Creates insets from four values, in CSS order.
    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// Creates equal insets on all four sides.
    public init(all value: Double) {
        self.init(top: value, right: value, bottom: value, left: value)
    }
}
