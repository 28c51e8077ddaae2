import Foundation
import XCTest
@testable import PaginateKit

/// Pair kerning: values equal to the font's own tables, folded into advances only where a line
/// cannot end inside the pair, lines narrower by exactly the kerns, runs split where glyphs move.
final class KerningTests: XCTestCase {
    private static let notoSerifPath = "/usr/share/fonts/truetype/noto/NotoSerif-Regular.ttf"

    // MARK: Pair values

    /// DejaVu Serif keeps its kerning in `GPOS` (one class-based PairPos lookup) and a copy in a
    /// legacy `kern` table. The expected values were computed offline with fontTools from the
    /// `GPOS` `kern` lookup (Class1Record/Class2Record XAdvance, in design units of a 2048-unit
    /// em), then converted as widths are: `value * 1000 / 2048`, truncated toward zero.
    func testDejaVuPairsEqualTheFontsGPOSValues() throws {
        let font = try Font(path: UnitSupport.dejaVuPath)
        let expected: [(String, designUnits: Int, thousandths: Int)] = [
            ("AV", -102, -49), ("To", -159, -77), ("LT", -167, -81), ("P.", -415, -202), ("Yo", -178, -86),
            ("r.", -225, -109), ("y.", -272, -132), ("-T", -73, -35), ("f.", -73, -35), ("We", -167, -81),
            ("AT", -112, -54), ("L’", -491, -239), ("“A", -264, -128), ("Ty", 0, 0), ("ab", 0, 0), ("A'", 0, 0),
        ]
        XCTAssertTrue(font.hasKerning)
        for (pair, designUnits, thousandths) in expected {
            let scalars = UnitSupport.scalars(pair)
            XCTAssertEqual(designUnits * 1000 / 2048, thousandths, "conversion of \(pair)")
            XCTAssertEqual(font.kerning(scalars[0], scalars[1]), thousandths, "kerning of \(pair)")
        }
    }

    /// Every pair of DejaVu Serif's legacy `kern` table, read from the file's bytes by the test,
    /// equals what the engine gets from HarfBuzz (which reads `GPOS` when a font has it); and
    /// every pair of printable ASCII the table does not list is not kerned at all.
    func testEveryPairOfTheLegacyKernTableMatches() throws {
        let font = try Font(path: UnitSupport.dejaVuPath)
        let table = try SfntKernTable(path: UnitSupport.dejaVuPath)
        XCTAssertEqual(table.unitsPerEm, 2048)
        XCTAssertGreaterThan(table.pairs.count, 1000, "DejaVu Serif's kern table lists 1367 pairs")
        var compared = 0
        for (pair, value) in table.pairs {
            for left in table.codePoints[pair.left] ?? [] {
                for right in table.codePoints[pair.right] ?? [] {
                    XCTAssertEqual(
                        font.kerning(left, right), value * 1000 / 2048,
                        "U+\(String(left, radix: 16)) U+\(String(right, radix: 16))")
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 1000)
        for left in UInt32(0x21)...0x7E {
            for right in UInt32(0x21)...0x7E where table.value(left, right) == 0 {
                XCTAssertEqual(font.kerning(left, right), 0, "\(UnitSupport.string([left, right])) is not in the table")
            }
        }
    }

    /// Noto Serif has no `kern` table at all, only `GPOS`: what FreeType's `FT_Get_Kerning` would
    /// miss. Expected values computed offline with fontTools from its `GPOS` `kern` lookups
    /// (latn script, PairPos formats 1 and 2; a 1000-unit em, so thousandths equal design units).
    func testGposOnlyFontIsKerned() throws {
        guard FileManager.default.fileExists(atPath: KerningTests.notoSerifPath) else {
            throw XCTSkip("Noto Serif (fonts-noto-core) is not installed")
        }
        XCTAssertTrue(try SfntKernTable(path: KerningTests.notoSerifPath).pairs.isEmpty, "the font has no kern table")
        let font = try Font(path: KerningTests.notoSerifPath)
        XCTAssertTrue(font.hasKerning)
        let expected: [(String, Int)] = [
            ("AV", -80), ("To", -50), ("LT", -70), ("P.", -120), ("Yo", -70), ("r.", -130), ("y.", -90),
            ("We", -60), ("Te", -50), ("Va", -60), ("AT", -60), ("Ty", 0), ("ab", 0),
        ]
        for (pair, value) in expected {
            let scalars = UnitSupport.scalars(pair)
            XCTAssertEqual(font.kerning(scalars[0], scalars[1]), value, "kerning of \(pair)")
        }
    }

    func testFontWithoutKerning() throws {
        let droid = try Font(path: UnitSupport.droidPath)
        XCTAssertFalse(droid.hasKerning)
        XCTAssertEqual(droid.kerning(0x5982, 0x3002), 0)
        XCTAssertEqual(droid.kerning(0x41, 0x56), 0)
    }

    func testPairsBeyondTheDenseCacheAreKernedAlike() throws {
        // More than 255 distinct code points meet in pairs: later ones go through the dictionary.
        let font = try Font(path: UnitSupport.dejaVuPath)
        let table = try SfntKernTable(path: UnitSupport.dejaVuPath)
        for scalar in UInt32(0x400)...0x52F { _ = font.kerning(scalar, 0x20) }
        for pair in ["AV", "To", "P.", "Yo"] {
            let scalars = UnitSupport.scalars(pair)
            XCTAssertEqual(font.kerning(scalars[0], scalars[1]), table.thousandths(scalars[0], scalars[1]), pair)
            XCTAssertEqual(font.kerning(scalars[0], scalars[1]), table.thousandths(scalars[0], scalars[1]), "\(pair), cached")
        }
    }

    // MARK: Preparation and lines

    private let sample = "AVATAR To LT P. Yo We r. y. “A L’ -Tea f."

    /// The kerning the engine should apply to `text` when all of it is one line of DejaVu Serif:
    /// the table's pairs, except across spaces and after a hyphen (a break opportunity).
    private func expectedKerns(_ text: String, _ table: SfntKernTable) -> [Int] {
        let scalars = UnitSupport.scalars(text)
        return scalars.indices.map { index in
            guard index + 1 < scalars.count else { return 0 }
            let (left, right) = (scalars[index], scalars[index + 1])
            if left == 0x20 || right == 0x20 || left == 0x2D { return 0 }
            return table.thousandths(left, right)
        }
    }

    func testKerningOffLeavesAdvancesAlone() throws {
        let fonts = try UnitSupport.fonts()
        let prepared = PreparedParagraph(UnitSupport.paragraph(sample), fonts: fonts)
        XCTAssertTrue(prepared.kerns.isEmpty)
        XCTAssertEqual(prepared.advances.map(Int.init), UnitSupport.scalars(sample).map { fonts.fonts[0].width(of: $0)! })
    }

    func testPreparedAdvancesCarryThePairValues() throws {
        let fonts = try UnitSupport.fonts()
        let table = try SfntKernTable(path: UnitSupport.dejaVuPath)
        let prepared = PreparedParagraph(UnitSupport.paragraph(sample), fonts: fonts, kerning: true)
        let kerns = expectedKerns(sample, table)
        XCTAssertEqual(prepared.kerns.map(Int.init), kerns)
        XCTAssertGreaterThan(kerns.filter { $0 != 0 }.count, 10)
        let nominal = UnitSupport.scalars(sample).map { fonts.fonts[0].width(of: $0)! }
        XCTAssertEqual(prepared.advances.map(Int.init), zip(nominal, kerns).map(+))
    }

    func testNoKernAcrossFontsSpacesOrBreakOpportunities() throws {
        let fonts = try UnitSupport.fonts()
        // A, V and T meet only across the fallback font or a space; "-T" follows a break
        // opportunity (after the hyphen); only "To" kerns.
        let text = "A金V T 金 a-To"
        XCTAssertEqual(fonts.fonts[0].kerning(0x41, 0x56), -49, "the font kerns A–V")
        XCTAssertEqual(fonts.fonts[0].kerning(0x2D, 0x54), -35, "the font kerns -T")
        let prepared = PreparedParagraph(UnitSupport.paragraph(text), fonts: fonts, kerning: true)
        let kerned = prepared.kerns.enumerated().filter { $0.element != 0 }.map(\.offset)
        let to = UnitSupport.scalars(text).count - 2
        XCTAssertEqual(kerned, [to], "only T–o of \(text)")
        XCTAssertEqual(prepared.kern(after: to), -77)
    }

    func testKernedLineIsNarrowerByExactlyTheSumOfItsPairs() throws {
        let table = try SfntKernTable(path: UnitSupport.dejaVuPath)
        var settings = UnitSupport.settings(width: 1000)
        let plain = try UnitSupport.layout(sample, settings)
        settings.typography.kerning = true
        let kerned = try UnitSupport.layout(sample, settings)
        XCTAssertEqual(plain.pages[0].lines.count, 1)
        XCTAssertEqual(kerned.pages[0].lines.count, 1)
        let scale = settings.fontSize / 1000
        let saved = -expectedKerns(sample, table).reduce(0, +)
        XCTAssertGreaterThan(saved, 1000)
        let plainWidth = plain.pages[0].lines[0].width
        let kernedWidth = kerned.pages[0].lines[0].width
        XCTAssertEqual(plainWidth - kernedWidth, Double(saved) * scale, accuracy: 1e-9)
        XCTAssertEqual(kerned.pages[0].lines[0].text, plain.pages[0].lines[0].text)
    }

    /// Each glyph must be drawn where the engine measured it: a run starts exactly at its first
    /// glyph's kerned position, and inside a run no pair is kerned (the viewer places those glyphs
    /// by the font's own advances).
    func testRunsSplitWhereKerningMovesTheNextGlyph() throws {
        let fonts = try UnitSupport.fonts()
        let table = try SfntKernTable(path: UnitSupport.dejaVuPath)
        var settings = UnitSupport.settings(width: 1000)
        settings.typography.kerning = true
        let line = try UnitSupport.layout(sample, settings).pages[0].lines[0]
        let scale = settings.fontSize / 1000
        let scalars = UnitSupport.scalars(sample)
        let kerns = expectedKerns(sample, table)
        var positions: [Int] = [0]
        for (index, scalar) in scalars.enumerated() {
            positions.append(positions[index] + fonts.fonts[0].width(of: scalar)! + kerns[index])
        }
        XCTAssertEqual(line.text, sample)
        XCTAssertEqual(line.runs.count, kerns.filter { $0 != 0 }.count + 1)
        var index = 0
        for (runIndex, run) in line.runs.enumerated() {
            XCTAssertEqual(run.x, Double(positions[index]) * scale, accuracy: 1e-9, "run \(runIndex) '\(run.text)'")
            let count = run.text.unicodeScalars.count
            for inner in index..<(index + count - 1) {
                XCTAssertEqual(kerns[inner], 0, "a kerned pair inside run '\(run.text)'")
            }
            index += count
            if runIndex + 1 < line.runs.count {
                XCTAssertEqual(run.x + run.width, line.runs[runIndex + 1].x, accuracy: 1e-9, "runs tile the line")
            }
        }
        XCTAssertEqual(line.width, Double(positions[scalars.count]) * scale, accuracy: 1e-9)
        XCTAssertEqual(line.caretStops.map(\.x), positions.map { Double($0) * scale })
    }

    /// A word longer than the line is cut between clusters; a cut that separates a kerned pair
    /// gives the last character its unkerned advance back, and the line still fits.
    func testEmergencyBreakInsideKernedPairFits() throws {
        let fonts = try UnitSupport.fonts()
        let word = String(repeating: "AV", count: 40)
        let prepared = PreparedParagraph(UnitSupport.paragraph(word), fonts: fonts, kerning: true)
        let nominal = UnitSupport.scalars(word).map { fonts.fonts[0].width(of: $0)! }
        XCTAssertLessThan(prepared.kern(after: 0), 0)
        XCTAssertLessThan(prepared.kern(after: 1), 0)
        // A measure that the first k characters fill exactly with their kerned advances: the k-th
        // character's kern with the next one no longer applies once the line ends there.
        let k = 7
        let maxWidth = prepared.advances[0..<k].reduce(0) { $0 + Int($1) }
        var breaker = LineBreaker(prepared, tabStop: 1000)
        let line = try XCTUnwrap(breaker.nextLine(maxWidth: maxWidth))
        XCTAssertEqual(line.range, 0..<(k - 1))
        let expected = prepared.advances[0..<(k - 2)].reduce(0) { $0 + Int($1) } + nominal[k - 2]
        XCTAssertEqual(line.width, expected)
        XCTAssertLessThanOrEqual(line.width, maxWidth)

        // Through the layout: every line fits its container, and widths are the unkerned ends.
        var settings = UnitSupport.settings(width: 120, height: 200, margin: 10)
        settings.typography.kerning = true
        let layout = try UnitSupport.layout(word, settings)
        let lines = layout.pages.flatMap(\.lines)
        XCTAssertGreaterThan(lines.count, 3)
        XCTAssertEqual(lines.map(\.text).joined(), word)
        for fragment in lines {
            XCTAssertLessThanOrEqual(fragment.width, 100 + 1e-9)
            let last = try XCTUnwrap(fragment.runs.last)
            XCTAssertEqual(last.x + last.width, fragment.width, accuracy: 1e-9, "the last run ends where the line does")
        }
    }

    // MARK: Whole books

    func testBookWithKerning() throws {
        let book = try UnitSupport.corpusBytes("pride-and-prejudice.txt")
        var settings = UnitSupport.settings()
        let fonts = try UnitSupport.fonts()
        let plain = try LayoutManager(fonts: fonts, settings: settings).pageMap(TextStorage(bytes: book), jobs: 1)
        settings.typography.kerning = true
        let layout = try LayoutManager(fonts: fonts, settings: settings).layout(TextStorage(bytes: book))
        UnitSupport.assertPartition(layout, "P&P kerned")
        XCTAssertLessThanOrEqual(layout.pages.count, plain.entries.count)
        let column = settings.page.columnWidth
        var kernedRuns = 0
        for line in layout.pages.flatMap(\.lines) {
            XCTAssertLessThanOrEqual(line.width, column + 1e-9)
            kernedRuns += max(0, line.runs.count - 1)
        }
        XCTAssertGreaterThan(kernedRuns, 1000, "the book has kerned pairs")
    }
}
