/// The operators that draw one page's text, written as PDF content-stream bytes.
///
/// Text is shown as hex strings of two-byte glyph codes (`<0024004F> Tj`), each run at an absolute
/// text matrix: no position depends on a previous run, so rounding never accumulates along a line.
/// Positions are written to a ten-thousandth of a point.
struct ContentStream {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []
    /// Whether a text object (`BT`) is open.
    private(set) var isInText = false

    /// Creates an empty stream.
    init() {
        bytes.reserveCapacity(8192)
    }

    /// Opens a text object.
    mutating func beginText() {
        precondition(!isInText, "beginText() inside a text object")
        append("BT\n")
        isInText = true
    }

    /// Closes the open text object.
    mutating func endText() {
        precondition(isInText, "endText() without beginText()")
        append("ET\n")
        isInText = false
    }

    /// Selects the font with resource name `resource` (such as `F1`) at `size` points.
    mutating func setFont(resource: String, size: Double) {
        precondition(isInText, "setFont(resource:size:) outside a text object")
        bytes.append(UInt8(ascii: "/"))
        append(resource)
        bytes.append(UInt8(ascii: " "))
        ContentStream.append(size, to: &bytes)
        append(" Tf\n")
    }

    /// Draws glyph `codes` with the baseline origin of the first at (`x`, `y`) in PDF coordinates.
    mutating func showGlyphs(_ codes: [UInt16], x: Double, y: Double) {
        precondition(isInText, "showGlyphs(_:x:y:) outside a text object")
        guard !codes.isEmpty else { return }
        append("1 0 0 1 ")
        ContentStream.append(x, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        ContentStream.append(y, to: &bytes)
        append(" Tm\n<")
        for code in codes {
            bytes.append(ContentStream.hexDigits[Int(code >> 12)])
            bytes.append(ContentStream.hexDigits[Int((code >> 8) & 0xF)])
            bytes.append(ContentStream.hexDigits[Int((code >> 4) & 0xF)])
            bytes.append(ContentStream.hexDigits[Int(code & 0xF)])
        }
        append("> Tj\n")
    }

    /// Opens a marked-content span whose `/ActualText` is `text` (PDF 32000-1 §14.9.4): what a
    /// reader extracts for the glyphs inside, in place of their ToUnicode entries. Shaped text needs
    /// it — glyphs in visual order, joined forms and conjuncts — to read back as written.
    mutating func beginActualText(_ text: String) {
        append("/Span <</ActualText <FEFF")
        for unit in text.utf16 {
            bytes.append(ContentStream.hexDigits[Int(unit >> 12)])
            bytes.append(ContentStream.hexDigits[Int((unit >> 8) & 0xF)])
            bytes.append(ContentStream.hexDigits[Int((unit >> 4) & 0xF)])
            bytes.append(ContentStream.hexDigits[Int(unit & 0xF)])
        }
        append(">>> BDC\n")
    }

    /// Closes the marked-content span `beginActualText` opened.
    mutating func endMarkedContent() {
        append("EMC\n")
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Appends `value` rounded to four decimals, without trailing zeros or exponent (PDF has none).
    static func append(_ value: Double, to bytes: inout [UInt8]) {
        // Far beyond any page (14,400 pt); clamping keeps the integer conversion safe.
        let clamped = value.isFinite ? min(max(value, -1e9), 1e9) : 0
        var scaled = Int((clamped * 10_000).rounded())
        if scaled < 0 {
            bytes.append(UInt8(ascii: "-"))
            scaled = -scaled
        }
        appendDigits(scaled / 10_000, to: &bytes)
        var fraction = scaled % 10_000
        guard fraction != 0 else { return }
        bytes.append(UInt8(ascii: "."))
        var divisor = 1000
        while fraction != 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    private static func appendDigits(_ value: Int, to bytes: inout [UInt8]) {
        if value >= 10 { appendDigits(value / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
