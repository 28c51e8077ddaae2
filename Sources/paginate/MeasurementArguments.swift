import ArgumentParser
import PaginateKit

/// `--page`: a page size as people type it (`400x600`, `148x210mm`, `a5`), read by `Measurement`
/// while the command line is parsed, so a bad one is a usage error before any work starts.
struct PageSizeArgument: ExpressibleByArgument, Hashable {
    let size: Size

    init(_ size: Size) { self.size = size }

    init?(argument: String) {
        guard let size = try? Measurement.pageSize(argument) else { return nil }
        self.size = size
    }

    var defaultValueDescription: String { "\(LayoutError.format(size.width))x\(LayoutError.format(size.height))" }
}

/// `--margin`: one length for every side, or four (`top,right,bottom,left`).
struct MarginsArgument: ExpressibleByArgument, Hashable {
    let insets: EdgeInsets

    init(_ insets: EdgeInsets) { self.insets = insets }

    init?(argument: String) {
        guard let insets = try? Measurement.margins(argument) else { return nil }
        self.insets = insets
    }

    var defaultValueDescription: String {
        let sides = [insets.top, insets.right, insets.bottom, insets.left]
        return Set(sides).count == 1 ? LayoutError.format(sides[0]) : sides.map(LayoutError.format).joined(separator: ",")
    }
}

/// A length (`--gutter`, `--indent`, `--paragraph-spacing`): a number with an optional unit pt, mm, cm or in.
struct LengthArgument: ExpressibleByArgument, Hashable {
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
struct HyphenationMinimumArgument: ExpressibleByArgument, Hashable {
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
