import PaginateKit

/// The display text of a layout, measured once, with the block size every page shares.
///
/// Measuring up front keeps rendering linear: every line's cell width is computed exactly once,
/// however many times its row is padded.
struct TextSpreadGrid {
    /// One line as shown, with its width in terminal cells.
    struct Cell {
        let text: String
        let width: Int
        /// Whether the line starts at the right edge of its column (a right-to-left paragraph's).
        var alignsRight = false
    }

    /// One page as shown: its number and its columns of cells.
    struct PageText {
        let number: Int
        let columns: [[Cell]]
    }

    let pages: [PageText]
    /// Columns per page block: the most any page has, and at least what the settings ask for.
    let columnCount: Int
    /// Width of every column in cells: the widest line of the document.
    let columnWidth: Int
    /// Rows per page block: the most lines any column holds.
    let height: Int
    /// Width of every page block in cells, label included.
    let pageWidth: Int

    init(_ layout: Layout) {
        pages = layout.pages.map { page in
            PageText(number: page.number, columns: page.containers.map { $0.lines.map(Self.cell) })
        }
        let columnsInUse = pages.map(\.columns.count).max() ?? 0
        columnCount = max(1, layout.settings.page.columns, columnsInUse)
        let cells = pages.lazy.flatMap(\.columns).flatMap { $0 }
        columnWidth = cells.map(\.width).max() ?? 0
        height = pages.lazy.flatMap(\.columns).map(\.count).max() ?? 0
        let contentWidth = columnCount * columnWidth + (columnCount - 1) * TextSpreadRenderer.columnSeparator.count
        let labelWidth = pages.map { Self.label($0.number).count }.max() ?? 0
        pageWidth = max(contentWidth, labelWidth)
    }

    /// The label shown over a page block.
    static func label(_ number: Int) -> String { "- \(number) -" }

    /// Row `index` of a page block, padded to the full block width.
    func row(_ index: Int, of page: PageText) -> String {
        var line = ""
        var used = 0
        for column in 0..<columnCount {
            if column > 0 {
                line += TextSpreadRenderer.columnSeparator
                used += TextSpreadRenderer.columnSeparator.count
            }
            let lines = column < page.columns.count ? page.columns[column] : []
            let cell = index < lines.count ? lines[index] : Cell(text: "", width: 0)
            let padding = String(repeating: " ", count: columnWidth - cell.width)
            line += cell.alignsRight ? padding + cell.text : cell.text + padding
            used += columnWidth
        }
        return line + String(repeating: " ", count: pageWidth - used)
    }

    /// A line as shown: controls dropped (they have no width and could break a row, e.g. a stray
    /// line break), trailing white space trimmed (it is not drawn in the PDF either).
    private static func cell(_ line: LineFragment) -> Cell {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: line.text.unicodeScalars.filter { $0.properties.generalCategory != .control })
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        let text = String(scalars)
        // The text stays in logical order (a terminal or editor applies bidi itself); only its
        // place in the column follows the paragraph's direction, as in the PDF.
        return Cell(text: text, width: CellWidth.of(text), alignsRight: line.startsAtRightEdge)
    }
}
