import PaginateKit

/// The JSON records of the query commands (`count`, `locate`, `page`, `find`).
///
/// ## Format (version 1)
///
/// Every record and document carries `"version": 1`; a change that could break a reader bumps it.
/// Keys always appear in the order documented below, so equal answers give identical bytes.
///
/// - Offsets are byte offsets into the source file; ranges are half-open (`start` included, `end`
///   excluded). The layout's own offsets count bytes of the text it laid out; each function takes
///   the `SourceOrigin` that maps them back to the file (converted from another encoding, or cut
///   to a Project Gutenberg book), or `nil` when they are the file's already.
/// - Rectangles are `{"x": …, "y": …, "width": …, "height": …}` in page coordinates: PDF points,
///   origin at the page's top-left corner, `y` growing downward (a PDF viewer counts `y` from the
///   bottom instead: `pdfY = pageHeight - y - height`). Values are rounded to 0.001 pt and written
///   without a fraction when integral.
/// - Pages and line numbers are 1-based; columns are 0-based.
/// - Records that stand alone (`count` with several files, `find`) are JSON lines: one complete
///   object per line.
package enum QueryJSON {
    // MARK: count

    /// A `count` record: `{"version": 1, "path": "book.txt", "pages": 424, "bytes": 737944}`.
    package static func countRecord(path: String, pages: Int, bytes: Int) -> String {
        "{\"version\": 1, \"path\": \(JSONText.string(path)), \"pages\": \(pages), \"bytes\": \(bytes)}"
    }

    /// A `count` record for a file that failed: `{"version": 1, "path": "x.txt", "error": "…"}`.
    package static func countError(path: String, message: String) -> String {
        "{\"version\": 1, \"path\": \(JSONText.string(path)), \"error\": \(JSONText.string(message))}"
    }

    // MARK: locate

    /// A `locate` answer, one line:
    ///
    /// ```json
    /// {"version": 1, "offset": 2263, "page": 2, "line": 3, "column": 0,
    ///  "rect": {"x": 36, "y": 62.4, "width": 301.125, "height": 13.2}, "lineRange": {"start": 2190, "end": 2263}}
    /// ```
    ///
    /// `line` is the line's number on its page (over all columns, in reading order), `column` its
    /// 0-based column, `rect` the line box, `lineRange` the bytes the line accounts for (its text
    /// and the white space after it). A page without lines (empty input) gives `null` for `line`,
    /// `column`, `rect` and `lineRange`.
    ///
    /// - Parameters:
    ///   - offset: The byte offset located, in the laid-out text.
    ///   - page: The 1-based page that holds it.
    ///   - pageRange: The page's byte range; the line's range is clipped to it (the last line of a
    ///     layout stopped early may claim the rest of the text).
    ///   - line: The line that holds the offset, or `nil` on a page without lines.
    ///   - origin: How the laid-out text's offsets map to the file's, or `nil` when they are the same.
    package static func location(
        offset: Int, page: Int, pageRange: Range<Int>, line: LocatedLine?,
        origin: SourceOrigin? = nil
    ) -> String {
        var json = "{\"version\": 1, \"offset\": \(origin?.originalOffset(offset) ?? offset), \"page\": \(page), "
        if let line {
            let clamped = line.fragment.range.clamped(to: pageRange)
            let lineRange = origin?.originalRange(clamped) ?? clamped
            json += "\"line\": \(line.lineNumber), \"column\": \(line.column), \"rect\": \(rect(line.rect)), "
            json += "\"lineRange\": {\"start\": \(lineRange.lowerBound), \"end\": \(lineRange.upperBound)}}"
        } else {
            json += "\"line\": null, \"column\": null, \"rect\": null, \"lineRange\": null}"
        }
        return json
    }

    // MARK: page

    /// The text of pages `numbers` as one JSON document, one line object per output line:
    ///
    /// ```json
    /// {
    ///   "version": 1,
    ///   "pages": [
    ///     {"page": 2, "lines": [
    ///       {"line": 1, "column": 0, "text": "…", "start": 1834, "end": 1901, "rect": {…}},
    ///       …
    ///     ]}
    ///   ]
    /// }
    /// ```
    ///
    /// `text` is the drawn text (see `PageTextRenderer.drawnText(of:)`); `start`/`end` the line's byte
    /// range. The layout must have been made with runs. The result ends with a newline.
    package static func pages(_ layout: Layout, _ numbers: ClosedRange<Int>, origin: SourceOrigin? = nil) -> String {
        var json = "{\n  \"version\": 1,\n  \"pages\": [\n"
        var pageObjects: [String] = []
        for number in numbers {
            let lines = layout.lines(onPage: number).map { line in
                let range = origin?.originalRange(line.fragment.range) ?? line.fragment.range
                return "      {\"line\": \(line.lineNumber), \"column\": \(line.column), "
                    + "\"text\": \(JSONText.string(PageTextRenderer.drawnText(of: line.fragment))), "
                    + "\"start\": \(range.lowerBound), \"end\": \(range.upperBound), "
                    + "\"rect\": \(rect(line.rect))}"
            }
            pageObjects.append(
                "    {\"page\": \(number), \"lines\": "
                    + (lines.isEmpty ? "[]}" : "[\n" + lines.joined(separator: ",\n") + "\n    ]}"))
        }
        json += pageObjects.joined(separator: ",\n") + "\n  ]\n}\n"
        return json
    }

    // MARK: find

    /// A `find` record, one line per occurrence:
    ///
    /// ```json
    /// {"version": 1, "start": 2190, "end": 2230, "page": 2, "line": 3,
    ///  "rects": [{"page": 2, "x": 200.5, "y": 62.4, "width": 137.6, "height": 13.2}, {"page": 2, …}]}
    /// ```
    ///
    /// `page` and `line` are where the occurrence starts; `rects` has one rectangle per laid-out
    /// line the occurrence touches, each with its page, in reading order. `range` is in layout
    /// offsets, mapped through `origin`.
    package static func occurrence(
        _ textRange: Range<Int>, page: Int, line: Int?, rects: [PageRect],
        origin: SourceOrigin? = nil
    ) -> String {
        let range = origin?.originalRange(textRange) ?? textRange
        let boxes = rects.map { pageRect in
            let r = pageRect.rect
            return "{\"page\": \(pageRect.pageNumber), \"x\": \(number(r.minX)), \"y\": \(number(r.minY)), "
                + "\"width\": \(number(r.width)), \"height\": \(number(r.height))}"
        }
        return "{\"version\": 1, \"start\": \(range.lowerBound), \"end\": \(range.upperBound), \"page\": \(page), "
            + "\"line\": \(line.map(String.init) ?? "null"), \"rects\": [\(boxes.joined(separator: ", "))]}"
    }

    // MARK: shared pieces

    /// A rectangle as `{"x": …, "y": …, "width": …, "height": …}`.
    static func rect(_ r: Rect) -> String {
        "{\"x\": \(number(r.minX)), \"y\": \(number(r.minY)), \"width\": \(number(r.width)), \"height\": \(number(r.height))}"
    }

    /// A length rounded to 0.001 pt, so sums such as `36 + 3 × 13.2` print as `75.6`.
    static func number(_ value: Double) -> String {
        JSONText.number((value * 1000).rounded() / 1000)
    }
}
