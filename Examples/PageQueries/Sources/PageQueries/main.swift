// Paginates a short text with PaginateKit and answers questions about the pages: how many there are,
// which page holds a given place, where a phrase falls and what a page says.
import PaginateKit
#if canImport(Glibc)
import Glibc
#endif

/// A text long enough to fill a few small pages, with a phrase to look for near the end.
let text = (1...12).map { number in
    "Paragraph \(number). Pagination turns one long run of text into pages of a fixed size: the "
        + "text is split into paragraphs, each paragraph into lines that fit the column, and the "
        + "lines are stacked into one container after another until the text runs out."
}.joined(separator: "\n\n") + "\n\nThe end of the story.\n"

do {
    // The bundled DejaVu Serif with Droid Sans Fallback, found beside the executable, in an
    // installed share/paginate/Fonts, or in the checkout the package was built from.
    let fonts = try FontChain.bundled()

    // A small page, so a few paragraphs already fill several pages; 10 pt type.
    let page = PageSetup(size: try Measurement.pageSize("a6"), margins: try Measurement.margins("12mm"))
    let settings = LayoutSettings(page: page, fontSize: 10)
    try settings.validate()

    let storage = TextStorage(text)
    let layout = try LayoutManager(fonts: fonts, settings: settings).layout(storage)
    print("pages: \(layout.pageCount) for \(storage.length) bytes")

    // Page ranges are byte ranges of the input: half-open, in order, covering all of it.
    for entry in layout.pageMap {
        print("page \(entry.page): bytes \(entry.range.lowerBound)..<\(entry.range.upperBound), \(entry.lineCount) lines")
    }

    // Which page holds a byte offset: TextKit's "which container holds this location".
    let middle = storage.length / 2
    if let page = layout.page(containing: middle) {
        print("byte \(middle) is on page \(page.number)")
    }

    // Where a phrase is: its first occurrence, the line that holds it and that line's box.
    if let found = storage.occurrences(of: "The end of the story.").first,
       let line = layout.locateLine(containing: found.lowerBound) {
        let box = line.rect
        print("'The end of the story.' starts at byte \(found.lowerBound): page \(line.pageNumber), line \(line.lineNumber), "
            + "at x \(Int(box.minX.rounded())), y \(Int(box.minY.rounded())) pt")
    }

    // The text of the second page, line by line as laid out (its first lines).
    let lines = layout.lines(onPage: 2)
    print("page 2 begins:")
    for line in lines.prefix(3) {
        print("  \(line.fragment.text)")
    }
    print("  … (\(lines.count) lines)")
} catch {
    print("PageQueries: \(error)")
    exit(1)
}
