/// What a PDF font descriptor says about a face, read from its `head`, `OS/2` and `post` tables
/// and given in thousandths of an em, as every PDF glyph-space figure is.
struct FontDescriptorMetrics: Equatable {
    /// The PDF font flags (PDF 32000-1 table 123): fixed pitch, serif, symbolic, italic.
    var flags: Int
    /// The bounding box of all glyphs: left, bottom, right, top.
    var boundingBox: [Int]
    /// Height of capital letters above the baseline.
    var capHeight: Int
    /// Slant of upright strokes in degrees, counter-clockwise from vertical (negative for italics).
    var italicAngle: Double
    /// Thickness of vertical stems. Fonts do not record it; it is estimated from the weight class,
    /// which is all viewers use it for (choosing a substitute when the font cannot be used).
    var stemV: Int
    /// What the face's licence allows: `nil` when it permits embedding, else why not.
    var embeddingRefusal: String?

    /// Reads the metrics from raw tables. A missing or short table leaves its figures at safe defaults.
    ///
    /// - Parameters:
    ///   - capitalTop: the top of the capital H in design units, for fonts whose `OS/2` table is
    ///     too old to record the cap height; without it the ascent stands in.
    ///   - ascent: the ascent in ems.
    init(head: [UInt8], os2: [UInt8], post: [UInt8], capitalTop: Int? = nil, ascent: Double) {
        let table = TableReader.self
        let unitsPerEm = max(1, Int(table.uint16(head, 18) ?? 1000))
        func thousandths(_ units: Int) -> Int { units * 1000 / unitsPerEm }
        boundingBox = [36, 38, 40, 42].map { thousandths(Int(table.int16(head, $0) ?? 0)) }
        let version = table.uint16(os2, 0) ?? 0
        let weight = Int(table.uint16(os2, 4) ?? 400)
        let fsType = table.uint16(os2, 8) ?? 0
        let familyClass = Int(table.uint16(os2, 30) ?? 0) >> 8
        let capHeight = version >= 2 ? table.int16(os2, 88) : nil
        self.capHeight = capHeight.map { thousandths(Int($0)) } ?? capitalTop.map(thousandths) ?? Int(ascent * 1000)
        italicAngle = Double(table.int32(post, 4) ?? 0) / 65536
        let fixedPitch = (table.uint32(post, 12) ?? 0) != 0
        let macItalic = ((table.uint16(head, 44) ?? 0) & 2) != 0
        // Serif classes of the OS/2 family class: oldstyle, transitional, modern, clarendon, slab, freeform.
        let serif = [1, 2, 3, 4, 5, 7].contains(familyClass)
        // Glyphs are addressed by CID, not through a standard Latin encoding: always symbolic.
        flags = (fixedPitch ? 1 : 0) | (serif ? 2 : 0) | 4 | (italicAngle != 0 || macItalic ? 64 : 0)
        stemV = 10 + 220 * max(0, weight - 50) / 900
        // fsType 2: restricted licence; bit 9: bitmap embedding only (no outlines may be embedded).
        if fsType & 0x000F == 0x0002 {
            embeddingRefusal = "its licence (OS/2 fsType) forbids embedding"
        } else if fsType & 0x0200 != 0 {
            embeddingRefusal = "its licence (OS/2 fsType) allows embedding bitmaps only"
        } else {
            embeddingRefusal = nil
        }
    }
}

/// Big-endian reads from a font table that answer `nil` past its end, so a short table is not a crash.
enum TableReader {
    static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    static func int16(_ bytes: [UInt8], _ offset: Int) -> Int16? {
        uint16(bytes, offset).map { Int16(bitPattern: $0) }
    }

    static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32? {
        guard let high = uint16(bytes, offset), let low = uint16(bytes, offset + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }

    static func int32(_ bytes: [UInt8], _ offset: Int) -> Int32? {
        uint32(bytes, offset).map { Int32(bitPattern: $0) }
    }
}
