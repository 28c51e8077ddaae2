import ArgumentParser
import PaginateExport
import PaginateKit

/// `paginate fonts [pattern]`: lists the installed fonts --font can name, with their coverage of a sample.
struct Fonts: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the installed fonts --font can use, with their files and coverage of a sample text.",
        discussion: """
            Lists every installed face with TrueType or CFF (PostScript) outlines, as fontconfig finds it: family, style, \
            the share of the sample's characters (white space aside) the face has glyphs for, and its \
            file ('file:N' for face N of a collection). PATTERN keeps the families whose name contains \
            it, ignoring case. Pass a family to --font, with a style if it is not the regular face: \
            --font 'DejaVu Serif:bold', --font 'Liberation Sans:style=Italic'.

            Faces with other outlines (Type 1, bitmap fonts) cannot be embedded in the PDF and are left \
            out; --all lists them too, marked in an OUTLINES column.

            With --sample, the list is followed, after a blank line, by the font each character of the \
            sample is drawn with: the first of the fonts (the bundled ones, or those --font names) that has it, else \
            the installed font fallback finds ('fallback'), else none ('not covered', drawn as \
            U+FFFD). --json adds them as "characters": [{"character": "א", "codePoints": ["U+05D0"], \
            "font": "Noto Serif Hebrew", "file": "…", "index": 0, "fallback": true}, …], with null \
            font and file for a character nothing covers.

            --json prints one document: {"version": 1, "sample": "…", "fonts": [{"family": "DejaVu \
            Serif", "families": ["DejaVu Serif"], "style": "Book", "font": "DejaVu Serif", "file": \
            "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", "index": 0, "outlines": "TrueType", \
            "usable": true, "coverage": 0.894, "covered": 42, "total": 47}, …]}. 'font' is the value \
            for --font; 'coverage' is rounded down to 0.001, null (as are 'covered' and 'total') when \
            the file cannot be read.

            Exit codes: 0 success; 1 no installed family matches PATTERN; 64 usage error; 66 fontconfig \
            cannot load its configuration.

            Examples:
              paginate fonts
              paginate fonts dejavu --sample 'Straße, déjà vu'
              paginate fonts hebrew --sample 'שלום, κόσμε' --font 'Liberation Serif'
              paginate fonts noto --all --json
            """
    )

    /// Latin with accents and ligature letters, then a few Chinese, Japanese and Korean characters.
    static let defaultSample = "The quick brown fox: déjà vu, Ærøskøbing, Straße, Łódź. 中文 日本語 한국어"

    @Argument(help: ArgumentHelp("Show only families whose name contains this text (any case).", valueName: "pattern"))
    var pattern: String?

    @Option(
        help: ArgumentHelp(
            "The text whose coverage is measured; also shows which font draws each of its characters.",
            valueName: "text"))
    var sample: String?

    @Option(
        help: ArgumentHelp(
            "With --sample: a font to draw it with, as for layout (repeat for a chain; default: the bundled fonts).",
            valueName: "font"))
    var font: [String] = []

    @Flag(help: "Also list faces the PDF cannot embed (Type 1, bitmap fonts).")
    var all = false

    @Flag(help: "Print a JSON document instead of columns.")
    var json = false

    func validate() throws {
        guard let sample else { return }
        guard sample.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            throw ValidationError("--sample needs at least one character that is not white space")
        }
    }

    func run() throws {
        try reportingErrors {
            let catalog = try CLIError.wrap { () throws(FontError) in try FontCatalog() }
            let sample = self.sample ?? Fonts.defaultSample
            let sources = try self.sample.map { text in
                try CLIError.wrap { () throws(FontError) in try characterSources(of: text) }
            }
            let matching = catalog.faces().filter { face in
                pattern.map { wanted in face.families.contains { $0.lowercased().contains(wanted.lowercased()) } } ?? true
            }
            let listed = all ? matching : matching.filter(\.isUsable)
            guard !listed.isEmpty else { throw noMatch(skipped: matching.count) }
            let entries = listed.map { FontListJSON.Entry(face: $0, coverage: try? SampleCoverage(of: sample, in: $0.file)) }
            if json {
                print(FontListJSON.document(sample: sample, entries: entries, characters: sources))
            } else {
                print(table(entries), terminator: "")
                if let sources { print("\n" + Fonts.columns(sourceRows(sources)), terminator: "") }
            }
        }
    }

    /// Each character of `text` with the face that draws it, from the fonts --font names (else the
    /// bundled ones) and fallback.
    private func characterSources(of text: String) throws(FontError) -> [FontListJSON.CharacterEntry] {
        let files = font.isEmpty ? try FontChain.bundledFontPaths().map(FontFile.init(spec:)) : try FontRequest.resolve(font)
        let chain = try FontChain(files: files)
        return chain.sources(of: text).filter { !$0.character.unicodeScalars.allSatisfy(\.properties.isWhitespace) }.map { source in
            FontListJSON.CharacterEntry(source: source, font: source.fontIndex.map { chain.fonts[$0] })
        }
    }

    /// One row per character: the character, its code points, the font's family and file.
    private func sourceRows(_ sources: [FontListJSON.CharacterEntry]) -> [[String]] {
        var rows = [["CHARACTER", "CODE POINTS", "FONT", "FILE"]]
        for entry in sources {
            let family = entry.family.map { entry.source.isFallback ? "\($0) (fallback)" : $0 } ?? "not covered"
            let file = entry.file.map { $0.faceIndex == 0 ? $0.path : "\($0.path):\($0.faceIndex)" } ?? "-"
            rows.append([entry.source.character, entry.codePoints.joined(separator: " "), family, file])
        }
        return rows
    }

    /// The error for an empty list; `skipped` faces matched but cannot be embedded.
    private func noMatch(skipped: Int) -> CLIError {
        let subject = pattern.map { "no installed font family matches '\($0)'" } ?? "no installed fonts"
        guard skipped > 0 else { return CLIError(message: subject, code: .failure) }
        let faces =
            skipped == 1
            ? "1 face that cannot be embedded does; --all lists it"
            : "\(skipped) faces that cannot be embedded do; --all lists them"
        return CLIError(message: "\(subject) (\(faces))", code: .failure)
    }

    /// Left-aligned columns separated by two spaces, coverage right-aligned, one face per line.
    private func table(_ entries: [FontListJSON.Entry]) -> String {
        var rows: [[String]] = [all ? ["FAMILY", "STYLE", "OUTLINES", "COVERAGE", "FILE"] : ["FAMILY", "STYLE", "COVERAGE", "FILE"]]
        for entry in entries {
            let face = entry.face
            // Rounded down, so that 100% means every character.
            let coverage = entry.coverage.map { "\(Int(($0.fraction * 100).rounded(.down)))%" } ?? "?"
            let file = face.file.faceIndex == 0 ? face.file.path : "\(face.file.path):\(face.file.faceIndex)"
            let outlines = face.isUsable ? face.outlines.description : "\(face.outlines) (not usable)"
            rows.append(all ? [face.family, face.style, outlines, coverage, file] : [face.family, face.style, coverage, file])
        }
        return Fonts.columns(rows, rightAligned: all ? 3 : 2)
    }

    /// Left-aligned columns separated by two spaces (column `rightAligned` aligned right), one row a line.
    private static func columns(_ rows: [[String]], rightAligned coverageColumn: Int? = nil) -> String {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var text = ""
        for row in rows {
            var cells: [String] = []
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                if column == row.count - 1 {
                    cells.append(cell)
                } else if column == coverageColumn {
                    cells.append(padding + cell)
                } else {
                    cells.append(cell + padding)
                }
            }
            text += cells.joined(separator: "  ") + "\n"
        }
        return text
    }
}
