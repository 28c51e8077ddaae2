#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A UTC calendar time for the PDF's CreationDate and ModDate.
///
/// Dates are only written when the caller asks for them (normally through `SOURCE_DATE_EPOCH`),
/// because a wall-clock date would make two renders of the same book differ.
struct PDFTimestamp: Hashable, Sendable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int

    /// The latest second a PDF date can express (9999-12-31T23:59:59Z).
    static let maximumEpoch: Int64 = 253_402_300_799

    /// Converts seconds since 1970-01-01 UTC; `nil` outside 0...`maximumEpoch`.
    init?(epochSeconds: Int64) {
        guard epochSeconds >= 0, epochSeconds <= PDFTimestamp.maximumEpoch else { return nil }
        var seconds = time_t(epochSeconds)
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return nil }
        year = Int(parts.tm_year) + 1900
        month = Int(parts.tm_mon) + 1
        day = Int(parts.tm_mday)
        hour = Int(parts.tm_hour)
        minute = Int(parts.tm_min)
        second = Int(parts.tm_sec)
    }

    /// Reads `SOURCE_DATE_EPOCH` (reproducible-builds.org): `nil` when unset or empty.
    ///
    /// - Throws: `PDFError.invalidSourceDateEpoch` for anything but a whole number in range, since
    ///   silently ignoring a malformed value would make the output quietly irreproducible.
    static func fromEnvironment() throws -> PDFTimestamp? {
        guard let raw = getenv("SOURCE_DATE_EPOCH") else { return nil }
        return try parse(sourceDateEpoch: String(cString: raw))
    }

    /// Parses a `SOURCE_DATE_EPOCH` value; `nil` for an empty one.
    static func parse(sourceDateEpoch value: String) throws -> PDFTimestamp? {
        guard !value.isEmpty else { return nil }
        guard value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let seconds = Int64(value), let timestamp = PDFTimestamp(epochSeconds: seconds)
        else {
            throw PDFError.invalidSourceDateEpoch(value)
        }
        return timestamp
    }

    /// The PDF date string libharu writes for this time, for tests and diagnostics.
    var pdfDateString: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let paddedYear = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "D:\(paddedYear)\(two(month))\(two(day))\(two(hour))\(two(minute))\(two(second))Z00'00'"
    }
}
