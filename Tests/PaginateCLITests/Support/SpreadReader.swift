import Foundation
import PaginateKit
import TestSupport

/// Reads text spreads back into pages, following the documented format of the text spread output:
/// a header line of `- n -` labels, then `height` rows, spreads separated by one empty line, the
/// pages of a spread joined by the spine `"  |  "`, each page block padded to the same cell width.
struct SpreadReader {
    struct PageBlock {
        let number: Int
        /// The block's rows, trailing spaces removed (empty rows kept).
        let rows: [String]
    }

    static let gutter = "  |  "

    let pages: [PageBlock]

    /// Parses the output of two-page spreads.
    init(_ text: String) throws {
        guard text.hasSuffix("\n") else { throw ProcessFailure(description: "text spreads must end with a newline") }
        let lines = text.dropLast().components(separatedBy: "\n")
        // Rows of a two-page spread always hold the spine, so the first empty line ends spread 1;
        // a one-page document is a single spread of one block, which may hold empty rows.
        let height = Self.labels(in: lines[0]).count == 1 ? lines.count - 1 : (lines.firstIndex(of: "") ?? lines.count) - 1
        guard height >= 0 else { throw ProcessFailure(description: "text spreads start with an empty line") }

        // The spine sits at the same cell column in every row of a two-page spread; find it where
        // all rows of the first spread agree, so text holding "  |" cannot be mistaken for it.
        var pageWidth: Int?
        let firstRows = lines[1..<(1 + height)]
        if let first = firstRows.first {
            var candidates = Set(Self.spineColumns(in: first))
            for row in firstRows.dropFirst() { candidates.formIntersection(Self.spineColumns(in: row)) }
            pageWidth = candidates.min()
        }

        var pages: [PageBlock] = []
        var start = 0
        while start < lines.count {
            let header = lines[start]
            let labels = Self.labels(in: header)
            guard (1...2).contains(labels.count) else {
                throw ProcessFailure(description: "line \(start + 1) is not a header of one or two '- n -' labels: '\(header)'")
            }
            let rows = Array(lines[(start + 1)..<min(start + 1 + height, lines.count)])
            if labels.count == 1 {
                pages.append(PageBlock(number: labels[0], rows: rows.map(Self.trimmed)))
            } else {
                guard let pageWidth else { throw ProcessFailure(description: "no spine found in the first spread") }
                var left: [String] = [], right: [String] = []
                for (offset, row) in rows.enumerated() {
                    guard let (l, r) = Self.split(row, atCell: pageWidth) else {
                        throw ProcessFailure(description: "line \(start + 2 + offset) has no spine at cell \(pageWidth): '\(row)'")
                    }
                    left.append(l)
                    right.append(r)
                }
                pages.append(PageBlock(number: labels[0], rows: left))
                pages.append(PageBlock(number: labels[1], rows: right))
            }
            let next = start + 2 + height
            if next - 1 < lines.count, !lines[next - 1].isEmpty {
                throw ProcessFailure(description: "line \(next) should separate spreads but is '\(lines[next - 1])'")
            }
            start = next
        }
        self.pages = pages
    }

    /// The page numbers of the labels in a header line, left to right.
    static func labels(in header: String) -> [Int] {
        let words = header.split(separator: " ")
        var numbers: [Int] = []
        var index = 0
        while index + 2 < words.count {
            if words[index] == "-", let number = Int(words[index + 1]), words[index + 2] == "-" {
                numbers.append(number)
                index += 3
            } else {
                return []
            }
        }
        return index == words.count ? numbers : []
    }

    /// The cell columns at which `row` holds `"  |"`, the spine with its trailing spaces trimmed.
    private static func spineColumns(in row: String) -> [Int] {
        let scalars = Array(row.unicodeScalars)
        var columns: [Int] = []
        var cells = 0
        for index in scalars.indices {
            if index + 2 < scalars.count, scalars[index] == " ", scalars[index + 1] == " ", scalars[index + 2] == "|",
                index + 3 == scalars.count || (index + 5 <= scalars.count && scalars[index + 3] == " " && scalars[index + 4] == " ")
            {
                columns.append(cells)
            }
            cells += CellWidth.of(scalars[index].value)
        }
        return columns
    }

    /// Splits a row into its left block (the first `cells` cells) and right block, checking the spine.
    private static func split(_ row: String, atCell cells: Int) -> (String, String)? {
        let scalars = Array(row.unicodeScalars)
        var index = 0
        var used = 0
        while index < scalars.count, used < cells {
            used += CellWidth.of(scalars[index].value)
            index += 1
        }
        // Zero-width marks belong to the character before the padding.
        while index < scalars.count, used == cells, scalars[index] != " ", CellWidth.of(scalars[index].value) == 0 { index += 1 }
        guard used == cells else { return nil }
        let rest = Array(scalars[index...])
        let spine = Array(gutter.unicodeScalars)
        let left = trimmed(String(String.UnicodeScalarView(scalars[..<index])))
        if rest == Array(spine.dropLast(2)) { return (left, "") }
        guard rest.starts(with: spine) else { return nil }
        return (left, trimmed(String(String.UnicodeScalarView(rest.dropFirst(spine.count)))))
    }

    private static func trimmed(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
