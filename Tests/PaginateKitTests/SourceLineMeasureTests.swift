import XCTest
@testable import PaginateKit

/// The line scanner's word-at-a-time fast path measures lines exactly as one code point at a time.
final class SourceLineMeasureTests: XCTestCase {
    func testWordClassificationMatchesEachByte() {
        for fill in [UInt8(ascii: "a"), UInt8(ascii: " "), 0x7E, 0x20] {
            for position in 0..<8 {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: fill, count: 8)
                    bytes[position] = UInt8(value)
                    let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
                    XCTAssertEqual(
                        SourceLineScanner.isPrintableASCII(word), bytes.allSatisfy { (0x20...0x7E).contains($0) },
                        "byte \(value) at \(position) among \(fill)")
                    var spaces: UInt64 = 0
                    for (index, byte) in bytes.enumerated() where byte == 0x20 { spaces |= 0x80 << (8 * UInt64(index)) }
                    XCTAssertEqual(SourceLineScanner.spaceBytes(word), spaces, "byte \(value) at \(position) among \(fill)")
                }
            }
        }
    }

    /// What the scanner reports, measured one code point at a time.
    private struct Measured: Equatable {
        var start = 0, contentEnd = 0, width = 0, firstWordWidth = 0
        var isBlank = true, isIndented = false, startsWide = false, endsWide = false
    }

    private func reference(_ bytes: UnsafeBufferPointer<UInt8>, _ line: SourceLine) -> Measured {
        var measured = Measured(start: line.start, contentEnd: line.contentEnd)
        var cells = 0, trailing = 0
        var inFirstWord = true
        var first: UInt32?
        var last: UInt32 = 0
        var index = line.start
        while index < line.contentEnd {
            let (scalar, length) = UTF8Decoding.decode(bytes, at: index)
            index += length
            let isSpace = scalar == 0x20 || scalar == 0x09 || scalar == 0x3000
            let cell = scalar == 0x09 ? 8 - (cells % 8) : (scalar == 0x20 ? 1 : CellWidth.of(scalar))
            if first == nil { first = scalar }
            last = scalar
            cells += cell
            trailing = isSpace ? trailing + cell : 0
            if !isSpace { measured.isBlank = false }
            if inFirstWord {
                if scalar == 0x20 || scalar == 0x09 {
                    inFirstWord = false
                } else if scalar >= 0x80 && CellWidth.isWide(scalar) {
                    if measured.firstWordWidth == 0 { measured.firstWordWidth = cell }
                    inFirstWord = false
                } else {
                    measured.firstWordWidth += cell
                }
            }
        }
        measured.width = cells - trailing
        measured.isIndented = first.map { $0 == 0x20 || $0 == 0x09 || $0 == 0x3000 } ?? false
        measured.startsWide = first.map(CellWidth.isWide) ?? false
        measured.endsWide = first == nil ? false : CellWidth.isWide(last)
        return measured
    }

    func testRandomLinesMeasureAsOneCodePointAtATime() {
        let pieces: [[UInt8]] = [
            Array("word".utf8), Array("a".utf8), Array(" ".utf8), Array("        ".utf8), Array("\t".utf8),
            Array("漢字".utf8), Array("\u{3000}".utf8), Array("é".utf8), [0xFF], [0x7F], [0x01],
            Array("\n".utf8), Array("\r\n".utf8), Array("\u{0C}".utf8), Array("quite-long,words!".utf8),
        ]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            var text: [UInt8] = []
            for _ in 0..<Int.random(in: 0...120, using: &generator) { text += pieces.randomElement(using: &generator)! }
            text.withUnsafeBufferPointer { buffer in
                var scanner = SourceLineScanner(buffer)
                while let line = scanner.next() {
                    let got = Measured(
                        start: line.start, contentEnd: line.contentEnd, width: line.width, firstWordWidth: line.firstWordWidth,
                        isBlank: line.isBlank, isIndented: line.isIndented, startsWide: line.startsWide, endsWide: line.endsWide)
                    XCTAssertEqual(got, reference(buffer, line), "round \(round): \(text)")
                }
            }
        }
    }
}
