/// Why a layout could not be made, with the values a caller needs to explain it in its own terms.
///
/// `description` words each case for a library user (the settings by their property names); the
/// command-line tool words them with its flags instead.
public enum LayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A setting's value is outside `allowed` (or not a finite number). For `.pageSize` the value
    /// is the offending side; `pageSizeOutOfRange` carries both sides.
    case outOfRange(LayoutSetting, value: Double, allowed: ClosedRange<Double>)
    /// A page side is outside `allowed` (or not a finite number).
    case pageSizeOutOfRange(Size, allowed: ClosedRange<Double>)
    /// The margins (and, with several columns, the gutters) leave no room for text on the page.
    case noRoomForText(page: Size, columns: Int)
    /// Text that should be a length, page size or margin list cannot be read (`Measurement`).
    case unreadableMeasurement(text: String, kind: Measurement.Kind)
    /// A heading pattern is not a valid regular expression; `reason` is the parser's explanation.
    case invalidHeadingPattern(pattern: String, reason: String)
    /// Hyphenation was asked for but cannot be set up.
    case hyphenationUnavailable(HyphenationError)
    /// Not even one line fits into an empty container.
    case containerTooSmall(String)

    /// The message shown to a library user.
    public var description: String {
        switch self {
        case .outOfRange(let setting, let value, let allowed):
            return "\(setting.name) \(LayoutError.rangeSentence(value: value, allowed: allowed, unit: setting.unit))"
        case .pageSizeOutOfRange(let size, let allowed):
            return
                "a page must be between \(LayoutError.format(allowed.lowerBound)) and \(LayoutError.format(allowed.upperBound)) points on each side (got \(LayoutError.format(size.width))x\(LayoutError.format(size.height)) pt)"
        case .noRoomForText(let page, let columns):
            return
                "the margins\(columns > 1 ? ", columns and gutter" : "") leave no room for text on a \(LayoutError.format(page.width))x\(LayoutError.format(page.height)) pt page"
        case .unreadableMeasurement(let text, let kind):
            return "'\(text)' is not \(kind.expectation)"
        case .invalidHeadingPattern(let pattern, let reason):
            return "the heading pattern is not a valid regular expression (\(reason)): \(pattern)"
        case .hyphenationUnavailable(let error):
            return error.description
        case .containerTooSmall(let message):
            return message
        }
    }

    /// "must be between 1 and 1000 points (got 0)", "cannot be negative (got -5)", "must be at
    /// least 1 (got 0)": the part of a range message after the setting's name.
    package static func rangeSentence(value: Double, allowed: ClosedRange<Double>, unit: String) -> String {
        let unitSuffix = unit.isEmpty ? "" : " \(unit)"
        let got = "(got \(format(value)))"
        if value < allowed.lowerBound, allowed.lowerBound == 0 { return "cannot be negative \(got)" }
        if allowed.upperBound == .infinity { return "must be at least \(format(allowed.lowerBound)) \(got)" }
        return "must be between \(format(allowed.lowerBound)) and \(format(allowed.upperBound))\(unitSuffix) \(got)"
    }

    /// A number as people write it: whole numbers without a decimal point.
    package static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
