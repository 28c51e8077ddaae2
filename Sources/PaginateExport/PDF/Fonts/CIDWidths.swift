/// A CIDFont's glyph widths: a default width (`/DW`) and the `/W` array listing the codes that
/// differ from it, consecutive codes sharing one entry (`c [w1 w2 …]`).
///
/// The default is the most common width among the used codes, so a font whose glyphs mostly share
/// one advance (CJK ideographs) lists only the exceptions.
struct CIDWidths: Equatable {
    /// The width of every code not listed, in thousandths of an em.
    let defaultWidth: Int
    /// Runs of consecutive codes and their widths, in ascending code order.
    let runs: [Run]

    /// Consecutive codes starting at `first`, with their widths in order.
    struct Run: Equatable {
        var first: Int
        var widths: [Int]
    }

    /// At most this many widths go into one run, and at most `maximumRuns` runs (two elements
    /// each) into the array: below the 8191 array elements PDF readers (and libharu) handle.
    static let maximumRunLength = 4096
    static let maximumRuns = 4000

    /// Builds the widths for `widths`, one entry per used code.
    init(_ widths: [UInt16: Int]) {
        var counts: [Int: Int] = [:]
        for width in widths.values { counts[width, default: 0] += 1 }
        // Ties go to the smaller width, so the choice never depends on dictionary order.
        let defaultWidth = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
        self.defaultWidth = defaultWidth
        let listed = widths.keys.sorted().filter { widths[$0]! != defaultWidth }.map { (code: Int($0), width: widths[$0]!) }
        // Codes no content stream draws may have any width, so runs can be joined across them
        // (filled with the default) when there would be too many: the array stays within limits
        // whatever glyphs a document uses. Most documents need no joining at all.
        var gap = 0
        var runs = CIDWidths.runs(listed, joiningGapsUpTo: gap, filler: defaultWidth)
        while runs.count > CIDWidths.maximumRuns {
            gap = max(1, gap * 4)
            runs = CIDWidths.runs(listed, joiningGapsUpTo: gap, filler: defaultWidth)
        }
        self.runs = runs
    }

    private static func runs(_ listed: [(code: Int, width: Int)], joiningGapsUpTo gap: Int, filler: Int) -> [Run] {
        var runs: [Run] = []
        for (code, width) in listed {
            if var last = runs.last {
                let next = last.first + last.widths.count
                let missing = code - next
                if missing <= gap && last.widths.count + missing < maximumRunLength {
                    last.widths.append(contentsOf: repeatElement(filler, count: missing))
                    last.widths.append(width)
                    runs[runs.count - 1] = last
                    continue
                }
            }
            runs.append(Run(first: code, widths: [width]))
        }
        return runs
    }

    /// The `/W` array.
    var array: PDFObject {
        .array(runs.flatMap { [PDFObject.integer($0.first), .array($0.widths.map(PDFObject.integer))] })
    }
}
