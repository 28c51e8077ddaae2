/// Parsing of the lengths and page sizes people type: `400x600`, `148x210mm`, `6x9in`, `a5`, `36`, `1.5cm`.
public enum Measurement {
    /// What a piece of text was expected to be, for `LayoutError.unreadableMeasurement`.
    public enum Kind: String, Hashable, Sendable {
        /// One length: a number with an optional unit.
        case length
        /// A page size: `WxH` with an optional unit, or a name.
        case pageSize
        /// Margins: one length, or four separated by commas.
        case margins

        /// What the text should have been, as the end of "'…' is not …".
        public var expectation: String {
            switch self {
            case .length:
                "a length; write a number with an optional unit pt, mm, cm or in (e.g. 36, 12.7mm, 0.5in)"
            case .pageSize:
                "a page size; write WxH with an optional unit (400x600, 148x210mm, 6x9in) or a name: \(Measurement.namedPageSizes.keys.sorted().joined(separator: ", "))"
            case .margins:
                "a margin; give one length or four separated by commas (top,right,bottom,left)"
            }
        }
    }

    /// Units a length may carry, with their size in points.
    public static let units: [(suffix: String, points: Double)] = [
        ("pt", 1), ("mm", 72 / 25.4), ("cm", 72 / 2.54), ("in", 72),
    ]

    /// Named page sizes in points (ISO 216 and North American sizes).
    public static let namedPageSizes: [String: Size] = [
        "a4": Size(width: 595.276, height: 841.89),
        "a5": Size(width: 419.528, height: 595.276),
        "a6": Size(width: 297.638, height: 419.528),
        "b5": Size(width: 498.898, height: 708.661),
        "letter": Size(width: 612, height: 792),
        "legal": Size(width: 612, height: 1008),
    ]

    /// Parses one length; a number without a unit is in points.
    /// - Throws: `LayoutError.unreadableMeasurement` naming the text that could not be read.
    public static func length(_ text: String) throws(LayoutError) -> Double {
        let trimmed = text.trimmingSpaces.lowercased()
        var number = Substring(trimmed)
        var factor = 1.0
        for unit in units where trimmed.hasSuffix(unit.suffix) {
            number = trimmed.dropLast(unit.suffix.count)
            factor = unit.points
            break
        }
        guard let value = Double(number), value.isFinite else {
            throw .unreadableMeasurement(text: text, kind: .length)
        }
        return value * factor
    }

    /// Parses a page size: a name (`a4 a5 a6 b5 letter legal`) or `WxH` with one unit for both.
    public static func pageSize(_ text: String) throws(LayoutError) -> Size {
        let trimmed = text.trimmingSpaces.lowercased()
        if let named = namedPageSizes[trimmed] { return named }
        let parts = trimmed.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw .unreadableMeasurement(text: text, kind: .pageSize)
        }
        var unit = ""
        for candidate in units where parts[1].hasSuffix(candidate.suffix) { unit = candidate.suffix }
        let width = String(parts[0]).hasSuffixUnit ? String(parts[0]) : String(parts[0]) + unit
        // A side that cannot be read makes the whole size unreadable: the message quotes what was typed.
        guard let width = try? length(width), let height = try? length(String(parts[1])) else {
            throw .unreadableMeasurement(text: text, kind: .pageSize)
        }
        return Size(width: width, height: height)
    }

    /// Parses margins: one length for all sides, or four (`top,right,bottom,left`).
    public static func margins(_ text: String) throws(LayoutError) -> EdgeInsets {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        switch parts.count {
        case 1: return EdgeInsets(all: try length(parts[0]))
        case 4:
            return EdgeInsets(
                top: try length(parts[0]), right: try length(parts[1]),
                bottom: try length(parts[2]), left: try length(parts[3]))
        default:
            throw .unreadableMeasurement(text: text, kind: .margins)
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    fileprivate var hasSuffixUnit: Bool {
        Measurement.units.contains { lowercased().hasSuffix($0.suffix) }
    }
}
