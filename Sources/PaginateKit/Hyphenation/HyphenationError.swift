/// Why hyphenation cannot be set up, in words a user can act on.
public enum HyphenationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No pattern dictionary for the language was found.
    case noDictionary(language: String, searched: [String])
    /// The dictionary file exists but libhyphen cannot read it.
    case unreadableDictionary(path: String)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .noDictionary(let language, let searched):
            let package = "hyphen-" + String(language.lowercased().map { $0 == "_" ? "-" : $0 })
            return
                "no hyphenation dictionary for '\(language)' (looked in \(searched.joined(separator: ", "))); install Debian's \(package) package, or set PAGINATE_HYPHEN_DIR to a folder of hyph_*.dic files"
        case .unreadableDictionary(let path):
            return "cannot read the hyphenation dictionary '\(path)'"
        }
    }
}
