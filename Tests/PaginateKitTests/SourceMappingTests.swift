import XCTest
@testable import PaginateKit

/// The mapping between laid-out (UTF-8) offsets and offsets into the original file.
final class SourceMappingTests: XCTestCase {
    /// Every character boundary of a decoded text, on both sides, as pairs (text, original).
    private func boundaries(of original: [UInt8], decoded: DecodedText, unitWidths: [(text: Int, original: Int)]) -> [(Int, Int)] {
        var pairs = [(0, 0)]
        var t = 0, o = 0
        for width in unitWidths {
            t += width.text
            o += width.original
            pairs.append((t, o))
        }
        XCTAssertEqual(t, decoded.bytes.count)
        XCTAssertEqual(o, original.count)
        return pairs
    }

    func testIdentityMapsEveryOffsetToItself() {
        let mapping = SourceMapping.identity(length: 10)
        XCTAssertTrue(mapping.isIdentity)
        XCTAssertTrue(mapping.isValid)
        XCTAssertEqual(mapping.runCount, 1)
        for offset in 0...10 {
            XCTAssertEqual(mapping.originalOffset(ofTextOffset: offset), offset)
            XCTAssertEqual(mapping.textOffset(ofOriginalOffset: offset), offset)
        }
        XCTAssertNil(mapping.textOffset(ofOriginalOffset: 11))
        XCTAssertNil(mapping.textOffset(ofOriginalOffset: -1))
        XCTAssertEqual(mapping.originalRange, 0..<10)
        XCTAssertFalse(mapping.leavesOutPartOfFile)
    }

    func testEmptyInput() {
        let mapping = SourceMapping.identity(length: 0)
        XCTAssertTrue(mapping.isIdentity)
        XCTAssertEqual(mapping.runCount, 0)
        XCTAssertEqual(mapping.textLength, 0)
        XCTAssertEqual(mapping.originalOffset(ofTextOffset: 0), 0)
        XCTAssertEqual(mapping.textOffset(ofOriginalOffset: 0), 0)
        XCTAssertNil(mapping.textOffset(ofOriginalOffset: 1))
        for decoded in [SingleByteDecoder.decode([], windows1252: false), UTF16Decoder.decode([], bigEndian: false)] {
            XCTAssertEqual(decoded.bytes, [])
            XCTAssertEqual(decoded.mapping.textLength, 0)
            XCTAssertEqual(decoded.mapping.originalLength, 0)
            XCTAssertTrue(decoded.mapping.isValid)
        }
    }

    func testLatin1WithAFewAccentsStaysCompact() {
        var original = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000)
        for k in stride(from: 5_000, to: 100_000, by: 10_000) { original[k] = 0xE9 }  // é, ten times
        let decoded = SingleByteDecoder.decode(original, windows1252: false)
        XCTAssertEqual(decoded.bytes.count, 100_010)
        XCTAssertEqual(decoded.mapping.runCount, 21, "ten accents split the ASCII into eleven runs")
        XCTAssertTrue(decoded.mapping.isValid)
        XCTAssertFalse(decoded.mapping.isIdentity)
        // The second accent: original 15000, text 15001 (one accent before it took two bytes).
        XCTAssertEqual(decoded.mapping.originalOffset(ofTextOffset: 15_001), 15_000)
        XCTAssertEqual(decoded.mapping.originalOffset(ofTextOffset: 15_002), 15_000, "inside é: its start")
        XCTAssertEqual(decoded.mapping.originalOffset(ofTextOffset: 15_003), 15_001)
        XCTAssertEqual(decoded.mapping.textOffset(ofOriginalOffset: 15_000), 15_001)
        XCTAssertEqual(decoded.mapping.textOffset(ofOriginalOffset: 15_001), 15_003)
        XCTAssertEqual(decoded.mapping.originalOffset(ofTextOffset: 100_010), 100_000, "the end maps to the end")
    }

    func testRoundTripsAtEveryBoundaryAndInsideCharacters() {
        // UTF-16LE: ASCII (1:2), é (2:2), € (3:2), a surrogate pair (4:4), an unpaired surrogate (3:2), an odd byte (3:1).
        let original: [UInt8] = [0x41, 0x00, 0xE9, 0x00, 0xAC, 0x20, 0x34, 0xD8, 0x1E, 0xDD, 0x00, 0xDC, 0x42, 0x00, 0x43]
        let decoded = UTF16Decoder.decode(original, bigEndian: false)
        let widths = [(1, 2), (2, 2), (3, 2), (4, 4), (3, 2), (1, 2), (3, 1)].map { (text: $0.0, original: $0.1) }
        let pairs = boundaries(of: original, decoded: decoded, unitWidths: widths)
        let mapping = decoded.mapping
        XCTAssertTrue(mapping.isValid)
        for (t, o) in pairs {
            XCTAssertEqual(mapping.originalOffset(ofTextOffset: t), o)
            XCTAssertEqual(mapping.textOffset(ofOriginalOffset: o), t)
        }
        for (index, (t, o)) in pairs.dropLast().enumerated() {
            let (nextT, nextO) = pairs[index + 1]
            for inside in t..<nextT { XCTAssertEqual(mapping.originalOffset(ofTextOffset: inside), o, "text \(inside)") }
            for inside in o..<nextO { XCTAssertEqual(mapping.textOffset(ofOriginalOffset: inside), t, "original \(inside)") }
        }
        // Monotonic in both directions.
        var previous = 0
        for t in 0...mapping.textLength {
            let o = mapping.originalOffset(ofTextOffset: t)
            XCTAssertGreaterThanOrEqual(o, previous)
            previous = o
        }
    }

    func testRestrictingComposesWithDecoding() {
        let text = "ab\u{E9}cd\u{E9}\u{E9}ef"
        let original = Array(text.unicodeScalars.map { UInt8($0.value) })  // Latin-1
        let full = SingleByteDecoder.decode(original, windows1252: false).mapping
        // Text bytes: a b é(2) c d é(2) é(2) e f = 12; keep "cdé" = text 4..<8, original 3..<6.
        let part = full.restricted(toText: 4..<8)
        XCTAssertTrue(part.isValid)
        XCTAssertEqual(part.textLength, 4)
        XCTAssertEqual(part.originalRange, 3..<6)
        XCTAssertEqual(part.originalLength, original.count)
        XCTAssertTrue(part.leavesOutPartOfFile)
        for t in 0...4 { XCTAssertEqual(part.originalOffset(ofTextOffset: t), full.originalOffset(ofTextOffset: t + 4)) }
        XCTAssertNil(part.textOffset(ofOriginalOffset: 2), "before the part")
        XCTAssertNil(part.textOffset(ofOriginalOffset: 7), "after the part")
        XCTAssertEqual(part.textOffset(ofOriginalOffset: 6), 4, "the part's end")
        XCTAssertEqual(part.textOffset(ofOriginalOffset: 5), 2)
        let empty = full.restricted(toText: 4..<4)
        XCTAssertEqual(empty.textLength, 0)
        XCTAssertEqual(empty.originalRange, 3..<3)
        XCTAssertTrue(empty.isValid)
    }

    func testBuilderMergesEqualNeighbours() {
        var builder = SourceMapping.Builder()
        builder.append(count: 3, textStride: 1, originalStride: 2)
        builder.append(textStride: 1, originalStride: 2)
        builder.append(textStride: 3, originalStride: 2)
        builder.append(textStride: 1, originalStride: 2)
        let mapping = builder.mapping(originalLength: 12)
        XCTAssertEqual(mapping.runCount, 3)
        XCTAssertEqual(mapping.textLength, 8)
        XCTAssertEqual(mapping.originalRange, 0..<12)
        XCTAssertTrue(mapping.isValid)
    }
}
