/// How lines sit between a container's edges.
public enum TextAlignment: String, CaseIterable, Hashable, Sendable {
    /// Ragged right: lines start at the left edge (TextKit's natural alignment for left-to-right text).
    case left
    /// Both edges straight: inter-word spaces stretch or shrink; a paragraph's last line stays natural.
    case justify
    /// Lines centred between the edges.
    case center
    /// Ragged left: lines end at the right edge.
    case right
}

/// How a paragraph's line breaks are chosen.
public enum LineBreakingStrategy: String, CaseIterable, Hashable, Sendable {
    /// Optimal breaking for justified text, greedy otherwise.
    case auto
    /// First fit, one line at a time: each line takes as much as fits (TextKit's rule; the fastest).
    case greedy
    /// Knuth–Plass total fit: the breaks that minimise the paragraph's total demerits.
    case optimal
}

/// Typographic choices beyond geometry: alignment, line breaking, hyphenation, kerning, and how
/// paragraphs meet page breaks.
///
/// The defaults reproduce plain TextKit-like pagination — ragged right, greedy breaks, no
/// hyphenation or kerning — except for widow and orphan control, which books expect.
public struct Typography: Hashable, Sendable {
    /// Horizontal alignment of lines.
    public var alignment: TextAlignment
    /// How line breaks are chosen.
    public var breaking: LineBreakingStrategy
    /// The hyphenation language (a BCP 47 tag such as `en-US`), or `nil` for no hyphenation.
    /// Soft hyphens in the text are honoured either way.
    public var hyphenationLanguage: String?
    /// Fewest letters of a hyphenated word before the hyphen (TeX's `\lefthyphenmin`).
    public var hyphenationLeftMinimum: Int
    /// Fewest letters of a hyphenated word after the hyphen (TeX's `\righthyphenmin`).
    public var hyphenationRightMinimum: Int
    /// Whether pair kerning from the font adjusts advances.
    public var kerning: Bool
    /// The fewest lines of a paragraph left alone at the head of a page or column.
    public var widows: Int
    /// The fewest lines of a paragraph left alone at the foot of a page or column.
    public var orphans: Int
    /// Indent of a paragraph's first line, in points.
    public var firstLineIndent: Double
    /// Space between two paragraphs in points, or `nil` for one empty line (the blank line of the
    /// source kept, dropped at the top of a container).
    public var paragraphSpacing: Double?
    /// A regular expression a line standing alone between blank lines must match (anywhere in the
    /// line, white space around it trimmed) to be a heading, or `nil` for the built-in rule
    /// (`CHAPTER I.`, `Chapter 12`, `BOOK ONE`, …).
    public var headingPattern: String?
    /// Whether each heading starts a new page.
    public var chapterBreak: Bool
    /// The style headings are measured and drawn in: their chain is the font chain's
    /// `chain(for:)` of this style, or its regular chain when it has no faces of that style
    /// (`FontChain.bundled(styles:)` opens the bundled family's).
    public var headingStyle: FontStyle
    /// The base direction of paragraphs: each from its first strong character (`auto`), or forced.
    public var direction: TextDirection
    /// Whether the fonts' standard ligatures (`liga`, `clig`: fi, fl, …) are drawn. Off by default,
    /// so text copied from the PDF stays plain letters; on, every paragraph goes through the shaper.
    public var ligatures: Bool

    /// Creates typographic settings.
    public init(
        alignment: TextAlignment = .left, breaking: LineBreakingStrategy = .auto,
        hyphenationLanguage: String? = nil, kerning: Bool = false, widows: Int = 2, orphans: Int = 2,
        firstLineIndent: Double = 0, paragraphSpacing: Double? = nil, headingPattern: String? = nil, chapterBreak: Bool = false,
        hyphenationLeftMinimum: Int = 2, hyphenationRightMinimum: Int = 3, headingStyle: FontStyle = .regular,
        direction: TextDirection = .auto, ligatures: Bool = false
    ) {
        self.alignment = alignment
        self.breaking = breaking
        self.hyphenationLanguage = hyphenationLanguage
        self.kerning = kerning
        self.widows = widows
        self.orphans = orphans
        self.firstLineIndent = firstLineIndent
        self.paragraphSpacing = paragraphSpacing
        self.headingPattern = headingPattern
        self.chapterBreak = chapterBreak
        self.hyphenationLeftMinimum = hyphenationLeftMinimum
        self.hyphenationRightMinimum = hyphenationRightMinimum
        self.headingStyle = headingStyle
        self.direction = direction
        self.ligatures = ligatures
    }

    /// The style a paragraph is set in: the heading style for headings, regular for the rest.
    public func fontStyle(isHeading: Bool) -> FontStyle {
        isHeading ? headingStyle : .regular
    }

    /// Whether lines are chosen by total fit rather than first fit.
    public var usesOptimalBreaking: Bool {
        switch breaking {
        case .auto: alignment == .justify
        case .greedy: false
        case .optimal: true
        }
    }

    /// The language a program hyphenates in when its user asks for hyphenation without naming one.
    public static let defaultHyphenationLanguage = "en-US"
    /// The widow and orphan minimums the engine accepts, in lines.
    public static let lineMinimumRange = 1...100
    /// The hyphenation minimums the engine accepts, in letters.
    public static let hyphenationMinimumRange = 1...20
    /// The first-line indents and paragraph spacings the engine accepts, in points (at most a page).
    public static let spacingRange = 0...PageSetup.maximumSide

    /// Checks every number before layout starts.
    /// - Throws: `LayoutError.outOfRange` naming the setting, or `.invalidHeadingPattern`.
    public func validate() throws(LayoutError) {
        func check(_ value: Int, _ range: ClosedRange<Int>, _ setting: LayoutSetting) throws(LayoutError) {
            guard range.contains(value) else {
                throw .outOfRange(setting, value: Double(value), allowed: Double(range.lowerBound)...Double(range.upperBound))
            }
        }
        try check(widows, Typography.lineMinimumRange, .widows)
        try check(orphans, Typography.lineMinimumRange, .orphans)
        guard Typography.spacingRange.contains(firstLineIndent) else {
            throw .outOfRange(.firstLineIndent, value: firstLineIndent, allowed: Typography.spacingRange)
        }
        if let paragraphSpacing, !Typography.spacingRange.contains(paragraphSpacing) {
            throw .outOfRange(.paragraphSpacing, value: paragraphSpacing, allowed: Typography.spacingRange)
        }
        try check(hyphenationLeftMinimum, Typography.hyphenationMinimumRange, .hyphenationMinimum)
        try check(hyphenationRightMinimum, Typography.hyphenationMinimumRange, .hyphenationMinimum)
        if let headingPattern {
            _ = try HeadingRule(pattern: headingPattern)
        }
    }
}
