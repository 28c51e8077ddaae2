/// A face of a type family: the upright regular face, or its bold, italic or bold italic companion.
///
/// The raw value is how the command line and the JSON page map spell the style.
public enum FontStyle: String, CaseIterable, Hashable, Sendable {
    /// The upright book weight: body text.
    case regular
    /// The bold weight.
    case bold
    /// The italic face.
    case italic
    /// The bold italic face.
    case boldItalic = "bold-italic"

    /// The file name of this style's face among the bundled fonts (DejaVu Serif).
    public var bundledFileName: String {
        switch self {
        case .regular: "DejaVuSerif.ttf"
        case .bold: "DejaVuSerif-Bold.ttf"
        case .italic: "DejaVuSerif-Italic.ttf"
        case .boldItalic: "DejaVuSerif-BoldItalic.ttf"
        }
    }
}
