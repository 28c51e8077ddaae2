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
          paginate fonts noto --all --json
        """
    )

    /// Latin with accents and ligature letters, then a few Chinese, Japanese and Korean characters.
    static let defaultSample = "The quick brown fox: déjà vu, Ærøskøbing, Straße, Łódź. 中文 日本語 한국어"

    @Argument(help: ArgumentHelp("Show only families whose name contains this text (any case).", valueName: "pattern"))
    var pattern: String?

    @Option(help: ArgumentHelp("The text whose coverage is measured.", valueName: "text"))
    var sample = Fonts.defaultSample

    @Flag(help: "Also list faces the PDF cannot embed (Type 1, bitmap fonts).")
    var all = false

    @Flag(help: "Print a JSON document instead of columns.")
    var json = false

    func validate() throws {
        guard sample.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            throw ValidationError("--sample needs at least one character that is not white space")
        }
    }

    func run() throws {
        try reportingErrors {
            let catalog = try CLIError.wrap { () throws(FontError) in try FontCatalog() }
            let matching = catalog.faces().filter { face in
                pattern.map { wanted in face.families.contains { $0.lowercased().contains(wanted.lowercased()) } } ?? true
            }
            let listed = all ? matching : matching.filter(\.isUsable)
            guard !listed.isEmpty else { throw noMatch(skipped: matching.count) }
            let entries = listed.map { FontListJSON.Entry(face: $0, coverage: try? SampleCoverage(of: sample, in: $0.file)) }
            if json {
                print(FontListJSON.document(sample: sample, entries: entries))
            } else {
                print(table(entries), terminator: "")
            }
        }
    }

    /// The error for an empty list; `skipped` faces matched but cannot be embedded.
    private func noMatch(skipped: Int) -> CLIError {
        let subject = pattern.map { "no installed font family matches '\($0)'" } ?? "no installed fonts"
        guard skipped > 0 else { return CLIError(message: subject, code: .failure) }
        let faces = skipped == 1
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
        let coverageColumn = all ? 3 : 2
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
