/// The text one container received.
public struct ContainerLayout: Hashable, Sendable {
    /// Where the container sits on its page, in page coordinates (top-left origin).
    public let frame: Rect
    /// The lines placed in the container, top to bottom.
    public let lines: [LineFragment]

    /// Creates a filled container.
    public init(frame: Rect, lines: [LineFragment]) {
        self.frame = frame
        self.lines = lines
    }
}

/// One page of a finished layout: its containers (one, or one per column) and its byte range.
public struct Page: Hashable, Sendable {
    /// 1-based page number.
    public let number: Int
    /// Source bytes the page holds (half-open). Pages partition the input.
    public let range: Range<Int>
    /// The page's containers in reading order (columns left to right).
    public let containers: [ContainerLayout]

    /// Creates a page.
    public init(number: Int, range: Range<Int>, containers: [ContainerLayout]) {
        self.number = number
        self.range = range
        self.containers = containers
    }

    /// Number of lines on the page, over all its containers.
    public var lineCount: Int { containers.reduce(0) { $0 + $1.lines.count } }

    /// All lines of the page in reading order.
    public var lines: [LineFragment] { containers.flatMap(\.lines) }
}
