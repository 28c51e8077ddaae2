#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CHyphen

/// The one owner of a libhyphen pattern dictionary; nothing else in the package touches libhyphen.
///
/// Pattern dictionaries are the hyphenation patterns of TeX in the form LibreOffice and Debian's
/// `hyphen-*` packages ship (`hyph_en_US.dic`, …). Lookups only read the loaded patterns, so one
/// dictionary serves every thread; each caller brings its own scratch buffer.
// Unchecked because the patterns are a C pointer: loaded in `init`, freed in `deinit`, and only
// read in between (libhyphen writes into the caller's buffers, never into the dictionary).
final class HyphenationDictionary: @unchecked Sendable {
    private let dictionary: UnsafeMutablePointer<HyphenDict>
    /// The file the patterns came from.
    let path: String

    /// Loads the dictionary file at `path`.
    init(path: String) throws(HyphenationError) {
        guard let dictionary = hnj_hyphen_load(path) else { throw .unreadableDictionary(path: path) }
        self.dictionary = dictionary
        self.path = path
    }

    deinit {
        hnj_hyphen_free(dictionary)
    }

    /// Where a lower-case word encoded in UTF-8 may be hyphenated: the indices of the characters
    /// (code points) after which a hyphen may break it, keeping at least `leftMinimum` and
    /// `rightMinimum` characters on each side.
    func hyphenationPoints(utf8 word: [UInt8], leftMinimum: Int, rightMinimum: Int, scratch hyphens: inout [CChar]) -> [Int] {
        guard !word.isEmpty, word.count < 1024 else { return [] }
        if hyphens.count < word.count + 5 { hyphens = [CChar](repeating: 0, count: word.count + 5) }
        var replacements: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var positions: UnsafeMutablePointer<Int32>?
        var cuts: UnsafeMutablePointer<Int32>?
        // libhyphen takes a length but also reads the word as a C string (its hyphen-minimum and
        // no-hyphen passes stop at a NUL): give it one.
        var terminated = word
        terminated.append(0)
        let status = terminated.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hnj_hyphen_hyphenate3(
                    dictionary, chars.baseAddress, Int32(word.count), &hyphens, nil,
                    &replacements, &positions, &cuts, Int32(leftMinimum), Int32(rightMinimum), 0, 0)
            }
        }
        // Non-standard hyphenation (German "Schiffahrt" → "Schiff-fahrt") changes the spelling; the
        // engine only ever adds a hyphen, so such points are skipped.
        // A UTF-8 dictionary reports per character; an 8-bit one per byte, which is a character
        // only for ASCII (the only text it can match in a UTF-8 word).
        let characters = dictionary.pointee.utf8 != 0 ? word.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } : word.count
        var points: [Int] = []
        if status == 0 {
            for offset in 0..<(characters - 1) where hyphens[offset] & 1 == 1 {
                if let replacements, replacements[offset] != nil { continue }
                points.append(offset)
            }
        }
        if let replacements {
            for offset in 0..<word.count { free(replacements[offset]) }
            free(replacements)
        }
        free(positions)
        free(cuts)
        return points
    }
}
