import Foundation
import TestSupport

/// Files the bad-input cases need and cannot take from the machine: fonts of the wrong kind, a
/// TrueType collection, and reproducible pseudo-random bytes.
enum BadInputFixtures {
    /// The bundled primary font.
    static var bundledFont: URL { Repository.url("Fonts/DejaVuSerif.ttf") }

    /// A 688-byte OpenType font with CFF (PostScript) outlines: sfnt version `OTTO`, glyphs
    /// .notdef, space and A, mapped from U+0020 and U+0041. Made with fontTools' FontBuilder
    /// (`isTTF=False`, 1000 units per em); FreeType opens it and the PDF embeds it.
    static let cffFont: Data = Data(
        base64Encoded: [
            "T1RUTwAJAIAAAwAQQ0ZGIDEdnsIAAAI0AAAAbk9TLzJE/0SIAAABAAAAAGBjbWFwAHQAXAAAAdgAAAA8aGVhZC++EEIAAACc",
            "AAAANmhoZWEFegHGAAAA1AAAACRobXR4BaoAZAAAAqQAAAAMbWF4cAADUAAAAAD4AAAABm5hbWUPvSnsAAABYAAAAHhwb3N0",
            "AAMAAAAAAhQAAAAgAAEAAAABAABkbv/9Xw889QADA+gAAAAA5yfmUwAAAADnJ+ZTADIAAAImArwAAAADAAIAAAAAAAAAAQAA",
            "AyD/OAAAAlgAMgAyAiYAAQAAAAAAAAAAAAAAAAAAAAMAAFAAAAMAAAADAeMBkAAFAAQAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAEAAAAAAAAAAAAAAAA/Pz8/AAAAIABBAyAAAAAAAyAAyAAAAAAAAAAAAAAAAAAAACAAAAAAAAQANgAB",
            "AAAAAAABAA8AAAABAAAAAAACAAcADwADAAEECQABAB4AFgADAAEECQACAA4ANFBhZ2luYXRlVGVzdENGRlJlZ3VsYXIAUABh",
            "AGcAaQBuAGEAdABlAFQAZQBzAHQAQwBGAEYAUgBlAGcAdQBsAGEAcgAAAAIAAAADAAAAFAADAAEAAAAUAAQAKAAAAAYABAAB",
            "AAIAIABB//8AAAAgAEH////h/8EAAQAAAAAAAAADAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAEAQABAQEQUGFn",
            "aW5hdGVUZXN0Q0ZGAAEBARP4GwK9i/i6+VAF0g+L9wIS1xEAAQEBElBhZ2luYXRlIFRlc3QgQ0ZGAAAAAAEAIgADAQENEBz4",
            "7L0W+Ij5UPyIBg73jg747L0W+Ij5UPyIBg4AAAJYADIA+gAAAlgAMg==",
        ].joined())!

    /// A TrueType collection holding one face, the bundled primary font: the `ttcf` header
    /// (version 1.0, one font, its offset table at byte 16) followed by the font, whose table
    /// offsets move by the 16 header bytes.
    static func collection() throws -> Data {
        var font = [UInt8](try Data(contentsOf: bundledFont))
        let header = 16
        func read32(_ at: Int) -> UInt32 { font[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
        func write32(_ value: UInt32, _ at: Int) {
            for index in 0..<4 { font[at + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * UInt32(index))) }
        }
        let tables = Int(font[4]) << 8 | Int(font[5])
        for table in 0..<tables {
            let record = 12 + 16 * table
            write32(read32(record + 8) + UInt32(header), record + 8)
        }
        var collection: [UInt8] = Array("ttcf".utf8) + [0, 1, 0, 0] + [0, 0, 0, 1] + [0, 0, 0, UInt8(header)]
        collection += font
        return Data(collection)
    }

    /// `count` pseudo-random bytes, the same on every run (a 64-bit linear congruential generator).
    static func randomBytes(_ count: Int, seed: UInt64 = 0x5DEECE66D) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    /// The UTF-8 bytes of `text`.
    static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Makes a FIFO at `url`.
    static func makeFIFO(_ url: URL) throws {
        guard mkfifo(url.path, 0o644) == 0 else {
            throw ProcessFailure(description: "mkfifo \(url.path): \(String(cString: strerror(errno)))")
        }
    }
}
