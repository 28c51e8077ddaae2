/// A ToUnicode CMap: the text each glyph code of a font stands for, so that text can be
/// searched, copied and extracted from the PDF.
///
/// Written as the CMap specification (Adobe technical note 5411) and PDF 32000-1 §9.10.3 ask:
/// two-byte codes, one code-space range, `bfchar` blocks of at most 100 entries, and text as
/// UTF-16BE, with surrogate pairs for characters beyond the Basic Multilingual Plane.
struct ToUnicodeCMap {
    /// Each code and its text, in ascending code order.
    let entries: [(code: UInt16, text: String)]

    /// The largest number of entries the specification allows in one `beginbfchar` block.
    static let blockLimit = 100

    /// Creates the map; `entries` may come in any order, one entry per code.
    init(_ entries: [(code: UInt16, text: String)]) {
        self.entries = entries.sorted { $0.code < $1.code }
    }

    /// The CMap program.
    var bytes: [UInt8] {
        var text = """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <FFFF>
            endcodespacerange

            """
        var start = 0
        while start < entries.count {
            let block = entries[start..<min(start + ToUnicodeCMap.blockLimit, entries.count)]
            text += "\(block.count) beginbfchar\n"
            for entry in block {
                text += "<\(ToUnicodeCMap.hex(entry.code))> <\(ToUnicodeCMap.utf16Hex(entry.text))>\n"
            }
            text += "endbfchar\n"
            start += ToUnicodeCMap.blockLimit
        }
        text += """
            endcmap
            CMapName currentdict /CMap defineresource pop
            end
            end

            """
        return Array(text.utf8)
    }

    /// Four upper-case hex digits.
    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// The text as UTF-16BE code units in hex; an empty text maps to U+FFFD, as an empty
    /// destination string is not allowed.
    static func utf16Hex(_ text: String) -> String {
        let units = text.isEmpty ? [0xFFFD] : Array(text.utf16)
        return units.map(hex).joined()
    }
}
