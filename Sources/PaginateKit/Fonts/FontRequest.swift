/// A `--font` value: a font file, or the name of an installed font to look up with fontconfig.
package enum FontRequest: Hashable, Sendable {
    /// A file and the face within it.
    case file(FontFile)
    /// A fontconfig name: a family, optionally with a style (`DejaVu Serif:bold`).
    case name(String)

    /// Reads a value, in this order: the path of an existing file; an existing file followed by
    /// `:N` or `#N` (face N of a collection); anything that looks like a path (it has a `/` or a
    /// font file extension), so that a missing file is reported as missing; else a font name.
    package init(_ spec: String) {
        var isDirectory = false
        if fileExists(spec, isDirectory: &isDirectory) {
            self = .file(FontFile(path: spec, faceIndex: 0))
            return
        }
        let indexed = FontRequest.splitFaceIndex(spec)
        if let (path, index) = indexed, fileExists(path, isDirectory: &isDirectory) {
            self = .file(FontFile(path: path, faceIndex: index))
        } else if FontRequest.looksLikePath(indexed?.path ?? spec) {
            self = .file(FontFile(path: indexed?.path ?? spec, faceIndex: indexed?.index ?? 0))
        } else {
            self = .name(spec)
        }
    }

    /// The files a list of `--font` values stands for, in order. fontconfig is loaded only when
    /// one of them is a name.
    package static func resolve(_ specs: [String]) throws(FontError) -> [FontFile] {
        var catalog: FontCatalog?
        var files: [FontFile] = []
        for spec in specs {
            switch FontRequest(spec) {
            case .file(let file):
                files.append(file)
            case .name(let name):
                let opened: FontCatalog
                if let catalog { opened = catalog } else { opened = try FontCatalog() }
                catalog = opened
                files.append(try opened.resolve(name: name))
            }
        }
        return files
    }

    /// `path` and `N` from `path:N` or `path#N`.
    private static func splitFaceIndex(_ spec: String) -> (path: String, index: Int)? {
        guard let separator = spec.lastIndex(where: { $0 == ":" || $0 == "#" }),
            separator > spec.startIndex,
            let index = Int(spec[spec.index(after: separator)...])
        else { return nil }
        return (String(spec[..<separator]), index)
    }

    private static func looksLikePath(_ text: String) -> Bool {
        if text.contains("/") { return true }
        guard let dot = text.lastIndex(of: ".") else { return false }
        let fileExtensions: Set<String> = ["ttf", "ttc", "otf", "otc", "dfont", "pfa", "pfb", "woff", "woff2"]
        return fileExtensions.contains(text[text.index(after: dot)...].lowercased())
    }
}
