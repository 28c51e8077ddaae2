import PaginateKit

/// Renders a layout as plain-text *spreads*: the same pages and lines as the PDF, set side by side
/// like an open book, so page breaks can be read in a terminal, a diff or a review comment.
///
/// ## Format
///
/// This output format is stable; scripts and golden files may rely on it.
///
/// ```
///            - 1 -                           - 2 -
/// It was a bright cold day in  |  Winston Smith, his chin
/// April, and the clocks were   |  nuzzled into his breast,
///                              |
/// striking thirteen.           |
///
///            - 3 -
/// slipped quickly through
/// the glass doors of
/// Victory Mansions.
/// ```
///
/// - **Page blocks.** Every page is drawn as a block of the same size, so pages line up from
///   spread to spread. A block is as tall as the most lines any column of the document holds, and
///   holds the page's columns side by side, each as wide as the widest line of the whole document,
///   separated by three spaces (``columnSeparator``). The block is widened, if need be, to fit its
///   page label. Short pages and columns are filled with empty rows.
/// - **Widths are terminal cells**, counted with `CellWidth`: East Asian wide and fullwidth
///   characters take two cells, combining marks none. Lines are padded with spaces by cell width,
///   so columns stay aligned with CJK text in a monospaced terminal font.
/// - **Lines** are `LineFragment.text` without trailing white space and without control
///   characters (which have no width and could break the grid). An empty paragraph is an empty row.
/// - **Spreads.** ``pagesPerSpread`` consecutive pages form a spread, starting with page 1; with
///   two, page 1 is on the left. The pages of a spread are separated by the ASCII spine
///   ``gutter`` (`"  |  "`), drawn on every row, so the spine is continuous. An odd last page
///   stands alone as a left block, without a spine.
/// - **Header.** Each spread starts with one line holding `- n -` centred over each page block
///   (rounded to the left when the slack is odd).
/// - **Separation.** Spreads are separated by exactly one empty line. A spread is its header plus
///   `height` rows, so spread *k* (from 0) starts on line `k × (height + 2)`, which scripts may use.
/// - **White space.** No output line ends with a space; empty rows at the very end of the output
///   are dropped, and the output ends with exactly one newline.
///
/// Everything the renderer adds around the text is ASCII, so the frame looks the same in any
/// terminal font; the text itself is UTF-8 as laid out.
public struct TextSpreadRenderer: Sendable {
    /// The spine between the pages of a spread: ASCII, so it renders the same everywhere.
    public static let gutter = "  |  "
    /// The space between the columns of one page: wide enough to tell columns apart, but without a
    /// rule, so it cannot be mistaken for the spine.
    public static let columnSeparator = "   "

    /// How many pages sit side by side: 2 for an open book, 1 for a page-by-page listing.
    public let pagesPerSpread: Int

    /// Creates a renderer.
    /// - Parameter pagesPerSpread: 1 or 2; anything else is a programming error.
    public init(pagesPerSpread: Int = 2) {
        precondition((1...2).contains(pagesPerSpread), "pagesPerSpread must be 1 or 2 (got \(pagesPerSpread))")
        self.pagesPerSpread = pagesPerSpread
    }

    /// Renders every page of `layout` in the format described on the type.
    public func render(_ layout: Layout) -> String {
        let grid = TextSpreadGrid(layout)
        var output: [String] = []
        for start in stride(from: 0, to: grid.pages.count, by: pagesPerSpread) {
            let spread = grid.pages[start..<min(start + pagesPerSpread, grid.pages.count)]
            if start > 0 { output.append("") }
            output.append(header(for: spread, in: grid))
            for row in 0..<grid.height {
                output.append(spread.map { grid.row(row, of: $0) }.joined(separator: Self.gutter))
            }
        }
        var lines = output.map(Self.trimmingTrailingSpaces)
        // Trailing empty rows of a short last page would leave extra newlines at the end.
        while lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The line of page labels above a spread, each centred over its page block.
    private func header(for spread: ArraySlice<TextSpreadGrid.PageText>, in grid: TextSpreadGrid) -> String {
        var line = ""
        for (index, page) in spread.enumerated() {
            let label = TextSpreadGrid.label(page.number)
            // Labels are ASCII, so characters are cells.
            let blockStart = index * (grid.pageWidth + Self.gutter.count)
            let labelStart = blockStart + (grid.pageWidth - label.count) / 2
            line += String(repeating: " ", count: max(0, labelStart - line.count)) + label
        }
        return line
    }

    private static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
