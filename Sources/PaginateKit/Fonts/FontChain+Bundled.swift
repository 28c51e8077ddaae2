#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The fonts that come with paginate, found without configuration.
extension FontChain {
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

    /// The bundled chain of one style, as a chain of its own: DejaVu Serif in that style, then
    /// Droid Sans Fallback (which has one style only, so CJK text looks the same in every style).
    public static func bundled(style: FontStyle) throws(FontError) -> FontChain {
        try FontChain(paths: bundledFontPaths(style: style))
    }

    /// The bundled regular chain together with the chains of `styles`, for a layout that sets
    /// headings in one of them (`Typography.headingStyle`). The fallback is opened once.
    public static func bundled(styles: [FontStyle]) throws(FontError) -> FontChain {
        let regular = try bundledFontPaths()
        var chains: [FontStyle: [String]] = [:]
        for style in styles where style != .regular { chains[style] = try bundledFontPaths(style: style) }
        return try FontChain(paths: regular, styles: chains)
    }

    /// The paths of the bundled fonts, found as `bundled()` finds them, without opening them.
    public static func bundledFontPaths() throws(FontError) -> [String] {
        try bundledFontPaths(style: .regular)
    }

    /// The paths of the bundled chain of `style`, primary first, without opening them.
    public static func bundledFontPaths(style: FontStyle) throws(FontError) -> [String] {
        let candidates = bundledFontDirectories()
        for directory in candidates {
            var isDirectory = false
            let primary = directory + "/" + bundledFontFiles[0]
            if fileExists(primary, isDirectory: &isDirectory), !isDirectory {
                return ([style.bundledFileName] + bundledFontFiles.dropFirst()).map { directory + "/" + $0 }
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
