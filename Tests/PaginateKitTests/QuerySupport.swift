import XCTest
@testable import PaginateKit

/// A small, fast, reproducible random number generator (SplitMix64), so generated texts are the
/// same on every run and every platform.
struct QuerySeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// `true` with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool {
        int(0...99) < percent
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[int(0...(items.count - 1))]
    }
}

/// Generated texts: random words of varied lengths, CJK runs, tabs, form feeds, blank lines and
/// combining marks, hard-wrapped like a plain-text file.
enum QueryTextGenerator {
    private static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ").map(String.init)
    private static let accented = ["é", "ñ", "ü", "ß", "ø", "Å", "ç", "œ"]
    private static let marks = ["\u{301}", "\u{308}", "\u{323}", "\u{30A}", "\u{327}", "\u{300}"]
    private static let punctuation = [",", ".", ";", ":", "!", "?", "’s", "—"]
    private static let cjkPunctuation = ["。", "、", "，", "「", "」"]

    /// A word of Latin letters, sometimes accented, sometimes carrying combining marks.
    private static func word(_ rng: inout QuerySeededGenerator, marksPercent: Int) -> String {
        let length: Int
        switch rng.int(0...99) {
        case 0..<30: length = rng.int(1...3)
        case 30..<80: length = rng.int(4...8)
        case 80..<96: length = rng.int(9...15)
        default: length = rng.int(20...45)  // longer than a narrow column: emergency breaks
        }
        var word = ""
        for _ in 0..<length {
            word += rng.chance(4) ? rng.pick(accented) : rng.pick(letters)
            if rng.chance(marksPercent) {
                word += rng.pick(marks)
                if rng.chance(25) { word += rng.pick(marks) }
            }
        }
        if rng.chance(12) { word += rng.pick(punctuation) }
        return word
    }

    /// A run of CJK ideographs with the odd punctuation mark.
    private static func cjkRun(_ rng: inout QuerySeededGenerator, length: Int) -> String {
        var run = ""
        for _ in 0..<length {
            if rng.chance(8) {
                run += rng.pick(cjkPunctuation)
            } else {
                run.unicodeScalars.append(Unicode.Scalar(UInt32(rng.int(0x4E00...0x6FFF)))!)
            }
        }
        return run
    }

    /// Joins tokens into lines of at most `width` characters (by `count`), as a typist would.
    private static func wrap(_ tokens: [String], width: Int, rng: inout QuerySeededGenerator) -> [String] {
        var lines: [String] = []
        var line = ""
        for token in tokens {
            if line.isEmpty {
                line = token
            } else if line.count + 1 + token.count > width {
                lines.append(line)
                line = token
            } else {
                line += rng.chance(6) ? "  " : (rng.chance(3) ? "\t" : " ")
                line += token
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// A generated text of `paragraphs` blocks.
    static func text(seed: UInt64, paragraphs: Int, marksPercent: Int = 4) -> String {
        var rng = QuerySeededGenerator(seed: seed)
        var out = ""
        for index in 0..<paragraphs {
            // Block kinds and separators take turns, so even a short text has every feature.
            let block: [String]
            switch index % 6 {
            case 0, 3:  // prose
                let words = (0..<rng.int(3...70)).map { _ in word(&rng, marksPercent: marksPercent) }
                block = wrap(words, width: rng.int(50...72), rng: &rng)
            case 1:  // CJK, hard-wrapped between wide characters
                let run = Array(cjkRun(&rng, length: rng.int(5...150)))
                let width = rng.int(20...36)
                block = stride(from: 0, to: run.count, by: width).map { String(run[$0..<min(run.count, $0 + width)]) }
            case 2:  // mixed Latin and CJK
                var tokens: [String] = []
                for _ in 0..<rng.int(4...40) {
                    tokens.append(rng.chance(35) ? cjkRun(&rng, length: rng.int(1...12)) : word(&rng, marksPercent: marksPercent))
                }
                block = wrap(tokens, width: rng.int(40...70), rng: &rng)
            case 4:  // a table with tabs
                block = (0..<rng.int(2...8)).map { _ in
                    (0..<rng.int(1...4)).map { _ in word(&rng, marksPercent: 0) }.joined(separator: "\t")
                        + (rng.chance(20) ? "\t" : "")
                }
            default:  // indented verse
                block = (0..<rng.int(2...6)).map { _ in
                    String(repeating: " ", count: rng.int(2...8))
                        + (0..<rng.int(1...7)).map { _ in word(&rng, marksPercent: marksPercent) }.joined(separator: " ")
                }
            }
            out += block.joined(separator: index % 5 == 4 ? "\r\n" : "\n")
            guard index + 1 < paragraphs else { break }
            switch index % 7 {
            case 0, 3: out += "\n\n"
            case 1: out += "\n" + String(repeating: "\n", count: rng.int(2...4))  // several blank lines
            case 2: out += "\n\u{0C}\n"  // a form feed on its own line
            case 4: out += "\u{0C}"  // a form feed ending a line
            case 5: out += "\n \t \n"  // a blank line with white space
            default: out += "\n"  // a hard break only
            }
        }
        return out + "\n"
    }
}

/// One text laid out with one group of settings, plus the pages to sample.
struct QueryCase {
    let name: String
    let storage: TextStorage
    let layout: Layout
    /// 1-based page numbers to check exhaustively: all pages of small texts, a sample of large ones.
    let samplePages: [Int]
    /// Whether the text is one of the shared corpora.
    let isCorpus: Bool

    /// Fewer pages for the costliest checks: four of the sampled pages of a corpus, every page of
    /// a generated text.
    var fewPages: [Int] {
        isCorpus
            ? [
                samplePages[0], samplePages[samplePages.count / 3], samplePages[2 * samplePages.count / 3],
                samplePages[samplePages.count - 1],
            ]
            : samplePages
    }
}

/// Documents, settings and layouts shared by the query tests; each layout is made once.
enum QueryFixtures {
    /// The command-line defaults: one 328 pt column, `auto` paragraphs.
    static let book = UnitSupport.settings(mode: .auto)
    /// A landscape page in two 240 pt columns, `blank` paragraphs.
    static let twoColumns = UnitSupport.settings(width: 560, height: 420, margin: 30, columns: 2, gutter: 20, mode: .blank)
    /// A narrow page (100×180 pt column), every source line a paragraph.
    static let narrow = UnitSupport.settings(width: 120, height: 200, margin: 10, mode: .lines)

    private static let prideLoaded = Result { TextStorage(bytes: try UnitSupport.corpusBytes("pride-and-prejudice.txt")) }
    private static let sutraLoaded = Result { TextStorage(bytes: try UnitSupport.corpusBytes("diamond-sutra.txt")) }
    /// Pride and Prejudice, read once; a missing corpus file is an error.
    static var pride: TextStorage { get throws { try prideLoaded.get() } }
    /// The Diamond Sutra, read once; a missing corpus file is an error.
    static var sutra: TextStorage { get throws { try sutraLoaded.get() } }
    static let mixed = TextStorage(QueryTextGenerator.text(seed: 0x5EED_0001, paragraphs: 14))
    static let dense = TextStorage(QueryTextGenerator.text(seed: 42, paragraphs: 8, marksPercent: 20))

    static func manager(_ settings: LayoutSettings) throws -> LayoutManager {
        LayoutManager(fonts: try UnitSupport.fonts(), settings: settings)
    }

    /// Up to `count` page numbers spread evenly over `1...pageCount`, first and last included.
    static func spread(_ pageCount: Int, count: Int) -> [Int] {
        guard pageCount > count else { return Array(1...max(1, pageCount)) }
        return Array(Set((0..<count).map { 1 + $0 * (pageCount - 1) / (count - 1) })).sorted()
    }

    private static func makeCases() throws -> [QueryCase] {
        var cases: [QueryCase] = []
        func add(_ name: String, _ storage: TextStorage, _ settings: LayoutSettings, corpus: Bool, sample: Int? = nil) throws {
            let layout = try manager(settings).layout(storage, includeRuns: true)
            let pages = sample.map { spread(layout.pageCount, count: $0) } ?? Array(1...layout.pageCount)
            cases.append(QueryCase(name: name, storage: storage, layout: layout, samplePages: pages, isCorpus: corpus))
        }
        // P&P once (laying it out is the slowest part of the suite), in two columns.
        try add("P&P, two columns", try pride, twoColumns, corpus: true, sample: 10)
        try add("Diamond Sutra, book page", try sutra, book, corpus: true, sample: 10)
        try add("Diamond Sutra, two columns", try sutra, twoColumns, corpus: true, sample: 10)
        try add("Diamond Sutra, narrow page", try sutra, narrow, corpus: true, sample: 10)
        for (name, storage) in [("generated mixed", mixed), ("generated dense", dense)] {
            try add("\(name), book page", storage, book, corpus: false)
            try add("\(name), two columns", storage, twoColumns, corpus: false)
            try add("\(name), narrow page", storage, narrow, corpus: false)
        }
        return cases
    }

    private static let cases: Result<[QueryCase], Error> = Result { try makeCases() }

    /// Every case.
    static func all() throws -> [QueryCase] {
        try cases.get()
    }

    /// Runs `body` for every case.
    static func forEachCase(_ body: (QueryCase) throws -> Void) throws {
        for queryCase in try all() { try body(queryCase) }
    }
}

/// Geometry helpers for the query tests (free functions, so they cannot clash with members the
/// library may add to its own types).
enum QueryGeometry {
    /// A line's caret stops in page coordinates.
    static func pageStops(_ line: LocatedLine) -> [(offset: Int, x: Double)] {
        line.fragment.caretStops.map { ($0.offset, line.rect.minX + $0.x) }
    }

    /// The vertical middle of a rectangle.
    static func midY(_ rect: Rect) -> Double {
        rect.minY + rect.height / 2
    }

    /// Whether `inner` lies inside `outer`, up to `epsilon` on every side.
    static func isInside(_ inner: Rect, _ outer: Rect, epsilon: Double = 1e-6) -> Bool {
        inner.minX >= outer.minX - epsilon && inner.maxX <= outer.maxX + epsilon
            && inner.minY >= outer.minY - epsilon && inner.maxY <= outer.maxY + epsilon
    }
}
