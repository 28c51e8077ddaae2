/// Turns paragraphs into lines the one way every layout does (TextKit's typesetter): faces of the
/// paragraph's style, hyphenation, kerning, the strategy's breaker, line boxes and alignment, from
/// one setup (scale, base pitch, tab stop). It knows widths, never containers: `breakLines` breaks
/// a paragraph whole for one width, `breaker` hands out a live breaker for unequal containers.
struct Typesetter {
    let fonts: FontChain
    let hyphenator: Hyphenator?
    let typography: Typography
    let rules: BreakRules
    let fontSize: Double
    /// Points per thousandth of an em.
    let scale: Double
    /// The height of a line whose fonts need no more: `lineHeight × fontSize`.
    let basePitch: Double
    /// Tab stop distance in thousandths of an em.
    let tabStop: Int

    init(settings: LayoutSettings, fonts: FontChain, hyphenator: Hyphenator?) {
        self.fonts = fonts
        self.hyphenator = hyphenator
        typography = settings.typography
        rules = BreakRules(settings)
        fontSize = settings.fontSize
        scale = settings.fontSize / 1000
        basePitch = settings.lineHeight * settings.fontSize
        tabStop = settings.tabWidth * (fonts.fonts[0].width(of: 0x20) ?? 250)
    }

    /// A width in points as whole thousandths of an em (rounded down: a line never overflows).
    @inline(__always)
    func measure(_ points: Double) -> Int {
        Int((points / scale + 1e-6).rounded(.down))
    }

    /// The paragraph measured in the faces it is drawn with.
    func prepare(_ paragraph: Paragraph) -> PreparedParagraph {
        PreparedParagraph(
            paragraph, fonts: fonts, hyphenator: hyphenator, kerning: typography.kerning,
            style: typography.fontStyle(isHeading: paragraph.isHeading), direction: typography.direction,
            ligatures: typography.ligatures)
    }

    /// The indent of the paragraph's first line on a line `width` points wide.
    func indent(_ paragraph: Paragraph, width: Double) -> Double {
        rules.firstLineIndent(kind: paragraph.kind, isHeading: paragraph.isHeading, width: width)
    }

    /// A breaker of `prepared` whose plan (optimal breaking) is made for lines `width` points wide,
    /// the first one narrower by the indent.
    func breaker(_ prepared: PreparedParagraph, width: Double) -> LineBreaker {
        LineBreaker(
            prepared, tabStop: tabStop, typography: typography,
            firstWidth: measure(width - indent(prepared.paragraph, width: width)), width: measure(width))
    }

    /// The vertical size of a line.
    @inline(__always)
    func box(_ prepared: PreparedParagraph, _ line: LineBreaker.Line) -> LineBox {
        LineBox(prepared, line, fonts: fonts, fontSize: fontSize, basePitch: basePitch)
    }

    /// What a placed line shows: its content aligned in a span starting at `x` (points from the
    /// container's left, indent included) and `available` thousandths of an em wide.
    func set(
        _ prepared: PreparedParagraph, _ line: LineBreaker.Line, x: Double, available: Int, box: LineBox,
        content: SetLine.Content
    ) -> SetLine {
        let adjustment = LineAdjustment(prepared, line, available: available, alignment: typography.alignment)
        let runs = content.runs ? makeRuns(prepared, line, adjustment) : []
        var caretStops: [CaretStop] = []
        if content.runs && content.caretStops {
            // With right-to-left text, carets follow the reordered glyphs rather than logical order.
            caretStops =
                prepared.bidi == nil
                ? makeCaretStops(prepared, line, adjustment)
                : ShapedRuns.caretStops(
                    runs,
                    lineEnd: line.range.upperBound < prepared.paragraph.offsets.count
                        ? prepared.paragraph.offsets[line.range.upperBound]
                        : prepared.paragraph.sourceEnd(of: max(line.range.upperBound - 1, 0)),
                    startsRight: prepared.bidi?.isRightToLeft ?? false)
        }
        return SetLine(
            x: x + adjustment.offset * scale, width: adjustment.width * scale, baseline: box.ascent,
            isHyphenated: line.hyphenated, runs: runs, caretStops: caretStops)
    }

    /// Decodes `span`, breaks it into lines `width` points wide and appends them to `lines`: each
    /// line's first byte and height, with `content` what a layout shows of it (none for a page
    /// map), and what decoding and font fallback replaced in the paragraph.
    func breakLines(
        of span: ParagraphSpan, from bytes: UnsafeBufferPointer<UInt8>, width: Double,
        into lines: inout BrokenLines, content: SetLine.Content?
    ) {
        var builder = ParagraphBuilder()  // one per paragraph: its counts are the paragraph's
        let paragraph = builder.build(span, from: bytes)
        let prepared = prepare(paragraph)
        let indent = indent(paragraph, width: width)
        let first = measure(width - indent)
        let rest = measure(width)
        var breaker = self.breaker(prepared, width: width)
        var count: Int32 = 0
        while let line = breaker.nextLine(maxWidth: count == 0 ? first : rest) {
            let box = box(prepared, line)
            lines.lineStarts.append(line.range.isEmpty ? paragraph.startOffset : paragraph.offsets[line.range.lowerBound])
            lines.lineHeights.append(box.height)
            if let content {
                // A right-to-left paragraph's indent is at the right: the narrower span starts at 0.
                lines.setLines.append(
                    set(
                        prepared, line, x: count == 0 && !prepared.startsRight ? indent : 0, available: count == 0 ? first : rest,
                        box: box, content: content))
            }
            count += 1
        }
        var counts = builder.diagnostics
        counts.uncoveredCharacters = prepared.uncovered
        counts.clusterBrokenCharacters = prepared.clusterBrokenCharacters
        if counts != TextDiagnostics() {
            lines.paragraphDiagnostics.append((lines.lineCounts.count, counts))
            lines.diagnostics = lines.diagnostics.adding(counts)
        }
        lines.lineCounts.append(count)
    }
}
