/// A fixed-size region that receives lines, as TextKit's `NSTextContainer`.
///
/// A layout fills a chain of containers in order and appends more until the text ends. Exclusion
/// rectangles (TextKit's `exclusionPaths`) are holes the text flows around: a line beside one is
/// shortened, and moves below it when too little width is left.
public struct TextContainer: Hashable, Sendable {
    /// Width and height of the container.
    public var size: Size
    /// Rectangles, in the container's coordinates, that no line may overlap.
    public var exclusions: [Rect]

    /// Creates a container.
    public init(size: Size, exclusions: [Rect] = []) {
        self.size = size
        self.exclusions = exclusions
    }

    /// The horizontal span a line occupying the band `[top, top + height)` may use.
    ///
    /// The band minus the exclusions that overlap it leaves free intervals; the widest one is chosen
    /// (the leftmost among equals). Returns `nil` when no interval is at least `minimumWidth` wide.
    /// - Complexity: O(*e* log *e*) for *e* exclusions.
    public func lineSpan(top: Double, height: Double, minimumWidth: Double) -> (x: Double, width: Double)? {
        let blocking =
            exclusions
            .filter { $0.overlapsVertically(top, top + height) && $0.maxX > 0 && $0.minX < size.width }
            .sorted { $0.minX < $1.minX }
        if blocking.isEmpty {
            return size.width >= minimumWidth ? (0, size.width) : nil
        }
        var best: (x: Double, width: Double)?
        var cursor = 0.0
        for rect in blocking {
            let gap = rect.minX - cursor
            if gap > (best?.width ?? -1) { best = (cursor, gap) }
            cursor = max(cursor, rect.maxX)
        }
        let tail = size.width - cursor
        if tail > (best?.width ?? -1) { best = (cursor, tail) }
        guard let span = best, span.width >= minimumWidth else { return nil }
        return span
    }

    /// The lowest bottom edge among exclusions overlapping the band, for moving a line below them.
    func bottomOfExclusions(overlapping top: Double, _ height: Double) -> Double? {
        exclusions.filter { $0.overlapsVertically(top, top + height) }.map(\.maxY).max()
    }
}
