/// An ordered list of fonts: the first is primary, the rest are fallbacks — and, optionally, the
/// chains of other styles of the family (bold, italic, bold italic) that headings may be set in.
///
/// Each character (grapheme cluster) is drawn with the first font of its style's chain that has
/// glyphs for all of its code points. Characters no font covers are drawn with the chain's primary
/// font's U+FFFD if it has one, else its missing-glyph box, and counted in `TextDiagnostics`.
///
/// `fonts` holds every face once: the regular chain first, in order, then the faces that only
/// other styles use. A style's chain is a list of indices into `fonts`, so a fallback that several
/// styles share (the CJK font) is opened, measured and embedded once, and `TextRun.fontIndex`
/// names a face whatever style drew it.
public final class FontChain {
    /// Every face: the regular chain (primary first), then the faces only other styles use.
    public let fonts: [Font]
    /// How many faces of `fonts`, from the first, make up the regular chain.
    public let regularCount: Int
    /// The chain of each style other than regular that has faces of its own, as indices into `fonts`.
    private let styleChains: [FontStyle: [Int]]

    /// Each font's pair kerning (`nil` for a font that kerns nothing), opened on first use.
    private var kerningTables: [PairKerning?]?

    /// Creates a chain from opened fonts, for the regular style only.
    public convenience init(fonts: [Font]) {
        self.init(fonts: fonts, styles: [:])
    }

    /// Creates a chain from opened fonts: `fonts` is the regular chain, and `styles` gives the
    /// chain of other styles (each primary first). A face of a style's chain that is the same file
    /// and face as one already taken is shared rather than added again.
    public init(fonts: [Font], styles: [FontStyle: [Font]]) {
        precondition(!fonts.isEmpty, "a font chain needs at least one font")
        func file(_ font: Font) -> FontFile { FontFile(path: font.path, faceIndex: font.faceIndex) }
        var byFile: [FontFile: Font] = [:]
        for font in fonts + styles.values.joined() where byFile[file(font)] == nil { byFile[file(font)] = font }
        let layout = FontChain.merge(regular: fonts.map(file), styles: styles.mapValues { $0.map(file) })
        // The regular chain is kept as given, even a face named twice; shared faces come from it.
        self.fonts = fonts + layout.files.dropFirst(fonts.count).map { byFile[$0]! }
        self.regularCount = fonts.count
        self.styleChains = layout.chains
    }

    /// Where the faces of a chain go: the regular chain as given, then each other style's faces
    /// that are not there yet (styles in `FontStyle.allCases` order), with each style's chain as
    /// indices into that list. The one rule for opened fonts and for files not yet opened.
    private static func merge(regular: [FontFile], styles: [FontStyle: [FontFile]]) -> (files: [FontFile], chains: [FontStyle: [Int]]) {
        var files = regular
        var chains: [FontStyle: [Int]] = [:]
        for style in FontStyle.allCases where style != .regular {
            guard let chain = styles[style], !chain.isEmpty else { continue }
            chains[style] = chain.map { face in
                if let index = files.firstIndex(of: face) { return index }
                files.append(face)
                return files.count - 1
            }
        }
        return (files, chains)
    }

    /// The faces a chain opened with `init(paths:styles:)` holds, in the order of its `fonts`
    /// (what its `files` would be), without opening them: a cache key needs only these.
    public static func files(paths: [String], styles: [FontStyle: [String]] = [:]) -> [FontFile] {
        files(files: paths.map(FontFile.init(spec:)), styles: styles.mapValues { $0.map(FontFile.init(spec:)) })
    }

    /// The faces `init(files:styles:)` would open, in the order of its `fonts`, without opening them.
    /// - Parameters:
    ///   - files: The regular chain, primary first.
    ///   - styles: The chains of other styles.
    public static func files(files: [FontFile], styles: [FontStyle: [FontFile]] = [:]) -> [FontFile] {
        merge(regular: files, styles: styles).files
    }

    private init(fonts: [Font], regularCount: Int, styleChains: [FontStyle: [Int]]) {
        self.fonts = fonts
        self.regularCount = regularCount
        self.styleChains = styleChains
    }

    /// Opens the given TrueType files in order. A path may end in `#N` to pick face N of a collection.
    public convenience init(paths: [String]) throws(FontError) {
        try self.init(paths: paths, styles: [:])
    }

    /// Opens the given faces in order.
    public convenience init(files: [FontFile]) throws(FontError) {
        try self.init(files: files, styles: [:])
    }

    /// Opens the regular chain `paths` and the chains of other `styles`, each file once however
    /// many chains name it. A path may end in `#N` to pick face N of a collection.
    public convenience init(paths: [String], styles: [FontStyle: [String]]) throws(FontError) {
        try self.init(files: paths.map(FontFile.init(spec:)), styles: styles.mapValues { $0.map(FontFile.init(spec:)) })
    }

    /// Opens the regular chain `files` and the chains of other `styles`, each face once however
    /// many chains name it.
    public convenience init(files: [FontFile], styles: [FontStyle: [FontFile]]) throws(FontError) {
        var opened: [FontFile: Font] = [:]
        func open(_ files: [FontFile]) throws(FontError) -> [Font] {
            var fonts: [Font] = []
            for file in files {
                if let known = opened[file] { fonts.append(known); continue }
                let font = try Font(path: file.path, faceIndex: file.faceIndex)
                opened[file] = font
                fonts.append(font)
            }
            return fonts
        }
        let regular = try open(files)
        var styled: [FontStyle: [Font]] = [:]
        for style in FontStyle.allCases where style != .regular {
            if let chain = styles[style] { styled[style] = try open(chain) }
        }
        self.init(fonts: regular, styles: styled)
    }

    /// The chain text of `style` is set in, as indices into `fonts`, primary first. A style
    /// without faces of its own is set in the regular chain.
    public func chain(for style: FontStyle) -> [Int] {
        styleChains[style] ?? Array(0..<regularCount)
    }

    /// Whether `style` has faces of its own (the regular style always has).
    public func hasFaces(for style: FontStyle) -> Bool {
        style == .regular || styleChains[style] != nil
    }

    /// The files and faces of the chain, in the order of `fonts`.
    public var files: [FontFile] { fonts.map { FontFile(path: $0.path, faceIndex: $0.faceIndex) } }

    /// A new chain over the same font files and styles, for use on another thread (width caches
    /// are per chain).
    public func reopened() throws(FontError) -> FontChain {
        var fonts: [Font] = []
        for font in self.fonts { fonts.append(try Font(path: font.path, faceIndex: font.faceIndex)) }
        return FontChain(fonts: fonts, regularCount: regularCount, styleChains: styleChains)
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
