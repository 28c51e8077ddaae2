/// A PDF object described as a value, so that font and other dictionaries can be built (and
/// tested) without the PDF library; `PDFDocument` alone turns them into library objects.
indirect enum PDFObject {
    /// A name such as `/Type0` (given without the slash).
    case name(String)
    /// An integer.
    case integer(Int)
    /// A real number.
    case real(Double)
    /// A string of ASCII text, such as `(Adobe)`.
    case string(String)
    /// An array of objects, written in order.
    case array([PDFObject])
    /// A dictionary; entries are written in the order given, which keeps output reproducible.
    case dictionary([PDFEntry])
    /// A stream: its dictionary entries (without `Length` and `Filter`, which the writer adds),
    /// its decoded bytes, and whether to compress them.
    case stream([PDFEntry], data: [UInt8], compressed: Bool)
    /// An object written once, on its own, and referred to where it appears (`n 0 R`). Streams
    /// are always written so; other objects only when the PDF requires a reference.
    case reference(PDFObject)

}

/// One key and value of a PDF dictionary.
struct PDFEntry {
    /// The key, a name given without the slash.
    let key: String
    /// The value.
    let value: PDFObject

    /// Creates an entry.
    init(_ key: String, _ value: PDFObject) {
        self.key = key
        self.value = value
    }
}
