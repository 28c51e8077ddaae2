import PaginateKit
#if canImport(Glibc)
import Glibc
#endif

/// What every layout must satisfy, whatever the bytes and settings. A violation stops the process
/// with a message, which libFuzzer records as a crash together with the input.
public enum Invariants {
    static let epsilon = 1e-6

    /// Known findings to tolerate while fuzzing for new ones, from `PAGINATE_FUZZ_TOLERATE`
    /// (comma-separated; empty by default, so every invariant is enforced). None is open: every
    /// finding so far (`end-offset`, `partial-end`, `huge-page`, `uncovered-space`, libhyphen
    /// reading past an unterminated word, `hanging-space`, `shrunk-gap`) is fixed, has regression
    /// tests and is no longer tolerated. A new finding that needs time to fix gets a name here and
    /// a check of `tolerated.contains(name)` where its invariant is enforced.
    public static let tolerated: Set<String> = {
        guard let raw = getenv("PAGINATE_FUZZ_TOLERATE") else { return [] }
        return Set(String(cString: raw).split(separator: ",").map(String.init))
    }()

    /// Prints the layout's pages, lines and runs when `PAGINATE_FUZZ_DUMP` is set (for triage:
    /// replay one input with it).
    public static func dump(_ layout: Layout, settings: LayoutSettings) {
        guard getenv("PAGINATE_FUZZ_DUMP") != nil else { return }
        print("settings: \(settings)")
        for page in layout.pages {
            print("page \(page.number) \(page.range)")
            for container in page.containers {
                print("  container \(container.frame)")
                for line in container.lines {
                    print("    line \(line.range) origin (\(line.origin.x), \(line.origin.y)) width \(line.width) height \(line.height)"
                          + (line.isHyphenated ? " hyphenated" : ""))
                    for run in line.runs {
                        let scalars = run.text.unicodeScalars.map { hex($0.value) }.joined(separator: " ")
                        print("      run font \(run.fontIndex) bytes \(run.sourceRange) x \(run.x) width \(run.width): \(scalars)"
                              + (run.isHyphen ? " (added hyphen)" : ""))
                    }
                }
            }
        }
        // An invariant that fails next stops the process without flushing standard output.
        fflush(stdout)
    }

    /// Stops the fuzzer with `message` when `condition` is false.
    @inline(__always)
    static func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
        if !condition() { fatalError("invariant violated: \(message())") }
    }

    /// Checks a layout made with runs against its source.
    public static func check(_ layout: Layout, source: [UInt8], fonts: FontChain, exclusions: [Rect]) {
        checkPartition(layout, length: source.count)
        checkGeometry(layout, exclusions: exclusions)
        checkText(layout, source: source, fonts: fonts)
    }

    /// Page ranges partition `0..<length`; line ranges partition the ranges of pages that have lines.
    public static func checkPartition(_ layout: Layout, length: Int) {
        require(!layout.pages.isEmpty, "a layout has at least one page")
        require(layout.sourceLength == length, "sourceLength \(layout.sourceLength) for \(length) bytes")
        var next = 0
        for (index, page) in layout.pages.enumerated() {
            require(page.number == index + 1, "page \(index) is numbered \(page.number)")
            require(page.range.lowerBound == next, "page \(page.number) starts at \(page.range.lowerBound), expected \(next)")
            let lines = page.lines
            if let first = lines.first, let last = lines.last {
                require(first.range.lowerBound == page.range.lowerBound, "page \(page.number): first line starts at \(first.range.lowerBound), page at \(page.range.lowerBound)")
                require(last.range.upperBound == page.range.upperBound, "page \(page.number): last line ends at \(last.range.upperBound), page at \(page.range.upperBound)")
                for (a, b) in zip(lines, lines.dropFirst()) {
                    require(a.range.upperBound == b.range.lowerBound, "page \(page.number): lines \(a.range) and \(b.range) are not contiguous")
                }
            }
            if !page.range.isEmpty {
                require(layout.pageIndex(containing: page.range.lowerBound) == index, "pageIndex(containing: \(page.range.lowerBound)) is not \(index)")
            }
            next = page.range.upperBound
        }
        require(next == length, "the last page ends at \(next), the text at \(length)")
    }

    /// Every line lies inside its container, below the previous line and clear of exclusions; only a
    /// line holding a single grapheme cluster wider than the container may stick out sideways.
    /// Runs go left to right and end within the line's width (so a justified or hyphenated line
    /// draws nothing past the container's edge); a hyphen the layout added is the last run of a
    /// hyphenated line, and only there.
    public static func checkGeometry(_ layout: Layout, exclusions: [Rect]) {
        let eps = epsilon
        for page in layout.pages {
            for container in page.containers {
                let width = container.frame.width, height = container.frame.height
                // Justified widths are sums of scaled thousandths of an em: allow for rounding on
                // very wide containers too.
                let widthSlack = eps + 1e-9 * abs(width)
                var bottom = 0.0
                for line in container.lines {
                    // Messages are only built when an invariant fails.
                    func where_() -> String { "page \(page.number), line \(line.range)" }
                    require(line.width.isFinite && line.width >= 0, "\(where_()): width \(line.width)")
                    require(line.height > 0 && line.height.isFinite, "\(where_()): height \(line.height)")
                    require(line.baseline > 0 && line.baseline <= line.height + eps, "\(where_()): baseline \(line.baseline) outside the line box of \(line.height)")
                    require(line.origin.y >= bottom - eps, "\(where_()): top \(line.origin.y) above the previous line's bottom \(bottom)")
                    require(line.origin.y + line.height <= height + eps, "\(where_()): bottom \(line.origin.y + line.height) below the container's \(height)")
                    bottom = line.origin.y + line.height
                    let singleCluster = holdsOneCluster(line)
                    if !singleCluster {
                        require(line.origin.x >= -eps && line.origin.x + line.width <= width + widthSlack,
                                "\(where_()): spans \(line.origin.x)...\(line.origin.x + line.width) in a container \(width) wide")
                        for rect in exclusions where rect.width > 0 && rect.height > 0 && line.width > 0 {
                            let overlapsX = line.origin.x < rect.maxX - eps && line.origin.x + line.width > rect.minX + eps
                            let overlapsY = line.origin.y < rect.maxY - eps && line.origin.y + line.height > rect.minY + eps
                            require(!(overlapsX && overlapsY), "\(where_()): box \(line.rect) overlaps the exclusion \(rect)")
                        }
                    }
                    var previous = line.range.lowerBound
                    for stop in line.caretStops {
                        require(stop.offset >= previous && stop.offset <= line.range.upperBound, "\(where_()): caret stop at \(stop.offset) out of order or outside the line")
                        previous = stop.offset
                    }
                    var runEnd = -1.0
                    for (index, run) in line.runs.enumerated() {
                        require(run.sourceRange.lowerBound >= line.range.lowerBound && run.sourceRange.upperBound <= line.range.upperBound,
                                "\(where_()): run bytes \(run.sourceRange) outside the line")
                        require(run.x >= runEnd - eps, "\(where_()): run at \(run.x) overlaps the previous run ending at \(runEnd)")
                        require(run.fontIndex >= 0 && run.fontIndex < 256, "\(where_()): font index \(run.fontIndex)")
                        require(run.width.isFinite && run.width >= -eps, "\(where_()): run \(run.sourceRange) has width \(run.width)")
                        if run.isHyphen {
                            require(run.text == "-" && run.sourceRange.isEmpty,
                                    "\(where_()): the added hyphen draws \(run.text.debugDescription) for bytes \(run.sourceRange)")
                            require(line.isHyphenated && index == line.runs.count - 1,
                                    "\(where_()): an added hyphen that is not the last run of a hyphenated line (run \(index + 1) of \(line.runs.count), hyphenated: \(line.isHyphenated))")
                        }
                        runEnd = run.x + run.width
                    }
                    if line.isHyphenated {
                        require(line.runs.last?.isHyphen == true, "\(where_()): a hyphenated line without the hyphen as its last run")
                    }
                    if !singleCluster {
                        require(runEnd <= line.width + widthSlack, "\(where_()): runs reach \(runEnd), past the line's width \(line.width)")
                    }
                }
            }
        }
    }

    /// Whether the line's drawn content is a single grapheme cluster (the first caret stop after
    /// the line's start lies at or beyond the content's width).
    static func holdsOneCluster(_ line: LineFragment) -> Bool {
        guard line.caretStops.count >= 2 else { return true }
        return line.caretStops[1].x >= line.width - epsilon
    }

    /// Every visible scalar of the source is drawn exactly once, in order.
    ///
    /// Each run's text is compared with the source bytes it claims (`sourceRange`): the same visible
    /// scalars, except that a scalar no font of the chain covers may be drawn as U+FFFD. The runs'
    /// ranges go forward without overlapping, and together they hold every visible scalar of the
    /// source. White space, control characters and soft hyphens are not drawn; the hyphen the
    /// layout adds at the end of a hyphenated line stands for no source bytes and is left out.
    public static func checkText(_ layout: Layout, source: [UInt8], fonts: FontChain) {
        func covered(_ scalar: UInt32) -> Bool { fonts.fonts.contains { $0.covers(scalar) } }
        /// `nil` when `drawn` shows the visible scalars of `bytes`, else what differs.
        func compare(_ drawn: [UInt32], _ bytes: ArraySlice<UInt8>) -> String? {
            let expected = cleanedScalars(bytes).filter { !isInvisible($0) }.map(\.value)
            guard drawn.count == expected.count else { return "drew \(drawn.map(hex)) for the source's \(expected.map(hex))" }
            for (scalar, wanted) in zip(drawn, expected) where scalar != wanted && !(scalar == 0xFFFD && !covered(wanted)) {
                return "drew U+\(hex(scalar)) for U+\(hex(wanted)) (\(drawn.map(hex)) for \(expected.map(hex)))"
            }
            return nil
        }
        var claimed: [UInt32] = []
        claimed.reserveCapacity(source.count)
        var previousEnd = 0
        for page in layout.pages {
            for line in page.lines {
                for run in line.runs where !run.isHyphen {
                    let lower = run.sourceRange.lowerBound
                    let upper = run.sourceRange.upperBound
                    func where_() -> String { "page \(page.number), run \(run.sourceRange)" }
                    require(lower >= previousEnd, "\(where_()) starts before the previous run's end \(previousEnd)")
                    let drawn = run.text.unicodeScalars.filter { !isInvisible($0) }.map(\.value)
                    if let mismatch = upper <= source.count ? compare(drawn, source[lower..<upper]) : "it ends past the text" {
                        require(false, "\(where_()) of \(source.count) bytes: \(mismatch)")
                    }
                    previousEnd = upper
                    let sourceScalars = cleanedScalars(source[lower..<upper])
                    claimed.append(contentsOf: sourceScalars.filter { !isInvisible($0) }.map(\.value))
                }
            }
        }
        let visible = visibleScalars(ofSource: source)
        if claimed != visible {
            var index = 0
            while index < min(claimed.count, visible.count) && claimed[index] == visible[index] { index += 1 }
            func window(_ scalars: [UInt32]) -> String {
                scalars[max(0, index - 6)..<min(scalars.count, index + 6)].map(hex).joined(separator: " ")
            }
            require(false, "the runs hold \(claimed.count) of the source's \(visible.count) visible scalars; first difference at \(index): runs [\(window(claimed))], source [\(window(visible))]")
        }
    }

    /// The scalars the engine makes of a byte range: UTF-8 decoded with U+FFFD for each maximal
    /// invalid subpart (the standard library's repair), code points above U+FFFF as U+FFFD.
    static func cleanedScalars(_ bytes: ArraySlice<UInt8>) -> [Unicode.Scalar] {
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.map { Unicode.Scalar($0) } }
        return String(decoding: bytes, as: UTF8.self).unicodeScalars.map { $0.value > 0xFFFF ? "\u{FFFD}" : $0 }
    }

    /// The scalars a reader should see: the source decoded as above, a leading byte order mark
    /// dropped, and no white space or control characters.
    public static func visibleScalars(ofSource source: [UInt8]) -> [UInt32] {
        var scalars = cleanedScalars(source[...])
        if source.starts(with: [0xEF, 0xBB, 0xBF]), scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        return scalars.filter { !isInvisible($0) }.map(\.value)
    }

    /// White space, control characters and the soft hyphen: nothing a reader sees where they stand
    /// (a soft hyphen shows only as the added hyphen of a line broken at it).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value <= 0x20 || scalar.value == 0x7F }
        return scalar.value == 0xAD || scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The page map made by breaking paragraphs on worker threads equals the one of the layout.
    public static func checkPageMap(_ map: PageMap, equals expected: PageMap, jobs: Int) {
        require(map.entries == expected.entries, "pageMap(jobs: \(jobs)) has pages \(map.entries.map(\.range)), the layout \(expected.entries.map(\.range))")
        require(map.sourceLength == expected.sourceLength && map.diagnostics == expected.diagnostics,
                "pageMap(jobs: \(jobs)): length or diagnostics differ: \(map.diagnostics) vs \(expected.diagnostics)")
    }

    /// The same text laid out without runs has the same pages and lines, and a layout stopped at
    /// `offset` has exactly the pages of the full layout up to the one holding `offset`.
    public static func checkVariants(_ full: Layout, withoutRuns: Layout, partial: Layout?, offset: Int) {
        require(full.pages.count == withoutRuns.pages.count, "\(full.pages.count) pages with runs, \(withoutRuns.pages.count) without")
        for (a, b) in zip(full.pages, withoutRuns.pages) {
            require(a.range == b.range, "page \(a.number): \(a.range) with runs, \(b.range) without")
            let linesA = a.lines, linesB = b.lines
            require(linesA.count == linesB.count, "page \(a.number): \(linesA.count) lines with runs, \(linesB.count) without")
            for (x, y) in zip(linesA, linesB) {
                require(x.range == y.range && x.origin == y.origin && x.width == y.width && x.height == y.height
                            && x.isHyphenated == y.isHyphenated,
                        "page \(a.number): line \(x.range) differs without runs (\(y.range))")
            }
        }
        guard let partial, let holding = full.pageIndex(containing: offset) else { return }
        require(partial.pages.count >= holding + 1, "layout through \(offset) has \(partial.pages.count) pages; the offset is on page \(holding + 1)")
        for index in 0...holding {
            let a = partial.pages[index], b = full.pages[index]
            require(a == b, "layout through \(offset): page \(index + 1) differs from the full layout: bytes \(a.range) vs \(b.range), lines \(a.lines.map(\.range)) vs \(b.lines.map(\.range))")
        }
        require(partial.isComplete || partial.pages.count == holding + 1,
                "an incomplete layout through \(offset) has \(partial.pages.count) pages; the offset is on page \(holding + 1)")
    }
}
