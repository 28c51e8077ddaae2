import PaginateKit

/// What every layout must satisfy, whatever the bytes and settings. A violation stops the process
/// with a message, which libFuzzer records as a crash together with the input.
public enum Invariants {
    static let epsilon = 1e-6

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
    public static func checkGeometry(_ layout: Layout, exclusions: [Rect]) {
        let eps = epsilon
        for page in layout.pages {
            for container in page.containers {
                let width = container.frame.width, height = container.frame.height
                var bottom = 0.0
                for line in container.lines {
                    let where_ = "page \(page.number), line \(line.range)"
                    require(line.width.isFinite && line.width >= 0, "\(where_): width \(line.width)")
                    require(line.height > 0 && line.height.isFinite, "\(where_): height \(line.height)")
                    require(line.baseline > 0 && line.baseline <= line.height + eps, "\(where_): baseline \(line.baseline) outside the line box of \(line.height)")
                    require(line.origin.y >= bottom - eps, "\(where_): top \(line.origin.y) above the previous line's bottom \(bottom)")
                    require(line.origin.y + line.height <= height + eps, "\(where_): bottom \(line.origin.y + line.height) below the container's \(height)")
                    bottom = line.origin.y + line.height
                    let singleCluster = holdsOneCluster(line)
                    if !singleCluster {
                        require(line.origin.x >= -eps && line.origin.x + line.width <= width + eps,
                                "\(where_): spans \(line.origin.x)...\(line.origin.x + line.width) in a container \(width) wide")
                        for rect in exclusions where rect.width > 0 && rect.height > 0 && line.width > 0 {
                            let overlapsX = line.origin.x < rect.maxX - eps && line.origin.x + line.width > rect.minX + eps
                            let overlapsY = line.origin.y < rect.maxY - eps && line.origin.y + line.height > rect.minY + eps
                            require(!(overlapsX && overlapsY), "\(where_): box \(line.rect) overlaps the exclusion \(rect)")
                        }
                    }
                    var previous = line.range.lowerBound
                    for stop in line.caretStops {
                        require(stop.offset >= previous && stop.offset <= line.range.upperBound, "\(where_): caret stop at \(stop.offset) out of order")
                        previous = stop.offset
                    }
                    var runEnd = -1.0
                    for run in line.runs {
                        require(run.sourceRange.lowerBound >= line.range.lowerBound && run.sourceRange.upperBound <= line.range.upperBound,
                                "\(where_): run bytes \(run.sourceRange) outside the line")
                        require(run.x >= runEnd - eps, "\(where_): run at \(run.x) overlaps the previous run ending at \(runEnd)")
                        require(run.fontIndex >= 0 && run.fontIndex < 256, "\(where_): font index \(run.fontIndex)")
                        runEnd = run.x + run.width
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

    /// Every visible scalar of the source is drawn exactly once, in order; a scalar may be drawn as
    /// U+FFFD only where no font of the chain has a glyph for it.
    public static func checkText(_ layout: Layout, source: [UInt8], fonts: FontChain) {
        let expected = visibleScalars(ofSource: source)
        var drawn: [UInt32] = []
        drawn.reserveCapacity(expected.count)
        for page in layout.pages {
            for line in page.lines {
                for run in line.runs {
                    for scalar in run.text.unicodeScalars where !isInvisible(scalar) { drawn.append(scalar.value) }
                }
            }
        }
        require(drawn.count == expected.count, "drew \(drawn.count) visible scalars, the source has \(expected.count)\(firstMismatch(expected, drawn, fonts))")
        for index in expected.indices where drawn[index] != expected[index] {
            let replacedUncovered = drawn[index] == 0xFFFD && !fonts.fonts.contains { $0.covers(expected[index]) }
            require(replacedUncovered, "visible scalar \(index): drew U+\(hex(drawn[index])) for U+\(hex(expected[index]))")
        }
    }

    /// The scalars a reader should see: the source decoded with U+FFFD for each maximal invalid
    /// subpart (the standard library's repair), a leading byte order mark dropped, code points above
    /// U+FFFF as U+FFFD, and no white space or control characters.
    public static func visibleScalars(ofSource source: [UInt8]) -> [UInt32] {
        var scalars = Array(String(decoding: source, as: UTF8.self).unicodeScalars)
        if source.starts(with: [0xEF, 0xBB, 0xBF]), scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        return scalars.filter { !isInvisible($0) }.map { $0.value > 0xFFFF ? 0xFFFD : $0.value }
    }

    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }

    private static func firstMismatch(_ expected: [UInt32], _ drawn: [UInt32], _ fonts: FontChain) -> String {
        for index in 0..<min(expected.count, drawn.count) where drawn[index] != expected[index] {
            if drawn[index] == 0xFFFD && !fonts.fonts.contains(where: { $0.covers(expected[index]) }) { continue }
            return "; first difference at \(index): U+\(hex(drawn[index])) for U+\(hex(expected[index]))"
        }
        return ""
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
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
                require(x.range == y.range && x.origin == y.origin && x.width == y.width && x.height == y.height,
                        "page \(a.number): line \(x.range) differs without runs (\(y.range))")
            }
        }
        guard let partial, let holding = full.pageIndex(containing: offset) else { return }
        require(partial.pages.count >= holding + 1, "layout through \(offset) has \(partial.pages.count) pages; the offset is on page \(holding + 1)")
        for index in 0...holding {
            require(partial.pages[index] == full.pages[index], "layout through \(offset): page \(index + 1) differs from the full layout")
        }
        require(partial.isComplete || partial.pages.count == holding + 1, "an incomplete layout through \(offset) has pages beyond \(holding + 1)")
    }
}
