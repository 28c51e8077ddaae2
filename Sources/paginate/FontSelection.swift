import PaginateKit

/// The fonts `--font`, `--heading-font` and `--heading-style` choose: the one place the command
/// line turns font options into files, so a cache key (files only) and a layout (opened fonts)
/// always agree.
///
/// - Bundled fonts: headings are set in the bundled family's face of `--heading-style` (default
///   bold), with the same CJK fallback as the body.
/// - `--font` given as an installed family name (`--font "Liberation Serif"`): headings are set
///   in that family's face of `--heading-style` (default bold), found through fontconfig.
/// - `--font` files: headings stay in the first font (default `regular`) — paginate cannot know
///   which file is that font's bold — unless `--heading-font` names the heading face, whose
///   fallbacks are then those of `--font`; its style defaults to bold.
struct FontSelection {
    /// The body chain's faces, primary first.
    let regular: [FontFile]
    /// The style headings are set in.
    let headingStyle: FontStyle
    /// The heading chain's faces, when headings have faces of their own.
    let heading: [FontFile]?

    /// Resolves the options (checked by `problem` first).
    /// Font names are looked up with fontconfig (`FontRequest`), files taken as they are.
    /// - Throws: `FontError` when the bundled fonts are needed and cannot be found, or a name
    ///   matches no installed TrueType font.
    init(fonts: [String], headingFont: String?, headingStyle: FontStyle?) throws(FontError) {
        let style = FontSelection.headingStyle(fonts: fonts, headingFont: headingFont, headingStyle: headingStyle)
        regular = fonts.isEmpty ? try FontChain.bundledFontPaths().map(FontFile.init(spec:)) : try FontRequest.resolve(fonts)
        self.headingStyle = style
        if style == .regular {
            heading = nil
        } else if let headingFont {
            heading = try FontRequest.resolve([headingFont]) + regular.dropFirst()
        } else if let family = FontSelection.family(of: fonts) {
            heading = try FontRequest.resolve(["\(family):\(style.fontconfigStyle)"]) + regular.dropFirst()
        } else {
            heading = try FontChain.bundledFontPaths(style: style).map(FontFile.init(spec:))
        }
    }

    /// The style headings are set in: as given, else bold for the bundled fonts or a
    /// `--heading-font`, else regular (the first `--font`).
    static func headingStyle(fonts: [String], headingFont: String?, headingStyle: FontStyle?) -> FontStyle {
        headingStyle ?? (fonts.isEmpty || headingFont != nil || family(of: fonts) != nil ? .bold : .regular)
    }

    /// The contradictions `init` would otherwise resolve silently, as a usage message; `nil` when none.
    static func problem(fonts: [String], headingFont: String?, headingStyle: FontStyle?) -> String? {
        if headingStyle == .regular, headingFont != nil {
            return "--heading-font names the face of a --heading-style bold, italic or bold-italic; regular headings use the first --font"
        }
        if let headingStyle, headingStyle != .regular, !fonts.isEmpty, headingFont == nil, family(of: fonts) == nil {
            return
                "--heading-style \(headingStyle.rawValue) with --font files needs that face of your font: give it with --heading-font PATH, or use --heading-style regular"
        }
        return nil
    }

    /// The family of the first `--font` when it is an installed font's name without a style
    /// (`Liberation Serif`, not `Liberation Serif:bold` or a file): its other faces can be looked up.
    static func family(of fonts: [String]) -> String? {
        guard let first = fonts.first, case .name(let name) = FontRequest(first), !name.contains(":") else { return nil }
        return name
    }

    /// The chains of the styles other than regular.
    private var styles: [FontStyle: [FontFile]] {
        heading.map { [headingStyle: $0] } ?? [:]
    }

    /// Every face the layout uses, in the order of the opened chain's `fonts`, without opening them.
    var files: [FontFile] { FontChain.files(files: regular, styles: styles) }

    /// Opens the fonts.
    func open() throws(FontError) -> FontChain {
        try FontChain(files: regular, styles: styles)
    }
}

private extension FontStyle {
    /// The style as fontconfig's name syntax writes it after the family.
    var fontconfigStyle: String {
        switch self {
        case .regular: "regular"
        case .bold: "bold"
        case .italic: "italic"
        case .boldItalic: "bold:italic"
        }
    }
}
