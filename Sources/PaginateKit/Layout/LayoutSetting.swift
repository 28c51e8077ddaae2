/// One number of `LayoutSettings`, as a `LayoutError` names it.
///
/// A program built on the engine turns these into its own words (the command-line tool into its
/// flags), so the engine's errors never name an option a library user did not type.
public enum LayoutSetting: String, CaseIterable, Hashable, Sendable {
    /// `PageSetup.size`, either side.
    case pageSize
    /// `PageSetup.margins`, any side.
    case margins
    /// `PageSetup.columns`.
    case columns
    /// `PageSetup.gutter`.
    case gutter
    /// `LayoutSettings.fontSize`.
    case fontSize
    /// `LayoutSettings.lineHeight`.
    case lineHeight
    /// `LayoutSettings.tabWidth`.
    case tabWidth
    /// `Typography.widows`.
    case widows
    /// `Typography.orphans`.
    case orphans
    /// `Typography.firstLineIndent`.
    case firstLineIndent
    /// `Typography.paragraphSpacing`.
    case paragraphSpacing
    /// `Typography.hyphenationLeftMinimum` and `hyphenationRightMinimum`.
    case hyphenationMinimum

    /// The unit the setting's values are in, for messages: `points`, `lines`, … (empty for a factor).
    public var unit: String {
        switch self {
        case .pageSize, .margins, .gutter, .fontSize, .firstLineIndent, .paragraphSpacing: "points"
        case .columns: "columns"
        case .lineHeight: ""
        case .tabWidth: "spaces"
        case .widows, .orphans: "lines"
        case .hyphenationMinimum: "letters"
        }
    }

    /// The setting in words, for the library's own messages.
    public var name: String {
        switch self {
        case .pageSize: "a page side"
        case .margins: "a margin"
        case .columns: "the number of columns"
        case .gutter: "the gutter"
        case .fontSize: "the font size"
        case .lineHeight: "the line height"
        case .tabWidth: "the tab width"
        case .widows: "the widow minimum"
        case .orphans: "the orphan minimum"
        case .firstLineIndent: "the first-line indent"
        case .paragraphSpacing: "the paragraph spacing"
        case .hyphenationMinimum: "a hyphenation minimum"
        }
    }
}
