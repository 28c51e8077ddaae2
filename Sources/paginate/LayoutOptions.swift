import ArgumentParser
import PaginateKit

/// The layout options every subcommand shares, with the same defaults everywhere: the library's
/// (`LayoutSettings.bookDefaults`), so neither a default nor a limit is written twice.
struct LayoutOptions: ParsableArguments {
    private static let defaults = LayoutSettings.bookDefaults

    @Option(
        help: ArgumentHelp("Page size: WxH with unit pt (default), mm, cm or in, or a name: a4 a5 a6 b5 letter legal.", valueName: "size"))
    var page = defaults.page.size

    @Option(
        help: ArgumentHelp(
            "Margins: one length (a number with an optional unit pt, mm, cm or in), or four: top,right,bottom,left.", valueName: "lengths"))
    var margin = defaults.page.margins

    @Option(
        name: .customLong("font"),
        help: ArgumentHelp(
            "A TrueType or CFF OpenType font: an installed family, optionally with a style ('DejaVu Sans', 'Liberation Serif:bold'; see 'paginate fonts'), a file, or 'file.ttc:N' for face N of a collection. Repeatable: the first is primary, the rest are fallbacks. Default: the bundled DejaVu Serif with Droid Sans Fallback for CJK.",
            valueName: "font"))
    var fonts: [String] = []

    @Option(
        name: .customLong("heading-font"),
        help: ArgumentHelp(
            "The font headings are set in (a file or an installed name, like --font), as the face of --heading-style (default bold); its fallbacks are those of --font. Default: the bundled family's face, or with --font files the first of them.",
            valueName: "font"))
    var headingFont: String?

    @Option(help: ArgumentHelp("Font size in points.", valueName: "points"))
    var size = defaults.fontSize

    @Option(name: .customLong("line-height"), help: ArgumentHelp("Line pitch as a multiple of the font size.", valueName: "factor"))
    var lineHeight = defaults.lineHeight

    @Option(help: "Columns per page: each page holds this many text containers side by side.")
    var columns = defaults.page.columns

    @Option(help: ArgumentHelp("Space between columns: a number with an optional unit pt, mm, cm or in.", valueName: "length"))
    var gutter = Length(defaults.page.gutter)

    @Option(
        help: ArgumentHelp(
            "How line breaks become paragraphs: auto (reflow hard-wrapped text, keep meant breaks), blank (blank lines separate paragraphs) or lines (every line break ends a paragraph).",
            valueName: "mode"))
    var paragraphs = defaults.paragraphMode

    @Option(name: .customLong("tab-width"), help: ArgumentHelp("Distance between tab stops, in widths of a space.", valueName: "spaces"))
    var tabWidth = defaults.tabWidth

    @OptionGroup(title: "Typography")
    var typography: TypographyOptions

    @OptionGroup(title: "Input")
    var source: SourceOptions

    @Option(help: ArgumentHelp("Layout threads (default: all cores).", valueName: "n"))
    var jobs: Int?

    @OptionGroup(title: "Messages")
    var reporting: ReportingOptions

    @Flag(name: .customLong("no-cache"), help: "Neither read nor write the page-map cache ($XDG_CACHE_HOME/paginate or ~/.cache/paginate).")
    var noCache = false

    /// Checks the options as the engine will, so that a setting it refuses is a usage error of
    /// every subcommand alike, reported before any file is read.
    mutating func validate() throws {
        if let jobs, jobs < 1 || jobs > 1024 { throw ValidationError("--jobs must be between 1 and 1024 (got \(jobs))") }
        if let problem = FontSelection.problem(fonts: fonts, headingFont: headingFont, headingStyle: typography.headingStyle) {
            throw ValidationError(problem)
        }
        do {
            try settings().validate()
        } catch {
            throw ValidationError(CommandLineWording.message(for: error))
        }
    }

    /// The settings these options describe (checked by `LayoutSettings.validate`, which `validate` runs).
    func settings() -> LayoutSettings {
        let setup = PageSetup(size: page, margins: margin, columns: columns, gutter: gutter.points)
        var type = typography.typography()
        type.headingStyle = FontSelection.headingStyle(fonts: fonts, headingFont: headingFont, headingStyle: typography.headingStyle)
        return LayoutSettings(
            page: setup, fontSize: size, lineHeight: lineHeight,
            paragraphMode: paragraphs, tabWidth: tabWidth, typography: type)
    }

    /// The fonts these options choose (`FontSelection`).
    func fontSelection() throws(FontError) -> FontSelection {
        try FontSelection(fonts: fonts, headingFont: headingFont, headingStyle: typography.headingStyle)
    }
}

extension ParagraphMode: ExpressibleByArgument {}
