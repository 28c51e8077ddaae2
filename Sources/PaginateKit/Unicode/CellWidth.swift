/// Terminal cell widths for plain-text output: East Asian Wide/Fullwidth → 2, combining marks
/// (general category Mn, Me), ZWJ/ZW format controls (Cf), and other zero-width characters → 0, others → 1.
///
/// "Other zero-width characters" are controls (Cc), line and paragraph separators (Zl, Zp),
/// conjoining Hangul vowels and final consonants, and unassigned default-ignorable code points.
/// Ambiguous-width (EAW A) characters count as narrow, as in non-East-Asian locales.
package enum CellWidth {
    /// The number of terminal cells a code point occupies: 0, 1 or 2.
    @inline(__always)
    package static func of(_ scalar: UInt32) -> Int {
        let record = UnicodeTables.record(scalar)
        if record & 0x100 != 0 { return 0 }
        return (record >> 6) & 3 == 2 ? 2 : 1
    }

    /// The sum of the cell widths of the string's Unicode scalars.
    package static func of(_ string: String) -> Int {
        var total = 0
        for scalar in string.unicodeScalars {
            total += of(scalar.value)
        }
        return total
    }

    /// Whether the code point is East Asian Wide or Fullwidth (EAW W or F), whatever its cell width.
    ///
    /// Text in such scripts is written without spaces between words, so hard-wrapped lines of it
    /// are rejoined without inserting one.
    @inline(__always)
    package static func isWide(_ scalar: UInt32) -> Bool {
        (UnicodeTables.record(scalar) >> 6) & 3 == 2
    }
}
