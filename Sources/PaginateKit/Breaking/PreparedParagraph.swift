/// A paragraph measured and analysed for line breaking: per code point its advance, font and
/// break opportunity, and where grapheme clusters start.
///
/// Preparation depends only on the paragraph, the fonts, the style it is set in and the tab width —
/// never on a container — so it can be done in parallel and cached per paragraph. Whatever the
/// style, font indices are positions in the whole `FontChain.fonts`, as `TextRun.fontIndex` is.
struct PreparedParagraph {
    /// The paragraph as it came from storage.
    let paragraph: Paragraph
    /// What may follow each code point: the UAX #14 action for the position after it, plus the
    /// hyphenation points (allowed breaks that draw a hyphen; see `hyphenBreaks`).
    let actions: [LineBreakAction]
    /// Whether a break after each code point draws a hyphen at the line's end (after a soft
    /// hyphen, or at a hyphenation point); empty when the paragraph has no such break.
    let hyphenBreaks: [Bool]
    /// Advance of the hyphen in each font of the chain, in thousandths of an em.
    let hyphenAdvances: [Int32]
    /// Index into the font chain of the primary font of the paragraph's style: what draws the
    /// replacement for characters no font has, and whose metrics a line box starts from.
    let primaryFont: UInt8
    /// Advance of each code point in thousandths of an em; `tabAdvance` marks a tab.
    let advances: [Int32]
    /// Index into the font chain of the font that draws each code point.
    let fontIndices: [UInt8]
    /// Whether a grapheme cluster starts at each code point.
    let clusterStarts: [Bool]
    /// The code point to draw (U+FFFD where no font has a glyph and the primary font has U+FFFD).
    let display: [UInt32]
    /// Grapheme clusters that neither the chain nor an installed font (`FontChain.fallback`) covers.
    let uncovered: Int
    /// Code points of complex scripts without a dictionary (Lao, Khmer, Myanmar, …), which may
    /// break between any two grapheme clusters (see `ComplexScriptBreaks`).
    let clusterBrokenCharacters: Int
    /// The pair kerning already added to `advances[i]` for the pair (i, i+1), in thousandths of an
    /// em; empty when kerning is off or nothing on the paragraph kerns.
    let kerns: [Int16]

    /// The paragraph's bidi levels; `nil` for a paragraph entirely left to right at level 0.
    let bidi: BidiParagraph?
    /// The paragraph's shaped glyphs; `nil` for text of simple scripts, drawn glyph per code point.
    let shaping: ShapedParagraph?

    static let tabAdvance: Int32 = -1

    /// Whether the paragraph runs right to left, so its lines start at the right edge (and its
    /// first-line indent is on the right).
    var startsRight: Bool { bidi?.isRightToLeft ?? false }

    /// Whether a line ending after code point `index` draws a hyphen.
    @inline(__always)
    func isHyphenBreak(after index: Int) -> Bool {
        !hyphenBreaks.isEmpty && hyphenBreaks[index]
    }

    /// The advance of the hyphen drawn after code point `index`, in its font.
    func hyphenAdvance(after index: Int) -> Int {
        Int(hyphenAdvances[Int(fontIndices[index])])
    }

    var count: Int { paragraph.scalars.count }

    /// The kerning added to the advance of code point `index` for the pair it forms with the next.
    @inline(__always)
    func kern(after index: Int) -> Int {
        kerns.isEmpty ? 0 : Int(kerns[index])
    }

    /// Measures and analyses `paragraph`: with a `hyphenator`, its hyphenation points become
    /// breaks; with `kerning`, the fonts' pair kerning is folded into the advances (see
    /// `kernPairs`) — never across a possible break, hyphenation points included. The paragraph is
    /// measured with the chain of `style` (`FontChain.chain(for:)`), the faces it will be drawn with.
    init(
        _ paragraph: Paragraph, fonts: FontChain, hyphenator: Hyphenator? = nil, kerning: Bool = false,
        style: FontStyle = .regular, direction: TextDirection = .auto, ligatures: Bool = false
    ) {
        self.paragraph = paragraph
        let scalars = paragraph.scalars
        let count = scalars.count
        var actions = count == 0 ? [] : LineBreakOpportunities.compute(scalars)
        let clusterStarts = PreparedParagraph.clusterStarts(of: scalars)
        let complex = ComplexScriptBreaks.apply(to: scalars, actions: &actions, clusterStarts: clusterStarts)
        var advances = [Int32](repeating: 0, count: count)
        let chain = fonts.chain(for: style)
        let primaryIndex = chain[0]
        // The faces, read once: fallback may add to them, and then they are read again.
        var faces = fonts.fonts
        let primary = faces[primaryIndex]
        var fontIndices = [UInt8](repeating: UInt8(primaryIndex), count: count)
        var display = scalars
        var uncovered = 0
        var start = 0
        while start < count {
            var end = start + 1
            while end < count && !clusterStarts[end] { end += 1 }
            if end == start + 1 {
                let scalar = scalars[start]
                if scalar == 0x09 {
                    advances[start] = PreparedParagraph.tabAdvance
                } else if let width = primary.width(of: scalar) {
                    advances[start] = Int32(width)
                } else {
                    var found = false
                    for index in chain.dropFirst() {
                        if let width = faces[index].width(of: scalar) {
                            advances[start] = Int32(width)
                            fontIndices[start] = UInt8(index)
                            found = true
                            break
                        }
                    }
                    // White space first: it has nothing to show, so it needs no installed font.
                    if !found
                        && !PreparedParagraph.substituteSpace(at: start, scalar, primary: primary, display: &display, advances: &advances)
                    {
                        let fallback = fonts.fallbackIndex(for: [scalar], style: style)
                        if fallback != nil && faces.count != fonts.fonts.count { faces = fonts.fonts }
                        if let index = fallback, let width = faces[index].width(of: scalar) {
                            advances[start] = Int32(width)
                            fontIndices[start] = UInt8(index)
                        } else {
                            uncovered += 1
                            PreparedParagraph.substitute(at: start, primary: primary, display: &display, advances: &advances)
                        }
                    }
                }
            } else {
                // A cluster takes one font, never several: the first of the chain that has every
                // one of its (visible) code points, else the installed font fallback finds for
                // them all, else the first of the chain (then an installed font) that has its base.
                let members = start..<end
                var fontIndex = chain.first { index in
                    members.allSatisfy { PreparedParagraph.isIgnorable(scalars[$0]) || faces[index].covers(scalars[$0]) }
                }
                if fontIndex == nil {
                    let visible = scalars[members].filter { !PreparedParagraph.isIgnorable($0) }
                    fontIndex =
                        fonts.fallbackIndex(for: visible, style: style)
                        ?? chain.first { faces[$0].covers(scalars[start]) }
                        ?? (PreparedParagraph.isIgnorable(scalars[start]) ? nil : fonts.fallbackIndex(for: [scalars[start]], style: style))
                    if faces.count != fonts.fonts.count { faces = fonts.fonts }
                }
                if let fontIndex {
                    let font = faces[fontIndex]
                    for i in members {
                        fontIndices[i] = UInt8(fontIndex)
                        advances[i] = Int32(font.width(of: scalars[i]) ?? 0)
                    }
                } else if !PreparedParagraph.substituteSpace(
                    at: start, scalars[start], primary: primary, display: &display, advances: &advances)
                {
                    uncovered += 1
                    PreparedParagraph.substitute(at: start, primary: primary, display: &display, advances: &advances)
                }
            }
            start = end
        }
        // Discretionary breaks: a soft hyphen is invisible unless a line ends after it, and a
        // hyphenation point is a break UAX #14 forbids (inside a word) that hyphenation allows.
        var hyphenBreaks: [Bool] = []
        if scalars.contains(0xAD) {
            hyphenBreaks = [Bool](repeating: false, count: count)
            for i in 0..<count where scalars[i] == 0xAD {
                advances[i] = 0
                hyphenBreaks[i] = actions[i] == .allowed
            }
        }
        if let hyphenator {
            for point in hyphenator.hyphenationPoints(in: scalars) where actions[point] == .prohibited {
                if hyphenBreaks.isEmpty { hyphenBreaks = [Bool](repeating: false, count: count) }
                actions[point] = .allowed
                hyphenBreaks[point] = true
            }
        }
        self.actions = actions
        self.hyphenBreaks = hyphenBreaks
        self.hyphenAdvances = hyphenBreaks.isEmpty ? [] : faces.map { Int32($0.width(of: 0x2D) ?? primary.width(of: 0x2D) ?? 333) }
        self.primaryFont = UInt8(primaryIndex)
        let bidi = BidiParagraph(scalars, direction: direction)
        // A shaped paragraph gets its kerning from the shaper, with everything else it positions.
        let shaping = ShapedParagraph(
            display: display, fontIndices: fontIndices, actions: actions, bidi: bidi, fonts: fonts,
            kerning: kerning, ligatures: ligatures, advances: &advances)
        self.bidi = bidi
        self.shaping = shaping
        self.kerns =
            kerning && shaping == nil
            ? PreparedParagraph.kernPairs(
                &advances, display: display, fontIndices: fontIndices, actions: actions,
                clusterStarts: clusterStarts, fonts: fonts)
            : []
        self.advances = advances
        self.fontIndices = fontIndices
        self.clusterStarts = clusterStarts
        self.display = display
        self.uncovered = uncovered
        self.clusterBrokenCharacters = complex.clusterBrokenCharacters
    }

    /// A space no font has (U+3000, U+2007, …) is drawn as the primary font's space, with its own
    /// width where it has one (an em for the ideographic space): white space has nothing to show.
    private static func substituteSpace(
        at index: Int, _ scalar: UInt32, primary: Font, display: inout [UInt32],
        advances: inout [Int32]
    ) -> Bool {
        guard let value = Unicode.Scalar(scalar), value.properties.generalCategory == .spaceSeparator else { return false }
        display[index] = 0x20
        advances[index] = Int32(scalar == 0x3000 ? 1000 : (primary.width(of: 0x20) ?? 250))
        return true
    }

    private static func substitute(at index: Int, primary: Font, display: inout [UInt32], advances: inout [Int32]) {
        if let width = primary.width(of: 0xFFFD) {
            display[index] = 0xFFFD
            advances[index] = Int32(width)
        } else {
            advances[index] = Int32(primary.missingGlyphWidth)
        }
    }

    /// Variation selectors and joiners select or join glyphs; a font need not map them itself.
    private static func isIgnorable(_ scalar: UInt32) -> Bool {
        (0xFE00...0xFE0F).contains(scalar) || scalar == 0x200D || scalar == 0x200C
    }

    /// Grapheme cluster starts, by Swift's own segmentation (Unicode extended grapheme clusters).
    ///
    /// Text made only of code points that can neither extend a cluster nor be extended (see
    /// `startsEveryCluster`) skips the segmentation: each code point is its own cluster.
    static func clusterStarts(of scalars: [UInt32]) -> [Bool] {
        if scalars.allSatisfy(startsEveryCluster) {
            return [Bool](repeating: true, count: scalars.count)
        }
        return segmentedClusterStarts(of: scalars)
    }

    /// Whether a code point always stands alone as a grapheme cluster when the text around it has
    /// no combining marks, joiners, prepended marks, conjoining jamo or regional indicators: the
    /// common ranges of Latin, Greek, Cyrillic, punctuation, symbols, CJK and Hangul syllables,
    /// minus the few combining or joining code points inside them.
    @inline(__always)
    static func startsEveryCluster(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09, 0x20..<0x300, 0x370..<0x483, 0x2010..<0x2028, 0x2030..<0x205F, 0x2070..<0x20D0, 0x2100..<0x2C00,
            0x3000..<0x302A, 0x3030..<0x3099, 0x309B..<0x3100, 0x3400..<0x4DC0, 0x4E00..<0xA000,
            0xAC00..<0xD7A4, 0xFF01..<0xFF9E, 0xFFFD:
            return true
        default:
            return false
        }
    }

    static func segmentedClusterStarts(of scalars: [UInt32]) -> [Bool] {
        var starts = [Bool](repeating: false, count: scalars.count)
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars.map { Unicode.Scalar($0) ?? "\u{FFFD}" })
        let string = String(view)
        var index = 0
        for character in string {
            if index < starts.count { starts[index] = true }
            index += character.unicodeScalars.count
        }
        return starts
    }
}
