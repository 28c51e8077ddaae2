/// JSON literals written by hand, so the page map keeps a fixed key order and layout without a
/// round trip through `JSONEncoder`.
enum JSONText {
    /// A JSON string literal. Quotes, backslashes and control characters are escaped, as RFC 8259
    /// requires; everything else is written as UTF-8, which keeps non-ASCII file names readable.
    static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A JSON number: integral values without a fraction (`36`, not `36.0`), others in the shortest
    /// form that reads back exactly. JSON has no NaN or infinity; they become `null`, although
    /// validated settings never contain them.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        // Beyond 2^53 not every integer is a Double, and `Int(value)` could overflow.
        if value == value.rounded(), abs(value) < 9.0e15 {
            return String(Int(value))
        }
        // Swift writes large and tiny values with exponents ("1e-07", "1e+16"), which JSON accepts.
        return String(value)
    }
}
