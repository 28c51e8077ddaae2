#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Finds where the words of a paragraph may be hyphenated, by the patterns of one language.
///
/// Words are runs of letters (and the marks on them). A word is left whole when it is shorter than
/// the minimums allow, written in capitals only (acronyms, headings), the last word of its
/// paragraph, part of a token with digits or of a URL or e-mail address, or already carries soft
/// hyphens (the writer chose its breaks). Results are cached per word, since a book repeats its
/// vocabulary; a hyphenator is therefore not shared between threads (`copy()` makes another that
/// shares the loaded patterns).
final class Hyphenator {
    /// The language tag the dictionary was chosen for.
    let language: String
    /// Fewest characters before a hyphen.
    let leftMinimum: Int
    /// Fewest characters after a hyphen.
    let rightMinimum: Int
    private let dictionary: HyphenationDictionary
    private var cache: [[UInt32]: [UInt8]] = [:]
    private var utf8: [UInt8] = []
    private var scratch: [CChar] = []

    /// Loads the patterns for `language` (a BCP 47 tag such as `en-US`, `de` or `fr`).
    ///
    /// Dictionaries are looked up in `$PAGINATE_HYPHEN_DIR`, then `/usr/share/hyphen` and
    /// `/usr/local/share/hyphen`, as `hyph_<lang>_<REGION>.dic`, `hyph_<lang>.dic`, then any
    /// `hyph_<lang>_*.dic`.
    convenience init(language: String, leftMinimum: Int = 2, rightMinimum: Int = 3) throws(HyphenationError) {
        let path = try Hyphenator.dictionaryPath(for: language)
        self.init(
            language: language, dictionary: try Hyphenator.loaded.dictionary(at: path),
            leftMinimum: leftMinimum, rightMinimum: rightMinimum)
    }

    private init(language: String, dictionary: HyphenationDictionary, leftMinimum: Int, rightMinimum: Int) {
        self.language = language
        self.dictionary = dictionary
        self.leftMinimum = max(1, leftMinimum)
        self.rightMinimum = max(1, rightMinimum)
    }

    /// A hyphenator with the same patterns and its own cache, for another thread.
    func copy() -> Hyphenator {
        Hyphenator(
            language: language, dictionary: dictionary,
            leftMinimum: leftMinimum, rightMinimum: rightMinimum)
    }

    /// The indices after which `scalars` may be broken with a hyphen, in increasing order.
    func hyphenationPoints(in scalars: [UInt32]) -> [Int] {
        var points: [Int] = []
        let count = scalars.count
        // The last word of the paragraph is never hyphenated: it would leave a line end of a
        // few letters, the worst look of a paragraph's final line.
        var lastWordStart = count
        do {
            var index = count - 1
            while index >= 0 && !Hyphenator.isWordCharacter(scalars[index]) { index -= 1 }
            while index >= 0 && Hyphenator.isWordCharacter(scalars[index]) { index -= 1 }
            lastWordStart = index + 1
        }
        var tokenStart = 0
        while tokenStart < count {
            while tokenStart < count && Hyphenator.isSpace(scalars[tokenStart]) { tokenStart += 1 }
            var tokenEnd = tokenStart
            var eligible = true
            while tokenEnd < count && !Hyphenator.isSpace(scalars[tokenEnd]) {
                if Hyphenator.disqualifiesToken(scalars[tokenEnd]) { eligible = false }
                tokenEnd += 1
            }
            if eligible {
                var wordStart = tokenStart
                while wordStart < tokenEnd {
                    while wordStart < tokenEnd && !Hyphenator.isWordCharacter(scalars[wordStart]) { wordStart += 1 }
                    var wordEnd = wordStart
                    while wordEnd < tokenEnd && Hyphenator.isWordCharacter(scalars[wordEnd]) { wordEnd += 1 }
                    if wordEnd - wordStart >= leftMinimum + rightMinimum && wordStart < lastWordStart {
                        for point in wordPoints(scalars[wordStart..<wordEnd]) { points.append(wordStart + Int(point)) }
                    }
                    wordStart = wordEnd
                }
            }
            tokenStart = tokenEnd
        }
        return points
    }

    /// Hyphenation points of one word, as offsets of the code point before each hyphen.
    private func wordPoints(_ word: ArraySlice<UInt32>) -> [UInt8] {
        let key = Array(word)
        if let cached = cache[key] { return cached }
        var result: [UInt8] = []
        if word.count < 250 && !word.allSatisfy(Hyphenator.isUppercase) {
            utf8.removeAll(keepingCapacity: true)
            var lowered = true
            for scalar in word {
                guard let value = Unicode.Scalar(scalar) else { lowered = false; break }
                // Only one-to-one lower-case mappings keep offsets aligned with the code points.
                let lower = value.properties.lowercaseMapping.unicodeScalars
                let mapped = lower.count == 1 ? lower.first! : value
                utf8.append(contentsOf: UTF8.encode(mapped)!)
            }
            if lowered {
                let offsets = dictionary.hyphenationPoints(
                    utf8: utf8, leftMinimum: leftMinimum,
                    rightMinimum: rightMinimum, scratch: &scratch)
                // One code point of the word is one character of the dictionary's input.
                for index in offsets where index < word.count - 1 {
                    result.append(UInt8(index))
                }
            }
        }
        cache[key] = result
        return result
    }

    @inline(__always)
    private static func isSpace(_ scalar: UInt32) -> Bool {
        scalar == 0x20 || scalar == 0x09 || scalar == 0xA0 || scalar == 0x3000 || (0x2000...0x200B).contains(scalar)
    }

    /// Letters and the combining marks that belong to them.
    private static func isWordCharacter(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return (scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A }
        guard let value = Unicode.Scalar(scalar) else { return false }
        switch value.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark:
            // Ideographs and kana break anywhere already; hyphens would be wrong there.
            return !CellWidth.isWide(scalar)
        default:
            return false
        }
    }

    private static func isUppercase(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return scalar >= 0x41 && scalar <= 0x5A }
        return Unicode.Scalar(scalar)?.properties.isUppercase ?? false
    }

    /// Digits, URL and address punctuation, soft hyphens: the token is not plain prose.
    private static func disqualifiesToken(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x30...0x39, 0x2F, 0x40, 0x5C, 0x3D, 0x5F, 0x23, 0x25, 0x26, 0xAD, 0x7E:
            return true
        default:
            return false
        }
    }

    /// Dictionaries already loaded, by path: patterns are read-only once loaded, and parsing a
    /// dictionary costs more than laying out a page, so each file is parsed once per process.
    private static let loaded = LoadedDictionaries()

    static func dictionaryPath(for language: String) throws(HyphenationError) -> String {
        var directories: [String] = []
        if let custom = getenv("PAGINATE_HYPHEN_DIR") { directories.append(String(cString: custom)) }
        directories += ["/usr/share/hyphen", "/usr/local/share/hyphen"]
        let parts = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first, first.allSatisfy({ $0.isLetter || $0.isNumber }) else {
            throw .noDictionary(language: language, searched: directories)
        }
        let lang = first.lowercased()
        var names: [String] = []
        if parts.count > 1 { names.append("hyph_\(lang)_\(parts[1].uppercased()).dic") }
        names.append("hyph_\(lang).dic")
        for directory in directories {
            for name in names where isRegularFile(directory + "/" + name) { return directory + "/" + name }
        }
        for directory in directories {
            if let name = firstFile(in: directory, prefix: "hyph_\(lang)_", suffix: ".dic") { return directory + "/" + name }
        }
        throw .noDictionary(language: language, searched: directories)
    }

    /// The alphabetically first file of a directory with the given prefix and suffix.
    private static func firstFile(in directory: String, prefix: String, suffix: String) -> String? {
        guard let handle = opendir(directory) else { return nil }
        defer { closedir(handle) }
        var matches: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(prefix) && name.hasSuffix(suffix) && isRegularFile(directory + "/" + name) {
                matches.append(name)
            }
        }
        return matches.min()
    }
}

/// The process's loaded pattern dictionaries, shared by every hyphenator and thread.
// Unchecked because of the mutable `byPath`: it is only read and written under `lock`, and the
// dictionaries it hands out are Sendable.
private final class LoadedDictionaries: @unchecked Sendable {
    private var byPath: [String: HyphenationDictionary] = [:]
    // A mutex must not move: it lives in memory of its own, not in a Swift property.
    private let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        return lock
    }()

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    func dictionary(at path: String) throws(HyphenationError) -> HyphenationDictionary {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        if let known = byPath[path] { return known }
        let dictionary = try HyphenationDictionary(path: path)
        byPath[path] = dictionary
        return dictionary
    }
}
