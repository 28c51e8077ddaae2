import PaginateKit

/// A laid-out input: what `render`, `page`, `find`, `map --lines` and `locate --json` work from.
struct Job {
    let input: InputFile
    let fonts: FontChain
    let layout: Layout
    /// The place a partial layout was made for (a layout offset), when `place` was given.
    let target: Int?

    /// Reads the input and lays it out through `CommandPipeline`. With `place`, finds a place in
    /// the input and lays the text out only until the page that holds it is complete.
    ///
    /// Failures come in this order: settings, input, the place, fonts, layout.
    static func run(
        inputPath: String, options: LayoutOptions, includeRuns: Bool, includeCaretStops: Bool = true,
        through place: ((InputFile) throws -> Int)? = nil
    ) throws -> Job {
        let pipeline = try CommandPipeline(options)
        let input = try pipeline.read(inputPath)
        let target = try place?(input)
        let fonts = try pipeline.openFonts()
        let layout = try pipeline.layout(
            input, fonts: fonts, includeRuns: includeRuns, includeCaretStops: includeCaretStops, through: target)
        return Job(input: input, fonts: fonts, layout: layout, target: target)
    }
}
