/// Why a font file cannot be used, in words a user can act on.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is missing, unreadable or not a font.
    case unreadable(path: String, reason: String)
    /// The font has variable PostScript (CFF2) outlines, which cannot be embedded in the PDF.
    case notTrueType(path: String)
    /// A collection index beyond the number of faces in the file.
    case faceIndexOutOfRange(path: String, index: Int, count: Int)
    /// No bundled font directory could be found.
    case bundledFontsMissing(searched: [String])
    /// fontconfig could not load its configuration, so font names cannot be looked up.
    case catalogUnavailable
    /// A `--font` value that is neither a file nor a font name fontconfig can read.
    case invalidFontName(name: String)
    /// No installed font has this family name.
    case unknownFamily(name: String)
    /// The font a name stands for has outlines the PDF cannot embed (Type 1, bitmap) and no usable
    /// face of its style is installed; `alternative` names an installed font to use instead, if any.
    case notTrueTypeFamily(name: String, path: String, alternative: String?)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot use font '\(path)': \(reason)"
        case .notTrueType(let path):
            return
                "cannot use font '\(path)': it has variable PostScript (CFF2) outlines, which a PDF cannot embed; give a TrueType (.ttf) or CFF OpenType (.otf) font"
        case .faceIndexOutOfRange(let path, let index, let count):
            return "cannot use font '\(path)': face index \(index) is out of range (the file has \(count) face\(count == 1 ? "" : "s"))"
        case .bundledFontsMissing(let searched):
            return "cannot find the bundled fonts (looked in \(searched.joined(separator: ", ")))"
        case .catalogUnavailable:
            return "cannot look up installed fonts (fontconfig could not load its configuration)"
        case .invalidFontName(let name):
            return "cannot use font '\(name)': it is neither a font file nor a font name such as 'DejaVu Serif:bold'"
        case .unknownFamily(let name):
            return "no installed font family named '\(name)'"
        case .notTrueTypeFamily(let name, let path, let alternative):
            let advice =
                alternative.map { "an installed font such as '\($0)' can stand in" }
                ?? "no installed TrueType or CFF font can stand in"
            return "cannot use font '\(name)' (\(path)): its outlines are neither TrueType nor CFF, so the PDF cannot embed them; \(advice)"
        }
    }

    static func classify(path: String, index: Int, freeTypeStatus: Int32) -> FontError {
        var isDirectory = false
        if !fileExists(path, isDirectory: &isDirectory) {
            return .unreadable(path: path, reason: "no such file")
        }
        if isDirectory { return .unreadable(path: path, reason: "it is a directory") }
        switch freeTypeStatus {
        case 0x01: return .unreadable(path: path, reason: "the file cannot be opened")
        case 0x02, 0x03: return .unreadable(path: path, reason: "not a font file FreeType understands")
        case 0x06: return .unreadable(path: path, reason: "face index \(index) is out of range")
        default: return .unreadable(path: path, reason: "the font file is damaged or truncated (FreeType error \(freeTypeStatus))")
        }
    }
}
