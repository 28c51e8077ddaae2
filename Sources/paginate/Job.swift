import PaginateKit

/// What every subcommand does first: read the input, open the fonts, lay the text out.
struct Job {
    let input: InputFile
    let fonts: FontChain
    let layout: Layout

    /// Runs the layout, mapping every failure to a one-line message and an exit code.
    static func run(inputPath: String, options: LayoutOptions, includeRuns: Bool) throws -> Job {
        let settings = try CLIError.wrap { () throws(LayoutError) in try options.settings() }
        let input = try InputFile.read(inputPath)
        let fonts = try CLIError.wrap { () throws(FontError) in try options.fontChain() }
        let manager = LayoutManager(fonts: fonts, settings: settings)
        let layout = try CLIError.wrap { () throws(LayoutError) in try manager.layout(input.storage, includeRuns: includeRuns) }
        if let summary = layout.diagnostics.summary {
            CLIError.warn("\(input.displayName): \(summary)")
        }
        return Job(input: input, fonts: fonts, layout: layout)
    }
}
