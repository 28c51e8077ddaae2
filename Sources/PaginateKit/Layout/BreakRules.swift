/// How paragraphs meet the end of a container: widows and orphans, headings kept with what follows
/// them, chapters starting pages, paragraph spacing and the first-line indent.
///
/// The rules see counts and heights, never text: the `Placer` hands over a `Measure` from its line
/// supply, whether the lines were broken beforehand or are pulled from a live breaker.
struct BreakRules {
    /// The fewest lines of a paragraph at the head of a container.
    let widows: Int
    /// The fewest lines of a paragraph at the foot of a container.
    let orphans: Int
    /// Space between paragraphs in points, or `nil` when a separator is an empty line.
    let paragraphSpacing: Double?
    /// Whether a heading starts a new page.
    let chapterBreak: Bool
    private let firstLineIndent: Double
    private let fontSize: Double

    /// Headings kept together in a chain (`BOOK ONE`, then `CHAPTER I`) before the text: longer
    /// runs of headings are kept together only this far, so looking ahead stays cheap.
    static let longestHeadingChain = 8

    /// The rules of `settings`.
    init(_ settings: LayoutSettings) {
        let typography = settings.typography
        widows = typography.widows
        orphans = typography.orphans
        paragraphSpacing = typography.paragraphSpacing
        chapterBreak = typography.chapterBreak
        firstLineIndent = typography.firstLineIndent
        fontSize = settings.fontSize
    }

    /// What a layout path knows about a paragraph's lines from some height of the current container.
    struct Measure: Equatable {
        /// How many of the lines not yet placed fit, one after the other, in the current container.
        var fitting: Int
        /// How many lines are not yet placed. Beyond `fitting + widows` the count may be capped:
        /// the rules never look further.
        var remaining: Int
        /// Where the fitting lines end.
        var bottom: Double
    }

    /// A paragraph after the one being placed, as far as the rules care.
    struct Upcoming {
        var kind: Paragraph.Kind
        var isHeading: Bool
        var breaksPageAfter: Bool
    }

    /// How many of a paragraph's remaining lines go into the current container.
    ///
    /// Whole when they fit. Otherwise CSS's rule: fewer than `orphans` lines here move the
    /// paragraph's start to the next container; fewer than `widows` lines left over take lines
    /// from here, as long as `orphans` stay; else the paragraph's start moves too. At the top of a
    /// container nothing is gained by moving, so as many lines stay as the rules allow, or as fit.
    func linesHere(_ measure: Measure, atTop: Bool) -> Int {
        let fitting = measure.fitting
        let remaining = measure.remaining
        if fitting >= remaining { return remaining }
        if atTop {
            let shortened = remaining - widows
            return shortened >= orphans && shortened < fitting ? shortened : fitting
        }
        if fitting < orphans { return 0 }
        if remaining - fitting < widows {
            let shortened = remaining - widows
            return shortened >= orphans ? shortened : 0
        }
        return fitting
    }

    /// `linesHere(_:atTop:)` for a paragraph that may be a heading: a heading that fits stays only
    /// when what follows it starts in the same container (keep-with-next).
    ///
    /// - Parameters:
    ///   - breaksPageAfter: whether a form feed follows the paragraph (then nothing follows it here).
    ///   - upcoming: the paragraphs after this one, measured in the current container.
    func linesHere<Paragraphs: UpcomingParagraphs>(
        _ measure: Measure, atTop: Bool, isHeading: Bool, breaksPageAfter: Bool,
        upcoming: inout Paragraphs
    ) -> Int {
        let count = linesHere(measure, atTop: atTop)
        guard isHeading, !atTop, !breaksPageAfter, count > 0, count == measure.remaining else { return count }
        return keepsWithNext(from: measure.bottom, upcoming: &upcoming) ? count : 0
    }

    /// Whether the text after a heading ending at `y` would start in the same container: its
    /// separator (an empty line that must fit, or the paragraph spacing) and the next paragraph's
    /// first lines by `linesHere`; a heading right after it must fit whole and is kept with what
    /// follows it in turn.
    private func keepsWithNext<Paragraphs: UpcomingParagraphs>(from start: Double, upcoming: inout Paragraphs) -> Bool {
        var y = start
        var headings = 1
        var offset = 1
        while let next = upcoming.paragraph(offset) {
            if next.kind == .separator {
                if let paragraphSpacing {
                    y += paragraphSpacing
                } else {
                    let line = upcoming.measure(offset, from: y)
                    guard line.fitting >= line.remaining else { return false }
                    y = line.bottom
                }
            } else if next.isHeading && headings < BreakRules.longestHeadingChain {
                let heading = upcoming.measure(offset, from: y)
                guard heading.fitting >= heading.remaining else { return false }
                if next.breaksPageAfter { return true }
                y = heading.bottom
                headings += 1
            } else {
                return linesHere(upcoming.measure(offset, from: y), atTop: false) > 0
            }
            offset += 1
        }
        return true
    }

    /// Whether a paragraph must start a new page: a heading, unless its page is still empty or it
    /// follows another heading (the chain starts the page together).
    func startsPage(isHeading: Bool, followsHeading: Bool, pageIsEmpty: Bool) -> Bool {
        chapterBreak && isHeading && !followsHeading && !pageIsEmpty
    }

    /// The indent of a paragraph's first line on a line `width` points wide: the setting, reduced
    /// so that two ems of the line are left — a huge indent must not push text out of a narrow
    /// column, and the widest Latin glyphs are a little wider than one em. Separators and
    /// headings are never indented.
    func firstLineIndent(kind: Paragraph.Kind, isHeading: Bool, width: Double) -> Double {
        guard firstLineIndent > 0, kind == .text, !isHeading else { return 0 }
        return max(0, min(firstLineIndent, width - 2 * fontSize))
    }
}

/// The paragraphs after the one being placed, for the break rules to look ahead at them.
protocol UpcomingParagraphs {
    /// Paragraph `offset` after the current one (1 is the next), or `nil` past the end of the text.
    func paragraph(_ offset: Int) -> BreakRules.Upcoming?
    /// Paragraph `offset` measured as if its first line went at height `y` of the current container.
    mutating func measure(_ offset: Int, from y: Double) -> BreakRules.Measure
}
