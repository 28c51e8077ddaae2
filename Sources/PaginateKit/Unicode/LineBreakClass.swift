/// A Unicode Line_Break property value (UAX #14, Unicode 15.0), as used by `LineBreakOpportunities`.
///
/// Raw values match the order in `Scripts/generate-unicode-tables.py`; regenerate the tables
/// whenever this order changes.
enum LineBreakClass: UInt8, Sendable, CaseIterable {
    /// Mandatory break after (e.g. FORM FEED, LINE SEPARATOR).
    case BK
    /// Carriage return.
    case CR
    /// Line feed.
    case LF
    /// Combining mark, attaches to the preceding character.
    case CM
    /// Next line (U+0085).
    case NL
    /// Surrogate; never produced by `of(_:)` (resolved to `AL` by LB1).
    case SG
    /// Word joiner: no break before or after.
    case WJ
    /// Zero-width space: break opportunity after.
    case ZW
    /// Non-breaking ("glue") characters.
    case GL
    /// Space.
    case SP
    /// Zero-width joiner.
    case ZWJ
    /// Break opportunity before and after, but not between two of them (em dash).
    case B2
    /// Break after.
    case BA
    /// Break before.
    case BB
    /// Hyphen-minus.
    case HY
    /// Contingent break opportunity (objects); breaks around it by default.
    case CB
    /// Closing punctuation.
    case CL
    /// Closing parenthesis.
    case CP
    /// Exclamation or interrogation.
    case EX
    /// Inseparable characters (leaders).
    case IN
    /// Nonstarters.
    case NS
    /// Opening punctuation.
    case OP
    /// Ambiguous quotation.
    case QU
    /// Infix numeric separator.
    case IS
    /// Numeric digits.
    case NU
    /// Postfix numeric (e.g. %).
    case PO
    /// Prefix numeric (e.g. $).
    case PR
    /// Symbols allowing a break after (solidus).
    case SY
    /// Ambiguous (alphabetic or ideographic); never produced by `of(_:)` (resolved to `AL`).
    case AI
    /// Aksara (Unicode 15.1 onwards); no Unicode 15.0 code point has it.
    case AK
    /// Alphabetic and symbols.
    case AL
    /// Aksara pre-base (Unicode 15.1 onwards); no Unicode 15.0 code point has it.
    case AP
    /// Aksara start (Unicode 15.1 onwards); no Unicode 15.0 code point has it.
    case AS
    /// Conditional Japanese starter; never produced by `of(_:)` (resolved to `NS`).
    case CJ
    /// Emoji base.
    case EB
    /// Emoji modifier.
    case EM
    /// Hangul LV syllable.
    case H2
    /// Hangul LVT syllable.
    case H3
    /// Hebrew letter.
    case HL
    /// Ideographic.
    case ID
    /// Hangul leading jamo.
    case JL
    /// Hangul vowel jamo.
    case JV
    /// Hangul trailing jamo.
    case JT
    /// Regional indicator.
    case RI
    /// Complex-context dependent (South East Asian); never produced by `of(_:)` (resolved by LB1).
    case SA
    /// Virama final (Unicode 15.1 onwards); no Unicode 15.0 code point has it.
    case VF
    /// Virama (Unicode 15.1 onwards); no Unicode 15.0 code point has it.
    case VI
    /// Unknown; never produced by `of(_:)` (resolved to `AL`).
    case XX

    /// The Line_Break class of a code point after UAX #14 rule LB1.
    ///
    /// The table already resolves AI, SG and XX to `AL`, SA to `CM` (general category Mn or Mc)
    /// or `AL`, and CJ to `NS`; unassigned code points get the file's documented defaults.
    /// Values above U+10FFFF are classified like U+FFFD.
    @inline(__always)
    static func of(_ scalar: UInt32) -> LineBreakClass {
        unpack(UnicodeTables.record(scalar))
    }
}
