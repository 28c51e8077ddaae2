import ArgumentParser
import PaginateKit

// The measurements people type on the command line, read by `Measurement` while the command line
// is parsed, so a bad one is a usage error before any work starts, and `--help` shows each default
// as it would be typed.

/// `--page`: `400x600`, `148x210mm`, `a5`.
extension Size: ExpressibleByArgument {
    public init?(argument: String) {
        guard let size = try? Measurement.pageSize(argument) else { return nil }
        self = size
    }

    public var defaultValueDescription: String { "\(LayoutError.format(width))x\(LayoutError.format(height))" }
}

/// `--margin`: one length for every side, or four (`top,right,bottom,left`).
extension EdgeInsets: ExpressibleByArgument {
    public init?(argument: String) {
        guard let insets = try? Measurement.margins(argument) else { return nil }
        self = insets
    }

    public var defaultValueDescription: String {
        let sides = [top, right, bottom, left]
        return Set(sides).count == 1 ? LayoutError.format(top) : sides.map(LayoutError.format).joined(separator: ",")
    }
}

/// A length (`--gutter`, `--indent`, `--paragraph-spacing`): a number with an optional unit pt, mm, cm or in.
struct Length: ExpressibleByArgument, Hashable {
    /// The length in points.
    let points: Double

    init(_ points: Double) { self.points = points }

    init?(argument: String) {
        guard let points = try? Measurement.length(argument) else { return nil }
        self.points = points
    }

    var defaultValueDescription: String { LayoutError.format(points) }
}

/// `--hyphenate-min`: the fewest letters before and after a hyphen, as `left,right`.
struct HyphenationMinimum: ExpressibleByArgument, Hashable {
    let left: Int
    let right: Int

    init(left: Int, right: Int) {
        self.left = left
        self.right = right
    }

    init?(argument: String) {
        let numbers = argument.split(separator: ",", omittingEmptySubsequences: false).map { Int(String($0.filter { $0 != " " })) }
        guard numbers.count == 2, let left = numbers[0], let right = numbers[1] else { return nil }
        self.init(left: left, right: right)
    }

    var defaultValueDescription: String { "\(left),\(right)" }
}
