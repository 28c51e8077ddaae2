#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An ordered list of fonts: the first is primary, the rest are fallbacks.
///
/// Each character (grapheme cluster) is drawn with the first font that has glyphs for all of its
/// code points. Characters no font covers are drawn with the primary font's U+FFFD if it has one,
/// else its missing-glyph box, and counted in `TextDiagnostics`.
public final class FontChain {
    /// The fonts, primary first.
    public let fonts: [Font]

    /// Each font's pair kerning (`nil` for a font that kerns nothing), opened on first use.
    private var kerningTables: [PairKerning?]?

    /// Creates a chain from opened fonts.
    public init(fonts: [Font]) {
        precondition(!fonts.isEmpty, "a font chain needs at least one font")
        self.fonts = fonts
    }

    /// Opens the given TrueType files in order. A path may end in `#N` to pick face N of a collection.
    public convenience init(paths: [String]) throws(FontError) {
        try self.init(files: paths.map(FontFile.init(spec:)))
    }

    /// Opens the given faces in order.
    public convenience init(files: [FontFile]) throws(FontError) {
        var fonts: [Font] = []
        for file in files {
            fonts.append(try Font(path: file.path, faceIndex: file.faceIndex))
        }
        self.init(fonts: fonts)
    }

    /// The files and faces of the chain.
    public var files: [FontFile] { fonts.map { FontFile(path: $0.path, faceIndex: $0.faceIndex) } }

    /// A new chain over the same font files, for use on another thread (width caches are per chain).
    public func reopened() throws(FontError) -> FontChain {
        var fonts: [Font] = []
        for font in self.fonts { fonts.append(try Font(path: font.path, faceIndex: font.faceIndex)) }
        return FontChain(fonts: fonts)
    }

    /// The pair kerning of each font, in chain order; `nil` for a font that kerns nothing.
    ///
    /// Opened on the first call, so a layout without kerning never reads the fonts' kerning.
    var pairKerning: [PairKerning?] {
        if let kerningTables { return kerningTables }
        let tables = fonts.map { $0.kerningTable() }
        kerningTables = tables
        return tables
    }

    /// File names of the bundled fonts, primary first.
    public static let bundledFontFiles = ["DejaVuSerif.ttf", "DroidSansFallback-Flat.ttf"]

    /// The bundled fonts: DejaVu Serif for Latin, Greek and Cyrillic, Droid Sans Fallback for CJK.
    ///
    /// The folder is found, in order: `$PAGINATE_FONTS`; `Fonts/` in the executable's folder or any
    /// folder above it (a build inside a checkout); `../share/paginate/Fonts` beside the
    /// executable's folder (an installed copy); the package's own `Fonts/` as seen when it was built.
    public static func bundled() throws(FontError) -> FontChain {
        try FontChain(paths: bundledFontPaths())
    }

    /// The paths of the bundled fonts, found as `bundled()` finds them, without opening them.
    public static func bundledFontPaths() throws(FontError) -> [String] {
        let candidates = bundledFontDirectories()
        for directory in candidates {
            var isDirectory = false
            let primary = directory + "/" + bundledFontFiles[0]
            if fileExists(primary, isDirectory: &isDirectory), !isDirectory {
                return bundledFontFiles.map { directory + "/" + $0 }
            }
        }
        throw .bundledFontsMissing(searched: candidates)
    }

    static func bundledFontDirectories() -> [String] {
        var directories: [String] = []
        if let environment = getenv("PAGINATE_FONTS") { directories.append(String(cString: environment)) }
        if let executable = executableDirectory() {
            var directory = executable
            while true {
                directories.append(directory + "/Fonts")
                guard let slash = directory.lastIndex(of: "/"), slash > directory.startIndex else { break }
                directory = String(directory[..<slash])
            }
            if let slash = executable.lastIndex(of: "/") {
                directories.append(String(executable[..<slash]) + "/share/paginate/Fonts")
            }
        }
        // The checkout this module was compiled from: three folders above this file.
        var source = "\(#filePath)"
        for _ in 0..<4 { if let slash = source.lastIndex(of: "/") { source = String(source[..<slash]) } }
        directories.append(source + "/Fonts")
        return directories
    }

    private static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}

/// A font file and the face within it: what a font chain is made of, before it is opened.
public struct FontFile: Hashable, Sendable {
    /// Path of the file.
    public let path: String
    /// Face index within the file (0 for a plain `.ttf`).
    public let faceIndex: Int

    /// Creates a file reference.
    public init(path: String, faceIndex: Int) {
        self.path = path
        self.faceIndex = faceIndex
    }

    /// Parses `path` or `path#N` (face N of a collection).
    public init(spec: String) {
        if let hash = spec.lastIndex(of: "#"), let index = Int(spec[spec.index(after: hash)...]) {
            self.init(path: String(spec[..<hash]), faceIndex: index)
        } else {
            self.init(path: spec, faceIndex: 0)
        }
    }
}
