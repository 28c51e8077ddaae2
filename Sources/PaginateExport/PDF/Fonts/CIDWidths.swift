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

    /// At most this many widths go into one run, below the 8191 array elements PDF readers must handle.
    static let maximumRunLength = 4096

    /// Builds the widths for `widths`, one entry per used code.
    init(_ widths: [UInt16: Int]) {
        var counts: [Int: Int] = [:]
        for width in widths.values { counts[width, default: 0] += 1 }
        // Ties go to the smaller width, so the choice never depends on dictionary order.
        defaultWidth = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
        var runs: [Run] = []
        for code in widths.keys.sorted() {
            let width = widths[code]!
            guard width != defaultWidth else { continue }
            if var last = runs.last, last.first + last.widths.count == Int(code), last.widths.count < CIDWidths.maximumRunLength {
                last.widths.append(width)
                runs[runs.count - 1] = last
            } else {
                runs.append(Run(first: Int(code), widths: [width]))
            }
        }
        self.runs = runs
    }

    /// The `/W` array.
    var array: PDFObject {
        .array(runs.flatMap { [PDFObject.integer($0.first), .array($0.widths.map(PDFObject.integer))] })
    }
}
