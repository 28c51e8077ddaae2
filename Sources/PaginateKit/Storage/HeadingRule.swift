/// Decides which lines are headings: a line standing alone between blank lines whose text matches
/// a regular expression.
///
/// The built-in rule recognises chapter, book and part headings the way plain-text books write
/// them — `CHAPTER I.`, `Chapter 12`, `CHAPTER XLII`, `BOOK ONE`, `PART II`, `Chapter the Last`,
/// optionally followed by a short title (`CHAPTER I. The Beginning`, `Chapter 12: In Which…`) —
/// and must match the whole line. A custom pattern only has to match somewhere in the line, as
/// with `grep`; anchor it with `^` and `$` to match whole lines. Either way the line is matched
/// without its leading and trailing white space, so centred headings match too.
struct HeadingRule {
    /// The built-in pattern: a keyword, a number (arabic, roman or in words, case-insensitive), the
    /// punctuation after it, and an optional title of up to 60 characters. A title after a space
    /// alone must not start with a lower-case letter, so that `Part one of the problem` is prose.
    static let builtInPattern: String = {
        let unit =
            "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
            + "|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred"
            + "|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last"
        let number = "[0-9]+|[ivxlcdm]+|(?:the\\s+)?(?:\(unit))(?:[\\s-]+(?:\(unit)))*"
        return "(?i:chapter|book|part)\\s+(?i:\(number))[.:\\])]*"
            + "(?:\\s*[.:—–-]+\\s*\\S.{0,59}|\\s+[^\\p{Ll}\\s].{0,59})?"
    }()

    private let regex: Regex<AnyRegexOutput>
    private let isBuiltIn: Bool

    /// The rule for `pattern`, or the built-in rule when it is `nil`.
    /// - Throws: `LayoutError.invalidHeadingPattern` when the pattern is not a valid regular expression.
    init(pattern: String?) throws(LayoutError) {
        isBuiltIn = pattern == nil
        do {
            regex = try Regex(pattern ?? HeadingRule.builtInPattern)
        } catch {
            // Swift's parser explains itself in one short phrase, e.g. "expected ')'".
            let reason = "\(error)".split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
            throw .invalidHeadingPattern(pattern: pattern ?? "", reason: reason)
        }
    }

    /// The rule of `settings`, or `nil` in `lines` mode, where no line stands alone between blank lines.
    static func of(_ settings: LayoutSettings) throws(LayoutError) -> HeadingRule? {
        guard settings.paragraphMode != .lines else { return nil }
        guard let pattern = settings.typography.headingPattern else { return builtIn }
        return try HeadingRule(pattern: pattern)
    }

    /// The built-in rule, compiled once: parsing the pattern costs more than splitting a short text.
    // Shared by every layout on every thread. A `Regex` is immutable once made (the program it
    // compiles on first use is published atomically by the string-processing library); it is not
    // Sendable only because its output type, `AnyRegexOutput`, is not, and `matches` never lets
    // an output leave the calling thread.
    nonisolated(unsafe) private static let builtIn: HeadingRule = {
        do {
            return try HeadingRule(pattern: nil)
        } catch {
            preconditionFailure("the built-in heading pattern does not compile: \(error)")
        }
    }()

    /// Whether the line `bytes[range]` (its content, without terminator) is a heading.
    ///
    /// - Complexity: O(*n*) to decode the line, plus the regular expression's matching.
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, HeadingRule.isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, HeadingRule.isSpace(bytes[upper - 1]) { upper -= 1 }
        guard lower < upper else { return false }
        if isBuiltIn {
            // Most candidates are short lines of prose or dialogue: a keyword's first letter is a
            // cheap filter before the regular expression runs.
            guard upper - lower <= 120, [0x43, 0x63, 0x42, 0x62, 0x50, 0x70].contains(bytes[lower]) else { return false }
        }
        let line = String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
        if isBuiltIn { return (try? regex.wholeMatch(in: line)) != nil }
        return (try? regex.firstMatch(in: line)) != nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }
}
