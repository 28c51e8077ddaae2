import PaginateKit

/// Renders a layout's page map as JSON: which source bytes land on which page, and the settings
/// that produced the breaks.
///
/// ## Format (version 1)
///
/// This output format is stable; a change that could break a reader bumps `version`.
///
/// ```json
/// {
///   "version": 1,
///   "source": "book.txt",
///   "bytes": 5120,
///   "pageCount": 3,
///   "settings": {
///     "page": {"width": 400, "height": 600},
///     "margins": {"top": 36, "right": 36, "bottom": 36, "left": 36},
///     "columns": 1,
///     "gutter": 18,
///     "fontSize": 11,
///     "lineHeight": 1.2,
///     "paragraphs": "auto",
///     "tabWidth": 8,
///     "typography": {"align": "left", "breaking": "greedy", "hyphenate": null, "kerning": false, "widows": 2, "orphans": 2, "indent": 0, "paragraphSpacing": null, "heading": null, "chapterBreak": false, "headingStyle": "regular"}
///   },
///   "pages": [
///     {"page": 1, "start": 0, "end": 1834, "lines": 40},
///     {"page": 2, "start": 1834, "end": 3702, "lines": 40},
///     {"page": 3, "start": 3702, "end": 5120, "lines": 29}
///   ]
/// }
/// ```
///
/// - Keys always appear in the order shown, so equal layouts give byte-identical files.
/// - `source` is the input's name as given, or `null` when the text came from standard input.
/// - `bytes` is the source file's length in bytes. Page ranges are byte offsets into the file,
///   half-open (`start` included, `end` excluded); they partition `[0, bytes)` in page order —
///   or `keptRange` when a Project Gutenberg header and footer were left out.
/// - When the file was converted or cut before layout, `settings` ends with two more keys:
///   `"encoding"` (`"utf-8"`, `"latin1"`, `"cp1252"`, `"utf-16le"` or `"utf-16be"`: what the file
///   was read as) and `"keptRange"` (`{"start": …, "end": …}`, the file bytes laid out, or `null`
///   when the whole file was). A UTF-8 file laid out whole has neither key, so its map is the same
///   as before these keys existed.
/// - `lines` counts the page's lines over all its columns, blank lines included.
/// - Lengths are PDF points. Numbers are integers when integral (`36`, not `36.0`), otherwise the
///   shortest decimal that reads back as the same value (`1.2`).
/// - `paragraphs` is the paragraph mode: `"lines"`, `"blank"` or `"auto"`.
/// - `headingStyle` is the face headings are set in: `"regular"`, `"bold"`, `"italic"` or `"bold-italic"`.
/// - Fonts are not recorded: they are files on one machine, not part of a portable page map.
/// - Every page object sits on its own line, so a map of a long book stays greppable
///   (`grep '"page": 120,'`) and diffs line by line.
public enum PageMapJSON {
    /// Renders the page map of `layout`; the result ends with a newline.
    /// - Parameters:
    ///   - layout: The finished layout.
    ///   - source: The name of the input, or `nil` for standard input.
    public static func render(_ layout: Layout, source: String?) -> String {
        render(PageMap(layout), source: source, origin: nil)
    }

    /// Renders a page map (as computed or cached without a full layout); the result ends with a newline.
    /// - Parameters:
    ///   - map: The page map.
    ///   - source: The name of the input, or `nil` for standard input.
    public static func render(_ map: PageMap, source: String?) -> String {
        render(map, source: source, origin: nil)
    }

    /// Renders the page map of `layout` with its offsets in the file's bytes; the result ends with a newline.
    /// - Parameters:
    ///   - layout: The finished layout.
    ///   - source: The name of the input, or `nil` for standard input.
    ///   - origin: How the laid-out text's offsets map to the file's, or `nil` when they are the same.
    package static func render(_ layout: Layout, source: String?, origin: SourceOrigin?) -> String {
        render(PageMap(layout), source: source, origin: origin)
    }

    /// Renders a page map with its offsets in the file's bytes; the result ends with a newline.
    /// - Parameters:
    ///   - map: The page map.
    ///   - source: The name of the input, or `nil` for standard input.
    ///   - origin: How the laid-out text's offsets map to the file's, or `nil` when they are the same.
    package static func render(_ map: PageMap, source: String?, origin: SourceOrigin?) -> String {
        let origin = origin.flatMap { $0.isIdentity ? nil : $0 }
        let settings = map.settings
        let setup = settings.page
        let margins = setup.margins
        let type = settings.typography
        var json = """
            {
              "version": 1,
              "source": \(source.map(JSONText.string) ?? "null"),
              "bytes": \(origin?.mapping.originalLength ?? map.sourceLength),
              "pageCount": \(map.pageCount),
              "settings": {
                "page": {"width": \(JSONText.number(setup.size.width)), "height": \(JSONText.number(setup.size.height))},
                "margins": {"top": \(JSONText.number(margins.top)), "right": \(JSONText.number(margins.right)), \
            "bottom": \(JSONText.number(margins.bottom)), "left": \(JSONText.number(margins.left))},
                "columns": \(setup.columns),
                "gutter": \(JSONText.number(setup.gutter)),
                "fontSize": \(JSONText.number(settings.fontSize)),
                "lineHeight": \(JSONText.number(settings.lineHeight)),
                "paragraphs": \(JSONText.string(settings.paragraphMode.rawValue)),
                "tabWidth": \(settings.tabWidth),
                "typography": {"align": \(JSONText.string(type.alignment.rawValue)), \
            "breaking": \(JSONText.string(type.usesOptimalBreaking ? "optimal" : "greedy")), \
            "hyphenate": \(type.hyphenationLanguage.map(JSONText.string) ?? "null"), "kerning": \(type.kerning), \
            "widows": \(type.widows), "orphans": \(type.orphans), "indent": \(JSONText.number(type.firstLineIndent)), \
            "paragraphSpacing": \(type.paragraphSpacing.map(JSONText.number) ?? "null"), \
            "heading": \(type.headingPattern.map(JSONText.string) ?? "null"), "chapterBreak": \(type.chapterBreak), \
            "headingStyle": \(JSONText.string(type.headingStyle.rawValue))}
            """
        if let origin {
            let kept = origin.keptRange.map { "{\"start\": \($0.lowerBound), \"end\": \($0.upperBound)}" } ?? "null"
            json += ",\n    \"encoding\": \(JSONText.string(origin.encoding.rawValue)),\n    \"keptRange\": \(kept)"
        }
        json += """

              },
              "pages": [
            """
        let pages = map.entries.map { page in
            let range = origin?.originalRange(page.range) ?? page.range
            return "    {\"page\": \(page.page), \"start\": \(range.lowerBound), "
                + "\"end\": \(range.upperBound), \"lines\": \(page.lineCount)}"
        }
        // An empty array stays on one line, as a pretty-printer would write it.
        json += pages.isEmpty ? "]\n" : "\n" + pages.joined(separator: ",\n") + "\n  ]\n"
        json += "}\n"
        return json
    }
}
