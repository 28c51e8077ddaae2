import ArgumentParser
import PaginateKit

/// Alignment, line breaking, hyphenation, kerning and paragraph rules, shared by every subcommand
/// so that `count`, `map`, `locate` and `render` agree.
struct TypographyOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Line alignment: left, justify, center or right.", valueName: "mode"))
    var align: TextAlignment = .left

    @Option(help: ArgumentHelp("Line breaking: auto (optimal when justified, else greedy), greedy or optimal (Knuth–Plass).", valueName: "mode"))
    var breaking: LineBreakingStrategy = .auto

    @Flag(help: "Hyphenate words with the pattern dictionary of --lang.")
    var hyphenate = false

    @Option(help: ArgumentHelp("Language of the text (BCP 47, e.g. en-US, de, fr): the hyphenation dictionary (default en-US) and the PDF's /Lang (recorded only when given).", valueName: "tag"))
    var lang: String?

    @Option(name: .customLong("hyphenate-min"), help: ArgumentHelp("Fewest letters before and after a hyphen.", valueName: "left,right"))
    var hyphenateMin = "2,3"

    @Flag(help: "Apply the font's pair kerning.")
    var kerning = false

    @Option(help: ArgumentHelp("Fewest lines of a paragraph alone at the head of a page or column.", valueName: "n"))
    var widows = 2

    @Option(help: ArgumentHelp("Fewest lines of a paragraph alone at the foot of a page or column.", valueName: "n"))
    var orphans = 2

    @Option(help: ArgumentHelp("First-line indent of paragraphs.", valueName: "length"))
    var indent = "0"

    @Option(name: .customLong("paragraph-spacing"), help: ArgumentHelp("Space between paragraphs (default: one empty line).", valueName: "length"))
    var paragraphSpacing: String?

    @Option(help: ArgumentHelp("Regular expression for chapter headings, matched anywhere in a line that stands alone between blank lines (default: lines like 'CHAPTER I.' or 'Chapter 12').", valueName: "regex"))
    var heading: String?

    @Flag(name: .customLong("chapter-break"), help: "Start each chapter heading on a new page.")
    var chapterBreak = false

    @Option(name: .customLong("heading-style"), help: ArgumentHelp("The face headings are set in: bold, regular, italic or bold-italic (default: bold with the bundled fonts; regular, the first --font, with --font files unless --heading-font is given).", valueName: "style"))
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
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// The typography these options describe.
    func typography() throws(LayoutError) -> Typography {
        let minimums = hyphenateMin.split(separator: ",").map { Int(String($0.filter { $0 != " " })) }
        guard minimums.count == 2, let left = minimums[0], let right = minimums[1] else {
            throw .invalidSetting("--hyphenate-min must be two numbers of letters, like 2,3 (got '\(hyphenateMin)')")
        }
        return Typography(alignment: align, breaking: breaking, hyphenationLanguage: hyphenate ? lang ?? "en-US" : nil, kerning: kerning,
                          widows: widows, orphans: orphans, firstLineIndent: try Measurement.length(indent),
                          paragraphSpacing: try paragraphSpacing.map { length throws(LayoutError) in try Measurement.length(length) },
                          headingPattern: heading, chapterBreak: chapterBreak,
                          hyphenationLeftMinimum: left, hyphenationRightMinimum: right)
    }
}

extension TextAlignment: ExpressibleByArgument {}
extension FontStyle: ExpressibleByArgument {}
extension LineBreakingStrategy: ExpressibleByArgument {}
