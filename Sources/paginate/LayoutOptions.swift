import ArgumentParser
import PaginateKit

/// The layout options every subcommand shares, with the same defaults everywhere.
struct LayoutOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Page size: WxH with unit pt (default), mm, cm or in, or a name: a4 a5 a6 b5 letter legal.", valueName: "size"))
    var page = "400x600"

    @Option(help: ArgumentHelp("Margins: one length, or top,right,bottom,left.", valueName: "lengths"))
    var margin = "36"

    @Option(name: .customLong("font"), help: ArgumentHelp("A TrueType or CFF OpenType font: an installed family, optionally with a style ('DejaVu Sans', 'Liberation Serif:bold'; see 'paginate fonts'), a file, or 'file.ttc:N' for face N of a collection. Repeatable: the first is primary, the rest are fallbacks. Default: the bundled DejaVu Serif with Droid Sans Fallback for CJK.", valueName: "font"))
    var fonts: [String] = []

    @Option(name: .customLong("heading-font"), help: ArgumentHelp("The font headings are set in (a file or an installed name, like --font), as the face of --heading-style (default bold); its fallbacks are those of --font. Default: the bundled family's face, or with --font files the first of them.", valueName: "font"))
    var headingFont: String?

    @Option(help: ArgumentHelp("Font size in points.", valueName: "points"))
    var size: Double = 11

    @Option(name: .customLong("line-height"), help: ArgumentHelp("Line pitch as a multiple of the font size.", valueName: "factor"))
    var lineHeight: Double = 1.2

    @Option(help: "Columns per page: each page holds this many text containers side by side.")
    var columns: Int = 1

    @Option(help: ArgumentHelp("Space between columns.", valueName: "length"))
    var gutter = "18"

    @Option(help: ArgumentHelp("How line breaks become paragraphs: auto (reflow hard-wrapped text, keep meant breaks), blank (blank lines separate paragraphs) or lines (every line break ends a paragraph).", valueName: "mode"))
    var paragraphs: ParagraphMode = .auto

    @Option(name: .customLong("tab-width"), help: ArgumentHelp("Distance between tab stops, in widths of a space.", valueName: "spaces"))
    var tabWidth = 8

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

    mutating func validate() throws {
        if let jobs, jobs < 1 || jobs > 1024 { throw ValidationError("--jobs must be between 1 and 1024 (got \(jobs))") }
        if let problem = FontSelection.problem(fonts: fonts, headingFont: headingFont, headingStyle: typography.headingStyle) {
            throw ValidationError(problem)
        }
    }

    /// The settings these options describe.
    func settings() throws(LayoutError) -> LayoutSettings {
        let setup = PageSetup(size: try Measurement.pageSize(page), margins: try Measurement.margins(margin),
                              columns: columns, gutter: try Measurement.length(gutter))
        var type = try typography.typography()
        type.headingStyle = FontSelection.headingStyle(fonts: fonts, headingFont: headingFont, headingStyle: typography.headingStyle)
        let settings = LayoutSettings(page: setup, fontSize: size, lineHeight: lineHeight,
                                      paragraphMode: paragraphs, tabWidth: tabWidth, typography: type)
        try settings.validate()
        return settings
    }

    /// The fonts these options choose (`FontSelection`).
    func fontSelection() throws(FontError) -> FontSelection {
        try FontSelection(fonts: fonts, headingFont: headingFont, headingStyle: typography.headingStyle)
    }

    /// The font files these options name (or the bundled ones), without opening them.
    func fontFiles() throws(FontError) -> [FontFile] {
        try fontSelection().files
    }

    /// The font chain these options name, or the bundled fonts.
    func fontChain() throws(FontError) -> FontChain {
        try fontSelection().open()
    }
}

extension ParagraphMode: ExpressibleByArgument {}
