/// Everything that decides where lines and pages break, besides the text and the fonts.
///
/// Two layouts of the same text with equal settings and fonts are identical, which is what lets
/// `count`, `map`, `locate` and `render` agree.
public struct LayoutSettings: Hashable, Sendable {
    /// Page size, margins and columns.
    public var page: PageSetup
    /// Font size in points.
    public var fontSize: Double
    /// Line pitch as a multiple of the font size.
    public var lineHeight: Double
    /// How source lines become paragraphs.
    public var paragraphMode: ParagraphMode
    /// Distance between tab stops, in multiples of the primary font's space width.
    public var tabWidth: Int
    /// Alignment, line breaking, hyphenation, kerning and paragraph rules.
    public var typography: Typography

    /// Creates settings.
    public init(page: PageSetup, fontSize: Double = 11, lineHeight: Double = 1.2,
                paragraphMode: ParagraphMode = .auto, tabWidth: Int = 8, typography: Typography = Typography()) {
        self.page = page
        self.fontSize = fontSize
        self.lineHeight = lineHeight
        self.paragraphMode = paragraphMode
        self.tabWidth = tabWidth
        self.typography = typography
    }

    /// The defaults of the command-line tool: a 400×600 pt page, 36 pt margins, 11 pt type.
    public static let bookDefaults = LayoutSettings(
        page: PageSetup(size: Size(width: 400, height: 600), margins: EdgeInsets(all: 36)))

    /// Checks every number before layout starts.
    public func validate() throws(LayoutError) {
        try page.validate()
        guard fontSize.isFinite, fontSize >= 1, fontSize <= 1000 else {
            throw .invalidSetting("--size must be between 1 and 1000 points (got \(format(fontSize)))")
        }
        guard lineHeight.isFinite, lineHeight >= 0.5, lineHeight <= 10 else {
            throw .invalidSetting("--line-height must be between 0.5 and 10 (got \(format(lineHeight)))")
        }
        guard tabWidth >= 1, tabWidth <= 64 else {
            throw .invalidSetting("the tab width must be between 1 and 64 spaces (got \(tabWidth))")
        }
        try typography.validate()
    }
}
