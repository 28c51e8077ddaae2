import PaginateKit

/// The way from a subcommand's parsed options to pages: settings, input, fonts, a layout manager,
/// the layout and its warnings.
///
/// Every subcommand that lays text out goes through this one type, so `render`, `count`, `map`,
/// `locate`, `page` and `find` accept and refuse the same settings with the same messages, and
/// print warnings only at the level `--quiet` and `--verbose` ask for.
struct CommandPipeline {
    let options: LayoutOptions
    /// The settings the options describe.
    let settings: LayoutSettings

    /// Sets the message level before anything can warn, and takes the settings.
    /// - Throws: a usage error when the settings are out of range (parsing already checks them;
    ///   this keeps a caller that built the options in code just as safe).
    init(_ options: LayoutOptions) throws {
        Reporter.level = options.reporting.level
        self.options = options
        let settings = options.settings()
        try CLIError.wrap { () throws(LayoutError) in try settings.validate() }
        self.settings = settings
    }

    /// The input file, read and decoded as `--encoding` and `--strip-boilerplate` ask.
    func read(_ path: String) throws -> InputFile {
        try Reporter.time("read") { try InputFile.read(path, options: options.source) }
    }

    /// The font files the options choose, without opening them (enough for a cache key).
    func fontFiles() throws -> [FontFile] {
        try CLIError.wrap { () throws(FontError) in try options.fontSelection().files }
    }

    /// The fonts the options choose, opened.
    func openFonts() throws -> FontChain {
        try Reporter.time("fonts") { try CLIError.wrap { () throws(FontError) in try options.fontSelection().open() } }
    }

    /// A layout manager for these settings. `timed` records the phases for `--verbose`; only a
    /// manager used on the main thread may be timed (the record is not shared between threads).
    func manager(fonts: FontChain, timed: Bool = true) -> LayoutManager {
        var manager = LayoutManager(fonts: fonts, settings: settings)
        if timed { manager.phaseTimer = { Reporter.record($0.rawValue, $1) } }
        return manager
    }

    /// Lays `input` out with a progress bar — all of it, or only until the page holding `target`
    /// is complete — and prints its warnings.
    func layout(
        _ input: InputFile, fonts: FontChain, includeRuns: Bool, includeCaretStops: Bool = true,
        through target: Int? = nil
    ) throws -> Layout {
        var manager = manager(fonts: fonts)
        let bar = ProgressBar()
        manager.progress = { bar.update("laying out", done: $0.bytesLaidOut, total: $0.totalBytes, unit: "%") }
        defer { bar.finish() }
        let layout = try CLIError.wrap { () throws(LayoutError) in
            try manager.layout(input.storage, includeRuns: includeRuns, includeCaretStops: includeCaretStops, through: target)
        }
        warn(input, layout.diagnostics)
        return layout
    }

    /// Prints the input's warnings after a layout that reported `diagnostics` (none with `--quiet`).
    func warn(_ input: InputFile, _ diagnostics: TextDiagnostics) {
        for line in input.warnings(diagnostics) { Reporter.warn(line) }
    }
}
