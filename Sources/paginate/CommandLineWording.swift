import PaginateKit

/// The engine's errors in the tool's words: the library names its settings (`fontSize`), a user
/// of the tool typed flags (`--size`), so every message names the flag to change.
enum CommandLineWording {
    /// The flag that sets `setting`.
    static func flag(for setting: LayoutSetting) -> String {
        switch setting {
        case .pageSize: "--page"
        case .margins: "--margin"
        case .columns: "--columns"
        case .gutter: "--gutter"
        case .fontSize: "--size"
        case .lineHeight: "--line-height"
        case .tabWidth: "--tab-width"
        case .widows: "--widows"
        case .orphans: "--orphans"
        case .firstLineIndent: "--indent"
        case .paragraphSpacing: "--paragraph-spacing"
        case .hyphenationMinimum: "--hyphenate-min"
        }
    }

    /// The one-line message for a layout error.
    static func message(for error: LayoutError) -> String {
        switch error {
        case .outOfRange(let setting, let value, let allowed):
            return "\(flag(for: setting)) \(LayoutError.rangeSentence(value: value, allowed: allowed, unit: setting.unit))"
        case .pageSizeOutOfRange(let size, let allowed):
            return "--page must be between \(LayoutError.format(allowed.lowerBound)) and \(LayoutError.format(allowed.upperBound)) "
                + "points on each side (got \(LayoutError.format(size.width))x\(LayoutError.format(size.height)) pt)"
        case .invalidHeadingPattern(let pattern, let reason):
            return "--heading is not a valid regular expression (\(reason)): \(pattern)"
        case .hyphenationUnavailable(let error):
            if case .noDictionary = error { return "\(error), or choose another --lang" }
            return error.description
        case .noRoomForText, .unreadableMeasurement, .containerTooSmall:
            return error.description
        }
    }

    /// The one-line message for a font error: the engine's, with what to do about it on the command line.
    static func message(for error: FontError) -> String {
        switch error {
        case .bundledFontsMissing: "\(error); set PAGINATE_FONTS to the Fonts folder or pass --font"
        case .catalogUnavailable: "\(error); give --font a font file instead"
        case .invalidFontName, .unknownFamily: "\(error); see `paginate fonts`"
        case .notTrueTypeFamily(let name, let path, let alternative):
            "cannot use font '\(name)' (\(path)): its outlines are neither TrueType nor CFF, so the PDF cannot embed them; "
                + (alternative.map { "use a font such as --font '\($0)'" }
                    ?? "no installed TrueType or CFF font can stand in; see `paginate fonts`")
        case .unreadable, .notTrueType, .faceIndexOutOfRange: error.description
        }
    }
}
