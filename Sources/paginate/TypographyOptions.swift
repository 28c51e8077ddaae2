import ArgumentParser
import PaginateKit

/// Alignment, line breaking, hyphenation, kerning and paragraph rules, shared by every subcommand
/// so that `count`, `map`, `locate` and `render` agree.
struct TypographyOptions: ParsableArguments {
    private static let defaults = LayoutSettings.bookDefaults.typography

    @Option(help: ArgumentHelp("Line alignment: left, justify, center or right.", valueName: "mode"))
    var align = defaults.alignment

    @Option(
        help: ArgumentHelp("Line breaking: auto (optimal when justified, else greedy), greedy or optimal (Knuth–Plass).", valueName: "mode")
    )
    var breaking = defaults.breaking

    @Flag(help: "Hyphenate words with the pattern dictionary of --lang.")
    var hyphenate = defaults.hyphenationLanguage != nil

    @Option(
        help: ArgumentHelp(
            "Language of the text (BCP 47, e.g. en-US, de, fr): the hyphenation dictionary (default en-US) and the PDF's /Lang (recorded only when given).",
            valueName: "tag"))
    var lang: String?

    @Option(
        name: .customLong("hyphenate-min"),
        help: ArgumentHelp("Fewest letters before and after a hyphen, as two numbers.", valueName: "left,right"))
    var hyphenateMin = HyphenationMinimum(left: defaults.hyphenationLeftMinimum, right: defaults.hyphenationRightMinimum)

    @Flag(help: "Apply the font's pair kerning.")
    var kerning = defaults.kerning

    @Flag(help: "Draw the fonts' standard ligatures (fi, fl, …); off so that text copied from the PDF stays plain letters.")
    var ligatures = defaults.ligatures

    @Option(
        help: ArgumentHelp("Base direction of paragraphs: auto (from each paragraph's first strong letter), ltr or rtl.", valueName: "dir"))
    var direction = defaults.direction

    @Option(help: ArgumentHelp("Fewest lines of a paragraph alone at the head of a page or column.", valueName: "n"))
    var widows = defaults.widows

    @Option(help: ArgumentHelp("Fewest lines of a paragraph alone at the foot of a page or column.", valueName: "n"))
    var orphans = defaults.orphans

    @Option(help: ArgumentHelp("First-line indent of paragraphs.", valueName: "length"))
    var indent = Length(defaults.firstLineIndent)

    @Option(
        name: .customLong("paragraph-spacing"),
        help: ArgumentHelp("Space between paragraphs (default: one empty line).", valueName: "length"))
    var paragraphSpacing: Length?

    @Option(
        help: ArgumentHelp(
            "Regular expression for chapter headings, matched anywhere in a line that stands alone between blank lines (default: lines like 'CHAPTER I.' or 'Chapter 12').",
            valueName: "regex"))
    var heading: String?

    @Flag(name: .customLong("chapter-break"), help: "Start each chapter heading on a new page.")
    var chapterBreak = defaults.chapterBreak

    @Option(
        name: .customLong("heading-style"),
        help: ArgumentHelp(
            "The face headings are set in: bold, regular, italic or bold-italic (default: bold with the bundled fonts; regular, the first --font, with --font files unless --heading-font is given).",
            valueName: "style"))
    var headingStyle: FontStyle?

    func validate() throws {
        if let lang, !TypographyOptions.isLanguageTag(lang) {
            throw ValidationError("--lang must be a BCP 47 language tag such as en-US, de or zh-Hans (got '\(lang)')")
        }
    }

    /// Whether `tag` has the shape of a BCP 47 tag: a 2–8 letter language, then subtags of 1–8
    /// letters or digits after hyphens. (The dictionary lookup decides whether hyphenation knows it.)
    static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...8).contains(language.count),
            language.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// The typography these options describe (checked with the rest of the settings).
    func typography() -> Typography {
        Typography(
            alignment: align, breaking: breaking, hyphenationLanguage: hyphenate ? lang ?? Typography.defaultHyphenationLanguage : nil,
            kerning: kerning,
            widows: widows, orphans: orphans, firstLineIndent: indent.points, paragraphSpacing: paragraphSpacing?.points,
            headingPattern: heading, chapterBreak: chapterBreak,
            hyphenationLeftMinimum: hyphenateMin.left, hyphenationRightMinimum: hyphenateMin.right,
            direction: direction, ligatures: ligatures)
    }
}

extension TextAlignment: ExpressibleByArgument {}
extension FontStyle: ExpressibleByArgument {}
extension LineBreakingStrategy: ExpressibleByArgument {}
extension TextDirection: ExpressibleByArgument {}
