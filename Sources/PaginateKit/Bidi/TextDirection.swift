/// The base direction of paragraphs: given, or found from the text.
public enum TextDirection: String, Hashable, Sendable, CaseIterable {
    /// Each paragraph takes the direction of its first strong character (UAX #9 rules P2–P3),
    /// left to right when it has none.
    case auto
    /// Every paragraph runs left to right.
    case leftToRight = "ltr"
    /// Every paragraph runs right to left: lines start at the right edge.
    case rightToLeft = "rtl"
}
