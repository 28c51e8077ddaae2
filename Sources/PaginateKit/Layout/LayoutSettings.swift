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
    public init(
        page: PageSetup, fontSize: Double = 11, lineHeight: Double = 1.2,
        paragraphMode: ParagraphMode = .auto, tabWidth: Int = 8, typography: Typography = Typography()
    ) {
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

    /// The font sizes the engine accepts, in points.
    public static let fontSizeRange = 1.0...1000
    /// The line heights the engine accepts, as multiples of the font size.
    public static let lineHeightRange = 0.5...10
    /// The tab widths the engine accepts, in spaces.
    public static let tabWidthRange = 1...64

    /// Checks every number before layout starts.
    /// - Throws: the first `LayoutError` of the page setup, the type settings or the typography.
    public func validate() throws(LayoutError) {
        try page.validate()
        guard LayoutSettings.fontSizeRange.contains(fontSize) else {
            throw .outOfRange(.fontSize, value: fontSize, allowed: LayoutSettings.fontSizeRange)
        }
        guard LayoutSettings.lineHeightRange.contains(lineHeight) else {
            throw .outOfRange(.lineHeight, value: lineHeight, allowed: LayoutSettings.lineHeightRange)
        }
        guard LayoutSettings.tabWidthRange.contains(tabWidth) else {
            throw .outOfRange(
                .tabWidth, value: Double(tabWidth),
                allowed: Double(LayoutSettings.tabWidthRange.lowerBound)...Double(LayoutSettings.tabWidthRange.upperBound))
        }
        try typography.validate()
    }
}
