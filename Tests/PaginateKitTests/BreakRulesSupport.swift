import XCTest
@testable import PaginateKit

/// Texts whose line breaks are known in advance, for exact expectations about page breaks.
///
/// Every word is `P<paragraph>L<line>` with two-digit numbers, so all words are equally wide
/// (DejaVu's digits are tabular), and the column is one and a half words wide: each word is a line
/// of its own. A paragraph of *n* words is *n* lines, and a container holds `capacity` lines.
enum GridText {
    static let fontSize = 11.0
    static let pitch = 13.2

    /// The width of one word, in points.
    static func wordWidth() throws -> Double {
        let font = try UnitSupport.fonts().fonts[0]
        return Double("P00L00".unicodeScalars.reduce(0) { $0 + font.width(of: $1.value)! }) * fontSize / 1000
    }

    /// A page whose columns hold `capacity` lines each, with `mode` paragraphs and `typography`.
    static func settings(
        capacity: Int, columns: Int = 1, mode: ParagraphMode = .blank,
        typography: Typography = Typography()
    ) throws -> LayoutSettings {
        let margin = 10.0
        let gutter = 10.0
        let columnWidth = try wordWidth() * 1.5
        let width = 2 * margin + Double(columns) * columnWidth + Double(columns - 1) * gutter
        let height = 2 * margin + Double(capacity) * pitch + pitch / 2
        var settings = UnitSupport.settings(
            width: width, height: height, margin: margin, columns: columns, gutter: gutter,
            fontSize: fontSize, lineHeight: 1.2, mode: mode)
        settings.typography = typography
        return settings
    }

    /// Paragraph `number` of `lines` lines.
    static func paragraph(_ number: Int, lines: Int) -> String {
        (1...lines).map { "P\(twoDigits(number))L\(twoDigits($0))" }.joined(separator: " ")
    }

    private static func twoDigits(_ number: Int) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }

    /// Paragraphs of the given line counts, separated by blank lines.
    static func text(_ lineCounts: [Int]) -> String {
        lineCounts.enumerated().map { paragraph($0.offset + 1, lines: $0.element) }.joined(separator: "\n\n")
    }

    /// The lines of every container, in order; an empty line shows as `""`.
    static func containers(_ layout: Layout) -> [[String]] {
        layout.pages.flatMap(\.containers).map { $0.lines.map(\.text) }
    }

    /// How many lines of each paragraph (by its `P<nn>` prefix; separators as `-`) every container holds,
    /// e.g. `["P01×8", "-", "P02×1"]`.
    static func summary(_ layout: Layout) -> [[String]] {
        layout.pages.flatMap(\.containers).map { summary($0.lines) }
    }

    /// `summary(_:)` of one container's lines.
    static func summary(_ fragments: [LineFragment]) -> [String] {
        var groups: [(key: String, count: Int)] = []
        for line in fragments.map(\.text) {
            let key = line.isEmpty ? "-" : String(line.prefix(3))
            if let last = groups.last, last.key == key, key != "-" {
                groups[groups.count - 1].count += 1
            } else {
                groups.append((key, 1))
            }
        }
        return groups.map { $0.key == "-" ? "-" : "\($0.key)×\($0.count)" }
    }

    /// Lays `text` out and checks that the parallel page map agrees with it.
    static func layout(_ text: String, _ settings: LayoutSettings, file: StaticString = #filePath, line: UInt = #line) throws -> Layout {
        let manager = LayoutManager(fonts: try UnitSupport.fonts(), settings: settings)
        let storage = TextStorage(text)
        let layout = try manager.layout(storage)
        let sequential = PageMap(layout)
        for jobs in [1, 2] {
            XCTAssertEqual(
                try manager.pageMap(storage, jobs: jobs).entries, sequential.entries, "parallel page map, jobs \(jobs)",
                file: file, line: line)
        }
        UnitSupport.assertPartition(layout, "grid text", file: file, line: line)
        assertNoOverflow(layout, file: file, line: line)
        return layout
    }

    /// Checks that every line box lies inside its container.
    static func assertNoOverflow(_ layout: Layout, file: StaticString = #filePath, line: UInt = #line) {
        for page in layout.pages {
            for container in page.containers {
                for fragment in container.lines {
                    XCTAssertGreaterThanOrEqual(fragment.origin.x, 0, file: file, line: line)
                    XCTAssertGreaterThanOrEqual(fragment.origin.y, 0, file: file, line: line)
                    XCTAssertLessThanOrEqual(
                        fragment.origin.x + fragment.width, container.frame.width + 1e-9,
                        "line \(fragment.range) on page \(page.number) overflows to the right", file: file, line: line)
                    XCTAssertLessThanOrEqual(
                        fragment.origin.y + fragment.height, container.frame.height + 1e-9,
                        "line \(fragment.range) on page \(page.number) overflows the bottom", file: file, line: line)
                }
            }
        }
    }
}
