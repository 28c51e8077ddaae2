import XCTest
@testable import PaginateKit

/// Latin-1, Windows-1252 and UTF-16 conversion to UTF-8, and the choice of encoding.
final class SourceDecoderTests: XCTestCase {
    private func scalars(_ bytes: [UInt8]) -> [UInt32] {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
    }

    func testLatin1IsTheCodePointOfEveryByte() {
        let original = (0...255).map(UInt8.init)
        let decoded = SingleByteDecoder.decode(original, windows1252: false)
        XCTAssertEqual(scalars(decoded.bytes), (0...255).map(UInt32.init))
        XCTAssertEqual(decoded.replacements, 0)
        XCTAssertEqual(decoded.bytes.count, 128 + 2 * 128)
        for byte in 0...256 {
            XCTAssertEqual(decoded.mapping.textOffset(ofOriginalOffset: byte), byte < 128 ? byte : 128 + 2 * (byte - 128))
        }
    }

    func testWindows1252HighRangeAndUndefinedBytes() {
        let original = (0x80...0x9F).map(UInt8.init) + [0xE9]
        let decoded = SingleByteDecoder.decode(original, windows1252: true)
        let result = scalars(decoded.bytes)
        XCTAssertEqual(result.count, 33)
        XCTAssertEqual(result[0x00], 0x20AC, "0x80 is the euro sign")
        XCTAssertEqual(result[0x12], 0x2019, "0x92 is the right single quotation mark")
        XCTAssertEqual(result[0x13], 0x201C)
        XCTAssertEqual(result[0x17], 0x2014, "0x97 is the em dash")
        XCTAssertEqual(result[0x1F], 0x0178)
        XCTAssertEqual(result[32], 0xE9, "above 0x9F it is Latin-1")
        let undefined = [0x81, 0x8D, 0x8F, 0x90, 0x9D]
        for byte in undefined { XCTAssertEqual(result[byte - 0x80], 0xFFFD, "0x\(String(byte, radix: 16)) is undefined") }
        XCTAssertEqual(result.filter { $0 == 0xFFFD }.count, 5)
        XCTAssertEqual(decoded.replacements, 5)
        XCTAssertTrue(decoded.mapping.isValid)
    }

    func testUTF16BothByteOrdersMatchSwift() {
        let text = "\u{FEFF}Caf\u{E9} \u{20AC}5 \u{1D11E} \u{6F22}\u{5B57}\nend"
        let units = Array(text.utf16)
        let little = units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for (bytes, bigEndian) in [(little, false), (big, true)] {
            let decoded = UTF16Decoder.decode(bytes, bigEndian: bigEndian)
            XCTAssertEqual(decoded.bytes, Array(text.utf8))
            XCTAssertEqual(decoded.replacements, 0)
            XCTAssertEqual(Array(decoded.bytes.prefix(3)), [0xEF, 0xBB, 0xBF], "the byte order mark stays, as UTF-8's")
            XCTAssertTrue(decoded.mapping.isValid)
            XCTAssertEqual(decoded.mapping.originalOffset(ofTextOffset: decoded.bytes.count), bytes.count)
            // The clef (a surrogate pair) is four bytes on both sides.
            let clef = Array(text.utf8).firstRange(of: Array("\u{1D11E}".utf8))!.lowerBound
            let clefOriginal = 2 * Array(text.utf16).firstIndex(of: 0xD834)!
            XCTAssertEqual(decoded.mapping.originalOffset(ofTextOffset: clef), clefOriginal)
            XCTAssertEqual(decoded.mapping.originalOffset(ofTextOffset: clef + 2), clefOriginal, "inside the character")
            XCTAssertEqual(decoded.mapping.textOffset(ofOriginalOffset: clefOriginal + 3), clef)
            XCTAssertEqual(decoded.mapping.originalOffset(ofTextOffset: clef + 4), clefOriginal + 4)
        }
    }

    func testUnpairedSurrogatesAndAnOddByteBecomeReplacements() {
        // A lone low surrogate, a high surrogate before a letter, "A", a high surrogate at the end, an odd byte.
        let original: [UInt8] = [0x00, 0xDC, 0x00, 0xD8, 0x41, 0x00, 0x00, 0xD8, 0x42]
        let decoded = UTF16Decoder.decode(original, bigEndian: false)
        XCTAssertEqual(scalars(decoded.bytes), [0xFFFD, 0xFFFD, 0x41, 0xFFFD, 0xFFFD])
        XCTAssertEqual(decoded.replacements, 4)
        XCTAssertTrue(decoded.mapping.isValid)
        XCTAssertEqual(decoded.mapping.originalOffset(ofTextOffset: 6), 4, "A is the third unit")
        XCTAssertEqual(decoded.mapping.originalOffset(ofTextOffset: 10), 8, "the odd byte's replacement")
        XCTAssertEqual(decoded.mapping.originalOffset(ofTextOffset: 13), 9)
        let single = UTF16Decoder.decode([0x41], bigEndian: false)
        XCTAssertEqual(scalars(single.bytes), [0xFFFD])
        XCTAssertEqual(single.replacements, 1)
    }

    func testEncodingRequestResolution() {
        let le: [UInt8] = [0xFF, 0xFE, 0x41, 0x00]
        let be: [UInt8] = [0xFE, 0xFF, 0x00, 0x41]
        let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF, 0x41]
        XCTAssertEqual(EncodingRequest.auto.resolve(for: le), .utf16LE)
        XCTAssertEqual(EncodingRequest.auto.resolve(for: be), .utf16BE)
        XCTAssertEqual(EncodingRequest.auto.resolve(for: utf8BOM), .utf8)
        XCTAssertEqual(EncodingRequest.auto.resolve(for: Array("plain".utf8)), .utf8)
        XCTAssertEqual(EncodingRequest.auto.resolve(for: []), .utf8)
        XCTAssertEqual(EncodingRequest.auto.resolve(for: [0xFF]), .utf8)
        XCTAssertEqual(EncodingRequest.utf16.resolve(for: le), .utf16LE)
        XCTAssertEqual(EncodingRequest.utf16.resolve(for: Array("ab".utf8)), .utf16BE, "no mark: big-endian")
        XCTAssertEqual(EncodingRequest.utf16BE.resolve(for: le), .utf16BE, "an explicit order wins over the mark")
        XCTAssertEqual(EncodingRequest.utf8.resolve(for: le), .utf8)
        XCTAssertEqual(EncodingRequest.latin1.resolve(for: le), .latin1)
        XCTAssertEqual(EncodingRequest.cp1252.resolve(for: []), .cp1252)
    }

    func testDiagnosticsNameTheEncoding() {
        var diagnostics = TextDiagnostics()
        diagnostics.undecodableSequences = 2
        diagnostics.sourceEncoding = .utf16LE
        XCTAssertEqual(diagnostics.summary, "2 invalid UTF-16LE sequences replaced by U+FFFD")
        diagnostics.sourceEncoding = .cp1252
        diagnostics.undecodableSequences = 1
        var layout = TextDiagnostics()
        layout.hiddenControls = 3
        XCTAssertEqual(diagnostics.adding(layout).summary, "1 byte undefined in CP1252 replaced by U+FFFD; 3 control characters not drawn")
        XCTAssertFalse(diagnostics.isEmpty)
    }
}
