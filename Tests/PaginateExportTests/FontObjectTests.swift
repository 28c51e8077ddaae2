import XCTest
import PaginateKit
@testable import PaginateExport

/// The pieces of an embedded font, each on its own: the ToUnicode map, the widths, the glyph codes
/// a text becomes, the content-stream operators and the descriptor's figures.
final class FontObjectTests: XCTestCase {
    // MARK: - ToUnicode

    func testToUnicodeBlocksHoldAtMostOneHundredEntries() {
        var entries: [(code: UInt16, text: String)] = []
        for index in 0..<250 {
            let letter = Character(Unicode.Scalar(UInt8(65 + index % 26)))
            entries.append((code: UInt16(index + 3), text: String(letter)))
        }
        let cmap = String(decoding: ToUnicodeCMap(entries.reversed()).bytes, as: UTF8.self)
        let counts = cmap.split(separator: "\n").filter { $0.hasSuffix("beginbfchar") }.map { Int($0.split(separator: " ")[0])! }
        XCTAssertEqual(counts, [100, 100, 50])
        XCTAssertEqual(cmap.components(separatedBy: "endbfchar").count - 1, 3)
        XCTAssertFalse(cmap.contains("cidrange"), "a ToUnicode CMap maps to text: bfchar or bfrange only")
        XCTAssertTrue(cmap.contains("1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange"))
        // Sorted by code, whatever order the entries came in.
        XCTAssertTrue(cmap.contains("100 beginbfchar\n<0003> <0041>\n<0004> <0042>\n"), cmap)
    }

    func testToUnicodeWritesSurrogatePairsBeyondTheBMP() {
        let cmap = String(
            decoding: ToUnicodeCMap([(code: 0x0D3E, text: "𝐴"), (code: 0x0024, text: "A"), (code: 0, text: "")]).bytes, as: UTF8.self)
        XCTAssertTrue(cmap.contains("<0D3E> <D835DC34>"), cmap)
        XCTAssertTrue(cmap.contains("<0024> <0041>"), cmap)
        XCTAssertTrue(cmap.contains("<0000> <FFFD>"), "an empty text is not allowed; U+FFFD stands in")
    }

    // MARK: - Widths

    func testWidthsListOnlyWhatDiffersFromTheCommonestWidth() {
        let widths = CIDWidths([10: 1000, 11: 1000, 12: 500, 13: 600, 20: 1000, 30: 250, 40: 1000])
        XCTAssertEqual(widths.defaultWidth, 1000)
        XCTAssertEqual(widths.runs, [CIDWidths.Run(first: 12, widths: [500, 600]), CIDWidths.Run(first: 30, widths: [250])])
        guard case .array(let items) = widths.array, items.count == 4, case .integer(12) = items[0] else {
            return XCTFail("\(widths.array)")
        }
        XCTAssertTrue(CIDWidths([5: 300, 6: 300]).runs.isEmpty, "every width is the default")
        XCTAssertEqual(CIDWidths([1: 300, 2: 400]).defaultWidth, 300, "a tie goes to the smaller width")
    }

    func testScatteredCodesAreJoinedBelowTheArrayLimit() {
        // 9,000 listed codes with a gap after each: 9,000 runs, far over the limit, unless joined.
        var scattered: [UInt16: Int] = [:]
        for code in 0..<9_000 { scattered[UInt16(code * 3)] = 400 + code % 7 }
        for code in 0..<4_000 { scattered[UInt16(40_000 + code)] = 1000 }
        let widths = CIDWidths(scattered)
        XCTAssertEqual(widths.defaultWidth, 1000)
        XCTAssertLessThanOrEqual(widths.runs.count, CIDWidths.maximumRuns)
        XCTAssertTrue(widths.runs.allSatisfy { $0.widths.count <= CIDWidths.maximumRunLength })
        // Every used code keeps its own width.
        for (code, width) in scattered where width != 1000 {
            let run = widths.runs.first { $0.first <= Int(code) && Int(code) < $0.first + $0.widths.count }
            XCTAssertEqual(run.map { $0.widths[Int(code) - $0.first] }, width, "code \(code)")
        }
        // Few runs are not joined.
        XCTAssertEqual(
            CIDWidths([1: 300, 5: 400, 6: 400, 9: 1000]).runs,
            [CIDWidths.Run(first: 1, widths: [300]), CIDWidths.Run(first: 9, widths: [1000])])
    }

    func testLongRunsAreSplitBelowTheArrayLimit() {
        var many: [UInt16: Int] = [:]
        for code in 0..<10_000 { many[UInt16(code)] = code % 2 == 0 ? 500 : 501 + code % 3 }
        let widths = CIDWidths(many)
        XCTAssertEqual(widths.defaultWidth, 500)
        XCTAssertTrue(widths.runs.allSatisfy { $0.widths.count <= CIDWidths.maximumRunLength })
        XCTAssertLessThanOrEqual(widths.runs.count, CIDWidths.maximumRuns)
        for (code, width) in many where width != 500 {
            let run = widths.runs.first { $0.first <= Int(code) && Int(code) < $0.first + $0.widths.count }
            XCTAssertEqual(run.map { $0.widths[Int(code) - $0.first] }, width, "code \(code)")
        }
    }

    // MARK: - Codes

    func testTextBecomesNominalGlyphsAndRecordsTheirText() throws {
        let font = try PdfFixture.fonts().fonts[0]
        var usage = FontUsage(font: font)
        var codes: [UInt16] = []
        usage.encode("Ά𝐴\u{E0001}A\u{20E3}\u{10FFFD}", into: &codes)
        let alpha = try XCTUnwrap(font.glyph(for: 0x386))
        let italic = try XCTUnwrap(font.glyph(for: 0x1D434))
        let capital = try XCTUnwrap(font.glyph(for: 0x41))
        // The language tag is default-ignorable and the enclosing keycap a mark, and DejaVu Serif
        // lacks both: the engine gives them no advance, and they draw nothing.
        // The private-use character has no glyph: the missing-glyph box, glyph 0.
        XCTAssertEqual(codes, [UInt16(alpha), UInt16(italic), UInt16(capital), 0])
        XCTAssertEqual(usage.texts[UInt16(italic)], "𝐴")
        XCTAssertEqual(usage.texts[0], "\u{FFFD}")
        XCTAssertEqual(usage.glyphs.count, 4)
        // A second encoding reuses the codes and records nothing new.
        codes.removeAll()
        usage.encode("A𝐴", into: &codes)
        XCTAssertEqual(codes, [UInt16(capital), UInt16(italic)])
        XCTAssertEqual(usage.glyphs.count, 4)
    }

    func testCIDKeyedFontsAreAddressedByCID() throws {
        let file = try FontCatalog().resolve(name: "Noto Sans CJK SC")
        let font = try Font(path: file.path, faceIndex: file.faceIndex)
        var usage = FontUsage(font: font)
        var codes: [UInt16] = []
        usage.encode("中", into: &codes)
        let glyph = try XCTUnwrap(font.glyph(for: 0x4E2D))
        XCTAssertEqual(codes, [UInt16(try XCTUnwrap(font.characterIdentifier(ofGlyph: glyph)))])
        XCTAssertEqual(usage.glyphs[codes[0]], glyph)
    }

    // MARK: - Content stream

    func testContentStreamOperators() {
        var content = ContentStream()
        content.beginText()
        content.setFont(resource: "F2", size: 10.5)
        content.showGlyphs([0x24, 0x0D3E, 0xFFFF], x: 72.25, y: -0.00004)
        content.showGlyphs([], x: 1, y: 1)
        content.endText()
        XCTAssertEqual(String(decoding: content.bytes, as: UTF8.self), "BT\n/F2 10.5 Tf\n1 0 0 1 72.25 0 Tm\n<00240D3EFFFF> Tj\nET\n")
    }

    func testNumbersAreWrittenToTenThousandths() {
        func written(_ value: Double) -> String {
            var bytes: [UInt8] = []
            ContentStream.append(value, to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
        XCTAssertEqual(written(0), "0")
        XCTAssertEqual(written(97.4375), "97.4375")
        XCTAssertEqual(written(-12.30001), "-12.3")
        XCTAssertEqual(written(1.00005), "1.0001")
        XCTAssertEqual(written(0.05), "0.05")
        XCTAssertEqual(written(14_400), "14400")
        XCTAssertEqual(written(.nan), "0")
    }

    // MARK: - Names and descriptor

    func testSubsetTagsAreStableAndDifferBySubset() {
        let tag = EmbeddedFont.subsetTag(codes: [1, 2, 3], name: "DejaVuSerif")
        XCTAssertEqual(tag, EmbeddedFont.subsetTag(codes: [1, 2, 3], name: "DejaVuSerif"))
        XCTAssertNotEqual(tag, EmbeddedFont.subsetTag(codes: [1, 2, 4], name: "DejaVuSerif"))
        XCTAssertEqual(tag.count, 6)
        XCTAssertTrue(tag.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) })
        XCTAssertEqual(EmbeddedFont.postScriptName("My Font (Bold)/2"), "MyFontBold2")
        XCTAssertEqual(EmbeddedFont.postScriptName("名前"), "Font")
    }

    func testDescriptorFiguresOfDejaVuSerif() throws {
        let path = PdfFixture.repoRoot + "/Fonts/DejaVuSerif.ttf"
        let subsetter = try FontSubsetter(path: path, faceIndex: 0)
        // DejaVu's OS/2 table (version 1) has no cap height: the top of its H gives it.
        let capitalTop = try XCTUnwrap(subsetter.glyph(for: 0x48).flatMap(subsetter.top(ofGlyph:)))
        let metrics = FontDescriptorMetrics(
            head: subsetter.table("head"), os2: subsetter.table("OS/2"), post: subsetter.table("post"),
            capitalTop: capitalTop, ascent: 0.928)
        XCTAssertEqual(metrics.flags & 4, 4, "symbolic: glyphs are addressed by CID")
        XCTAssertEqual(metrics.flags & 1, 0, "not fixed pitch")
        XCTAssertEqual(metrics.flags & 64, 0, "upright")
        XCTAssertEqual(metrics.italicAngle, 0)
        XCTAssertEqual(metrics.boundingBox.count, 4)
        XCTAssertLessThan(metrics.boundingBox[0], 0)
        XCTAssertGreaterThan(metrics.boundingBox[3], 900)
        XCTAssertTrue((700...760).contains(metrics.capHeight), "\(metrics.capHeight)")
        XCTAssertNil(metrics.embeddingRefusal)
        let italic = try FontSubsetter(path: PdfFixture.repoRoot + "/Fonts/DejaVuSerif-Italic.ttf", faceIndex: 0)
        let slanted = FontDescriptorMetrics(
            head: italic.table("head"), os2: italic.table("OS/2"), post: italic.table("post"), ascent: 0.928)
        XCTAssertLessThan(slanted.italicAngle, 0)
        XCTAssertEqual(slanted.flags & 64, 64, "italic")
    }

    func testRestrictedLicenceIsRefused() {
        var os2 = [UInt8](repeating: 0, count: 96)
        os2[9] = 0x02  // fsType: restricted licence embedding
        XCTAssertEqual(
            FontDescriptorMetrics(head: [], os2: os2, post: [], ascent: 0.8).embeddingRefusal,
            "its licence (OS/2 fsType) forbids embedding")
        os2[9] = 0x08  // editable embedding is allowed
        XCTAssertNil(FontDescriptorMetrics(head: [], os2: os2, post: [], ascent: 0.8).embeddingRefusal)
        // Short or missing tables give defaults, not a crash.
        let empty = FontDescriptorMetrics(head: [1, 2], os2: [], post: [9], ascent: 0.8)
        XCTAssertEqual(empty.capHeight, 800)
        XCTAssertEqual(empty.boundingBox, [0, 0, 0, 0])
    }

    // MARK: - Subsets

    func testSubsetKeepsEveryComponentOfNestedComposites() throws {
        let path = PdfFixture.repoRoot + "/Fonts/DejaVuSerif.ttf"
        let font = try Font(path: path)
        let subsetter = try FontSubsetter(path: path, faceIndex: 0)
        // Ά is Alphatonos = Alpha + tonos, and Alpha is itself a composite of A.
        let alphaTonos = try XCTUnwrap(font.glyph(for: 0x386))
        let capitalA = try XCTUnwrap(font.glyph(for: 0x41))
        let bytes = try subsetter.subset(glyphs: [alphaTonos], retainingGlyphIDs: true)
        let glyf = try XCTUnwrap(Self.table("glyf", in: bytes)), loca = try XCTUnwrap(Self.table("loca", in: bytes))
        let head = try XCTUnwrap(Self.table("head", in: bytes))
        let longOffsets = TableReader.uint16(head, 50) == 1
        func glyphLength(_ glyph: UInt32) -> Int {
            let index = Int(glyph)
            if longOffsets {
                return Int(TableReader.uint32(loca, 4 * index + 4)! - TableReader.uint32(loca, 4 * index)!)
            }
            return 2 * (Int(TableReader.uint16(loca, 2 * index + 2)!) - Int(TableReader.uint16(loca, 2 * index)!))
        }
        XCTAssertGreaterThan(glyphLength(alphaTonos), 0, "the glyph drawn")
        XCTAssertGreaterThan(glyphLength(capitalA), 0, "the component of its component, at its own index")
        XCTAssertEqual(glyphLength(try XCTUnwrap(font.glyph(for: 0x42))), 0, "B is not needed")
        XCTAssertFalse(glyf.isEmpty)
    }

    /// A table of an OpenType file, found through its table directory.
    static func table(_ tag: String, in font: [UInt8]) -> [UInt8]? {
        guard let count = TableReader.uint16(font, 4) else { return nil }
        for index in 0..<Int(count) {
            let record = 12 + 16 * index
            guard record + 16 <= font.count, Array(font[record..<(record + 4)]) == Array(tag.utf8),
                let offset = TableReader.uint32(font, record + 8), let length = TableReader.uint32(font, record + 12),
                Int(offset) + Int(length) <= font.count
            else { continue }
            return Array(font[Int(offset)..<(Int(offset) + Int(length))])
        }
        return nil
    }
}
