import Foundation

/// The legacy `kern` table of a TrueType file, read straight from its bytes with the `cmap` table
/// that maps code points to glyphs: an independent reading of the kerning the engine gets from
/// HarfBuzz (which prefers `GPOS`).
///
/// Only what the tests need: the first horizontal format 0 `kern` subtable and the Windows Unicode
/// BMP (3, 1) format 4 `cmap` subtable.
struct SfntKernTable {
    /// Design units per em (`head`).
    let unitsPerEm: Int
    /// Pair values in design units by (left glyph, right glyph).
    let pairs: [GlyphPair: Int]
    /// Code points of each glyph (BMP only).
    let codePoints: [Int: [UInt32]]
    /// The glyph of each BMP code point the font maps.
    let glyphs: [UInt32: Int]

    struct GlyphPair: Hashable {
        var left: Int
        var right: Int
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads the tables; `pairs` is empty when the file has no `kern` table.
    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u16(_ at: Int) throws -> Int {
            guard at >= 0, at + 2 <= bytes.count else { throw Malformed(description: "read past the end at \(at)") }
            return Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func i16(_ at: Int) throws -> Int { Int(Int16(bitPattern: UInt16(try u16(at)))) }
        func u32(_ at: Int) throws -> Int { try u16(at) << 16 | u16(at + 2) }

        var tables: [String: Int] = [:]
        for index in 0..<(try u16(4)) {
            let record = 12 + 16 * index
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            tables[tag] = try u32(record + 8)
        }
        guard let head = tables["head"], let cmap = tables["cmap"] else { throw Malformed(description: "no head or cmap table") }
        unitsPerEm = try u16(head + 18)

        var subtable: Int?
        for index in 0..<(try u16(cmap + 2)) {
            let record = cmap + 4 + 8 * index
            if try u16(record) == 3, try u16(record + 2) == 1 { subtable = cmap + (try u32(record + 4)) }
        }
        guard let format4 = subtable, try u16(format4) == 4 else { throw Malformed(description: "no (3, 1) format 4 cmap") }
        let segments = try u16(format4 + 6) / 2
        let ends = format4 + 14
        let starts = ends + 2 * segments + 2
        let deltas = starts + 2 * segments
        let rangeOffsets = deltas + 2 * segments
        var codePoints: [Int: [UInt32]] = [:]
        for segment in 0..<segments {
            let start = try u16(starts + 2 * segment)
            let end = try u16(ends + 2 * segment)
            let delta = try u16(deltas + 2 * segment)
            let rangeOffsetAt = rangeOffsets + 2 * segment
            let rangeOffset = try u16(rangeOffsetAt)
            guard start <= end, end != 0xFFFF || start != 0xFFFF else { continue }
            for code in start...min(end, 0xFFFE) {
                var glyph: Int
                if rangeOffset == 0 {
                    glyph = (code + delta) & 0xFFFF
                } else {
                    glyph = try u16(rangeOffsetAt + rangeOffset + 2 * (code - start))
                    if glyph != 0 { glyph = (glyph + delta) & 0xFFFF }
                }
                if glyph != 0 { codePoints[glyph, default: []].append(UInt32(code)) }
            }
        }
        self.codePoints = codePoints
        var glyphs: [UInt32: Int] = [:]
        for (glyph, scalars) in codePoints { for scalar in scalars { glyphs[scalar] = glyph } }
        self.glyphs = glyphs

        var pairs: [GlyphPair: Int] = [:]
        if let kern = tables["kern"], try u16(kern) == 0 {
            var at = kern + 4
            for _ in 0..<(try u16(kern + 2)) {
                let length = try u16(at + 2)
                let coverage = try u16(at + 4)
                // Format 0, horizontal, neither minimum values nor cross-stream.
                if coverage >> 8 == 0 && coverage & 0x7 == 1 {
                    for index in 0..<(try u16(at + 6)) {
                        let pair = at + 14 + 6 * index
                        pairs[GlyphPair(left: try u16(pair), right: try u16(pair + 2))] = try i16(pair + 4)
                    }
                    break
                }
                at += length
            }
        }
        self.pairs = pairs
    }

    /// The value of a code point pair in design units, 0 when the table does not list it.
    func value(_ left: UInt32, _ right: UInt32) -> Int {
        guard let leftGlyph = glyphs[left], let rightGlyph = glyphs[right] else { return 0 }
        return pairs[GlyphPair(left: leftGlyph, right: rightGlyph)] ?? 0
    }

    /// The value converted as the engine converts widths: thousandths of an em, truncated toward zero.
    func thousandths(_ left: UInt32, _ right: UInt32) -> Int {
        value(left, right) * 1000 / unitsPerEm
    }
}
