import PaginateKit

/// Renders the text of laid-out pages as plain lines: what a reader sees, line by line.
///
/// ## Format
///
/// - One output line per laid-out line, in reading order (with `--columns`, the first column top to
///   bottom, then the next).
/// - Each line is the drawn text (`drawnText(of:)`); a blank line is an empty line.
/// - Between two pages stands a line holding a single form feed (`"\u{0C}"`), as `pdftotext`
///   separates pages; there is none after the last page. Splitting the output at `"\u{0C}\n"`
///   gives the pages.
/// - Every line ends with a newline.
package enum PageTextRenderer {
    /// The line as drawn: its runs' text in order, trailing white space removed.
    ///
    /// Where tab stops leave a gap before a run, one tab character stands for it, so words set
    /// apart by tabs stay apart. Gaps that justification opens after a space, and the small ones
    /// kerning leaves, are not tabs. Needs a layout made with runs; without runs every line is empty.
    package static func drawnText(of fragment: LineFragment) -> String {
        var text = ""
        var end = 0.0
        // Kerning moves a glyph by a small fraction of an em (about a tenth of the line's height).
        let kerningSlack = fragment.height * 0.1
        for run in fragment.runs {
            let afterSpace = text.unicodeScalars.last?.properties.isWhitespace ?? false
            if run.x > end + kerningSlack && !afterSpace { text += "\t" }
            text += run.text
            end = run.x + run.width
        }
        var scalars = text.unicodeScalars
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    /// Pages `numbers` (1-based) of a layout made with runs, in the format above.
    package static func render(_ layout: Layout, _ numbers: ClosedRange<Int>) -> String {
        var out = ""
        for number in numbers {
            if number != numbers.lowerBound { out += "\u{0C}\n" }
            for line in layout.lines(onPage: number) {
                out += drawnText(of: line.fragment)
                out += "\n"
            }
        }
        return out
    }
}
