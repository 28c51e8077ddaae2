import PaginateKit

extension PageMapJSON {
    /// The page map, optionally followed by every line of the layout (`paginate map --lines`).
    ///
    /// With `lines`, the map gains one key after `pages`; everything before it is byte-identical
    /// to the plain map, so a reader of the plain map reads this one unchanged:
    ///
    /// ```json
    ///   "pages": [
    ///     {"page": 1, "start": 0, "end": 1834, "lines": 40},
    ///     …
    ///   ],
    ///   "lineFragments": [
    ///     {"page": 1, "line": 1, "column": 0, "start": 0, "end": 52, "rect": {"x": 36, "y": 36, "width": 283.1, "height": 13.2}},
    ///     …
    ///   ]
    /// }
    /// ```
    ///
    /// - One object per laid-out line, one per text line, in page order and reading order within a
    ///   page (columns left to right).
    /// - `page` is 1-based; `line` is the 1-based line number on the page over all its columns (the
    ///   page entry's `lines` is the largest); `column` is 0-based.
    /// - `start`/`end` is the half-open byte range the line accounts for: its text and the white
    ///   space and line breaks after it. Line ranges partition the input as the pages do: the first
    ///   line of a page starts at the page's `start`, each line ends where the next begins, and the
    ///   last line of a page ends at the page's `end`.
    /// - `rect` is the line box in page coordinates: points, origin at the page's top-left corner,
    ///   `y` down; `width` is the drawn content's advance (trailing spaces excluded). Values are
    ///   rounded to 0.001 pt.
    ///
    /// Offsets are mapped to the file's through `origin` (see `render(_:source:origin:)`).
    package static func render(_ layout: Layout, source: String?, lines: Bool, origin: SourceOrigin? = nil) -> String {
        let map = render(layout, source: source, origin: origin)
        guard lines else { return map }
        // The plain map ends with the pages array's "  ]", a newline, "}" and a newline.
        precondition(map.hasSuffix("\n  ]\n}\n"), "unexpected end of the page map")
        var rows: [String] = []
        for page in layout.pages {
            for line in layout.lines(onPage: page.number) {
                let range = origin?.originalRange(line.fragment.range) ?? line.fragment.range
                rows.append(
                    "    {\"page\": \(line.pageNumber), \"line\": \(line.lineNumber), \"column\": \(line.column), "
                        + "\"start\": \(range.lowerBound), \"end\": \(range.upperBound), "
                        + "\"rect\": \(QueryJSON.rect(line.rect))}")
            }
        }
        let body = rows.isEmpty ? "[]" : "[\n" + rows.joined(separator: ",\n") + "\n  ]"
        return String(map.dropLast(3)) + ",\n  \"lineFragments\": \(body)\n}\n"
    }
}
