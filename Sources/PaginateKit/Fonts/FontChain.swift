/// An ordered list of fonts: the first is primary, the rest are fallbacks — and, optionally, the
/// chains of other styles of the family (bold, italic, bold italic) that headings may be set in.
///
/// Each character (grapheme cluster) is drawn with the first font of its style's chain that has
/// glyphs for all of its code points. A character none of them covers is drawn with an installed
/// font that does, found by the chain's `fallback` (see `FontFallback`); only characters no font
/// covers at all are drawn with the chain's primary font's U+FFFD if it has one, else its
/// missing-glyph box, and counted in `TextDiagnostics`.
///
/// `fonts` holds every face once: the regular chain first, in order, then the faces that only
/// other styles use, then the installed faces fallback has added, in the order this chain first
/// needed them. A style's chain is a list of indices into `fonts`, so a fallback that several
/// styles share (the CJK font) is opened, measured and embedded once, and `TextRun.fontIndex`
/// names a face whatever style drew it.
public final class FontChain {
    /// Every face: the regular chain (primary first), then the faces only other styles use, then
    /// the installed faces fallback has found, in the order this chain first needed them.
    ///
    /// Fallback faces join as paragraphs are measured: a layout made in text order (as
    /// `LayoutManager.layout` makes it) numbers them in the order the text first needs them.
    public private(set) var fonts: [Font]
    /// How many faces of `fonts`, from the first, make up the regular chain.
    public let regularCount: Int
    /// How many faces of `fonts`, from the first, the chain was made with (before fallback).
    public let configuredCount: Int
    /// Where characters no face of the chain covers are looked up; `nil` draws them as uncovered.
    public let fallback: FontFallback?
    /// The chain of each style other than regular that has faces of its own, as indices into `fonts`.
    private let styleChains: [FontStyle: [Int]]
    /// The index in `fonts` of each face fallback has added.
    private var fallbackSlots: [FontFile: Int] = [:]
    /// Fallback answers already given, as indices into `fonts` (-1: nothing covers): single code
    /// points by style and code point, longer clusters by style and code points.
    private var scalarAnswers: [UInt64: Int16] = [:]
    private var clusterAnswers: [ClusterKey: Int16] = [:]

    private struct ClusterKey: Hashable {
        let style: FontStyle
        let scalars: [UInt32]
    }

    /// Each font's pair kerning (`nil` for a font that kerns nothing), opened on first use.
    private var kerningTables: [PairKerning?]?

    /// Creates a chain from opened fonts, for the regular style only.
    public convenience init(fonts: [Font], fallback: FontFallback? = .system) {
        self.init(fonts: fonts, styles: [:], fallback: fallback)
    }

    /// Creates a chain from opened fonts: `fonts` is the regular chain, and `styles` gives the
    /// chain of other styles (each primary first). A face of a style's chain that is the same file
    /// and face as one already taken is shared rather than added again. Characters none of them
    /// covers are looked up in `fallback` (`nil`: none).
    public init(fonts: [Font], styles: [FontStyle: [Font]], fallback: FontFallback? = .system) {
        precondition(!fonts.isEmpty, "a font chain needs at least one font")
        func file(_ font: Font) -> FontFile { FontFile(path: font.path, faceIndex: font.faceIndex) }
        var byFile: [FontFile: Font] = [:]
        for font in fonts + styles.values.joined() where byFile[file(font)] == nil { byFile[file(font)] = font }
        let layout = FontChain.merge(regular: fonts.map(file), styles: styles.mapValues { $0.map(file) })
        // The regular chain is kept as given, even a face named twice; shared faces come from it.
        self.fonts = fonts + layout.files.dropFirst(fonts.count).map { byFile[$0]! }
        self.regularCount = fonts.count
        self.configuredCount = self.fonts.count
        self.styleChains = layout.chains
        self.fallback = fallback
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

    /// A copy of `other` with its own opened `fonts` (the same faces, in the same order).
    private init(reopening other: FontChain, fonts: [Font]) {
        self.fonts = fonts
        self.regularCount = other.regularCount
        self.configuredCount = other.configuredCount
        self.styleChains = other.styleChains
        self.fallback = other.fallback
        self.fallbackSlots = other.fallbackSlots
        self.scalarAnswers = other.scalarAnswers
        self.clusterAnswers = other.clusterAnswers
    }

    /// Opens the given TrueType files in order. A path may end in `#N` to pick face N of a collection.
    public convenience init(paths: [String], fallback: FontFallback? = .system) throws(FontError) {
        try self.init(paths: paths, styles: [:], fallback: fallback)
    }

    /// Opens the given faces in order.
    public convenience init(files: [FontFile], fallback: FontFallback? = .system) throws(FontError) {
        try self.init(files: files, styles: [:], fallback: fallback)
    }

    /// Opens the regular chain `paths` and the chains of other `styles`, each file once however
    /// many chains name it. A path may end in `#N` to pick face N of a collection.
    public convenience init(paths: [String], styles: [FontStyle: [String]], fallback: FontFallback? = .system) throws(FontError) {
        try self.init(
            files: paths.map(FontFile.init(spec:)), styles: styles.mapValues { $0.map(FontFile.init(spec:)) },
            fallback: fallback)
    }

    /// Opens the regular chain `files` and the chains of other `styles`, each face once however
    /// many chains name it.
    public convenience init(files: [FontFile], styles: [FontStyle: [FontFile]], fallback: FontFallback? = .system) throws(FontError) {
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
        self.init(fonts: regular, styles: styled, fallback: fallback)
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

    /// The files and faces of the chain, in the order of `fonts` (fallback faces included).
    public var files: [FontFile] { fonts.map { FontFile(path: $0.path, faceIndex: $0.faceIndex) } }

    /// The files and faces the chain was made with, in the order of `fonts`, without the faces
    /// fallback added: with `fallback`, what a cache key names (see `PageMapCache.describe`).
    public var configuredFiles: [FontFile] {
        fonts[..<configuredCount].map { FontFile(path: $0.path, faceIndex: $0.faceIndex) }
    }

    /// A new chain over the same font files, styles and fallback faces, for use on another thread
    /// (width caches are per chain). It shares this chain's `fallback`.
    public func reopened() throws(FontError) -> FontChain {
        var fonts: [Font] = []
        for font in self.fonts { fonts.append(try Font(path: font.path, faceIndex: font.faceIndex)) }
        return FontChain(reopening: self, fonts: fonts)
    }

    /// The index in `fonts` of the installed face that draws `scalars` — one grapheme cluster,
    /// without variation selectors and joiners — in `style`, asking `fallback` the first time and
    /// opening the face the first time this chain needs it; `nil` when nothing installed covers
    /// them, there is no `fallback`, or the chain already holds 256 faces (`TextRun.fontIndex` is
    /// one byte).
    func fallbackIndex(for scalars: [UInt32], style: FontStyle) -> Int? {
        guard let fallback else { return nil }
        let single = scalars.count == 1 ? UInt64(FontStyle.allCases.firstIndex(of: style)!) << 32 | UInt64(scalars[0]) : nil
        if let single, let known = scalarAnswers[single] { return known < 0 ? nil : Int(known) }
        let key = ClusterKey(style: style, scalars: scalars)
        if single == nil, let known = clusterAnswers[key] { return known < 0 ? nil : Int(known) }
        let primary = fonts[chain(for: style)[0]]
        let index = fallback.face(for: scalars, style: style, beside: primary).flatMap(slot(for:))
        let answer = Int16(index ?? -1)
        if let single { scalarAnswers[single] = answer } else { clusterAnswers[key] = answer }
        return index
    }

    /// The index of `file` in `fonts`, opening and adding it if the chain does not hold it yet.
    private func slot(for file: FontFile) -> Int? {
        if let index = fallbackSlots[file] { return index }
        if let index = configuredFiles.firstIndex(of: file) { return index }
        guard fonts.count < 256, let font = try? Font(path: file.path, faceIndex: file.faceIndex) else { return nil }
        fonts.append(font)
        fallbackSlots[file] = fonts.count - 1
        return fonts.count - 1
    }

    /// Forgets the fallback faces added since `fonts` held `count` faces, and the answers that
    /// named them, so the next layout adds them again in its own text order. A parallel
    /// `pageMap` calls this when done: its workers meet characters in whatever order the threads
    /// run, and the caller's chain must not keep that order.
    func discardFallbackFaces(from count: Int) {
        guard count >= configuredCount, fonts.count > count else { return }
        fonts.removeSubrange(count...)
        fallbackSlots = fallbackSlots.filter { $0.value < count }
        scalarAnswers = scalarAnswers.filter { $0.value < count }
        clusterAnswers = clusterAnswers.filter { $0.value < count }
        if let tables = kerningTables, tables.count > count { kerningTables = Array(tables[..<count]) }
    }

    /// The pair kerning of each font, in chain order; `nil` for a font that kerns nothing.
    ///
    /// Opened on the first call, so a layout without kerning never reads the fonts' kerning; a
    /// fallback face added since is opened on the next call.
    var pairKerning: [PairKerning?] {
        if let kerningTables, kerningTables.count == fonts.count { return kerningTables }
        var tables = kerningTables ?? []
        tables += fonts[tables.count...].map { $0.kerningTable() }
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
