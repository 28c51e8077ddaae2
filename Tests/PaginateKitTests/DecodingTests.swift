import XCTest
@testable import PaginateKit

/// Decoding of the source bytes: invalid UTF-8, the byte order mark, line terminators and offsets.
final class DecodingTests: XCTestCase {
    private let fffd: UInt32 = 0xFFFD

    private func decode(_ bytes: [UInt8]) -> DecodedText { DecodedText(bytes: bytes) }

    /// The source as the engine's scanner and decoder see it: lines, and their content decoded.
    struct DecodedText {
        struct Line {
            var content: Range<Int>
            var startOffset: Int
            var terminatorOffset: Int
            var terminator: SourceLine.Terminator
        }
        var scalars: [UInt32] = []
        var offsets: [Int] = []
        var lines: [Line] = []
        var invalidSequences = 0
        let length: Int

        init(bytes: [UInt8]) {
            length = bytes.count
            bytes.withUnsafeBufferPointer { buffer in
                var scanner = SourceLineScanner(buffer)
                while let line = scanner.next() {
                    let first = scalars.count
                    var index = line.start
                    while index < line.contentEnd {
                        let (scalar, count) = UTF8Decoding.decode(buffer, at: index)
                        if UTF8Decoding.isReplacement(scalar, length: count, lead: buffer[index]) { invalidSequences += 1 }
                        scalars.append(scalar)
                        offsets.append(index)
                        index += count
                    }
                    lines.append(
                        Line(
                            content: first..<scalars.count, startOffset: line.start,
                            terminatorOffset: line.contentEnd, terminator: line.terminator))
                }
            }
        }
    }

    private func lineTexts(_ text: DecodedText) -> [String] {
        text.lines.map { UnitSupport.string(Array(text.scalars[$0.content])) }
    }

    // MARK: Invalid UTF-8

    func testStrayContinuationByteIsOneReplacement() {
        let text = decode([0x61, 0x80, 0x62])
        XCTAssertEqual(text.scalars, [0x61, fffd, 0x62])
        XCTAssertEqual(text.offsets, [0, 1, 2])
        XCTAssertEqual(text.invalidSequences, 1)
    }

    func testOverlongTwoByteSequenceGivesOneReplacementPerByte() {
        // C0 can never start a sequence, so C0 and 80 are two maximal invalid subparts.
        let text = decode([0x61, 0xC0, 0x80, 0x62])
        XCTAssertEqual(text.scalars, [0x61, fffd, fffd, 0x62])
        XCTAssertEqual(text.offsets, [0, 1, 2, 3])
        XCTAssertEqual(text.invalidSequences, 2)
    }

    func testOverlongThreeByteSequence() {
        // E0 80 80 (overlong NUL): E0 requires A0…BF next, so each byte is its own subpart.
        let text = decode([0xE0, 0x80, 0x80])
        XCTAssertEqual(text.scalars, [fffd, fffd, fffd])
        XCTAssertEqual(text.invalidSequences, 3)
    }

    func testEncodedSurrogateIsThreeReplacements() {
        // ED A0 80 would be U+D800: ED allows only 80…9F next.
        let text = decode([0x61, 0xED, 0xA0, 0x80, 0x62])
        XCTAssertEqual(text.scalars, [0x61, fffd, fffd, fffd, 0x62])
        XCTAssertEqual(text.offsets, [0, 1, 2, 3, 4])
        XCTAssertEqual(text.invalidSequences, 3)
    }

    func testTruncatedSequenceAtEndOfText() {
        // E2 82 (the start of €) cut off by the end of the file: one maximal subpart.
        let text = decode([0x61, 0xE2, 0x82])
        XCTAssertEqual(text.scalars, [0x61, fffd])
        XCTAssertEqual(text.offsets, [0, 1])
        XCTAssertEqual(text.invalidSequences, 1)

        let four = decode([0xF0, 0x9F, 0x98])  // three of the four bytes of U+1F600
        XCTAssertEqual(four.scalars, [fffd])
        XCTAssertEqual(four.invalidSequences, 1)
    }

    func testTruncatedSequenceBeforeASCII() {
        // E2 82 followed by a valid byte: the valid byte survives.
        let text = decode([0xE2, 0x82, 0x41])
        XCTAssertEqual(text.scalars, [fffd, 0x41])
        XCTAssertEqual(text.offsets, [0, 2])
        XCTAssertEqual(text.invalidSequences, 1)
    }

    func testBytesF5AndAboveAreInvalidLeads() {
        let text = decode([0xF5, 0x80, 0x80, 0x80, 0xFF, 0xFE, 0x61])
        XCTAssertEqual(text.scalars, [fffd, fffd, fffd, fffd, fffd, fffd, 0x61])
        XCTAssertEqual(text.invalidSequences, 6)
        // F4 90 … would be above U+10FFFF.
        let above = decode([0xF4, 0x90, 0x80, 0x80])
        XCTAssertEqual(above.scalars, [fffd, fffd, fffd, fffd])
        XCTAssertEqual(above.invalidSequences, 4)
    }

    func testValidMultibyteSequencesDecode() {
        let text = decode(Array("é€😀".utf8))
        XCTAssertEqual(text.scalars, [0xE9, 0x20AC, 0x1F600])
        XCTAssertEqual(text.offsets, [0, 2, 5])
        XCTAssertEqual(text.invalidSequences, 0)
    }

    func testLiteralReplacementCharacterIsNotCountedAsInvalid() {
        let text = decode(Array("a\u{FFFD}b".utf8))
        XCTAssertEqual(text.scalars, [0x61, fffd, 0x62])
        XCTAssertEqual(text.invalidSequences, 0)
    }

    func testInvalidSequencesReachTheDiagnostics() {
        let bytes: [UInt8] = [0x61, 0x80, 0x20, 0xC0, 0x80, 0x20, 0xED, 0xA0, 0x80, 0x20, 0xF5, 0x20, 0xE2, 0x82]
        for mode in ParagraphMode.allCases {
            let (paragraphs, diagnostics) = TextStorage(bytes: bytes).paragraphs(mode: mode)
            XCTAssertEqual(diagnostics.invalidSequences, 1 + 2 + 3 + 1 + 1, "mode \(mode)")
            XCTAssertEqual(paragraphs.flatMap(\.scalars).filter { $0 == fffd }.count, 8, "mode \(mode)")
            XCTAssertNotNil(diagnostics.summary)
        }
    }

    // MARK: Byte order mark

    func testByteOrderMarkIsSkippedButOffsetsCountIt() {
        let text = decode([0xEF, 0xBB, 0xBF, 0x61, 0x62])
        XCTAssertEqual(text.scalars, [0x61, 0x62])
        XCTAssertEqual(text.offsets, [3, 4])
        XCTAssertEqual(text.invalidSequences, 0)
        XCTAssertEqual(text.length, 5)

        let (paragraphs, _) = TextStorage(bytes: [0xEF, 0xBB, 0xBF, 0x61, 0x62]).paragraphs(mode: .lines)
        XCTAssertEqual(paragraphs.map { UnitSupport.string($0.scalars) }, ["ab"])
        XCTAssertEqual(paragraphs[0].offsets, [3, 4])
    }

    func testByteOrderMarkOnlyAtTheStart() {
        // A U+FEFF in the middle is a character (ZWNBSP), not skipped.
        let text = decode(Array("a\u{FEFF}b".utf8))
        XCTAssertEqual(text.scalars, [0x61, 0xFEFF, 0x62])
    }

    func testByteOrderMarkAloneGivesOneEmptyLine() {
        let text = decode([0xEF, 0xBB, 0xBF])
        XCTAssertEqual(text.scalars, [])
        XCTAssertEqual(text.lines.count, 1)
        XCTAssertEqual(text.lines[0].terminator, .endOfText)
    }

    // MARK: Line terminators

    func testAllLineTerminators() {
        // LF, CRLF (one break), CR, NEL (C2 85), U+2028, U+2029.
        let source = "a\nb\r\nc\rd\u{85}e\u{2028}f\u{2029}g"
        let text = decode(Array(source.utf8))
        XCTAssertEqual(lineTexts(text), ["a", "b", "c", "d", "e", "f", "g"])
        XCTAssertEqual(
            text.lines.map(\.terminator),
            [.lineBreak, .lineBreak, .lineBreak, .lineBreak, .lineBreak, .lineBreak, .endOfText])
        // Byte offsets: a=0 LF=1 b=2 CR=3 LF=4 c=5 CR=6 d=7 NEL=8,9 e=10 LS=11…13 f=14 PS=15…17 g=18.
        XCTAssertEqual(text.lines.map(\.startOffset), [0, 2, 5, 7, 10, 14, 18])
        XCTAssertEqual(text.lines.map(\.terminatorOffset), [1, 3, 6, 8, 11, 15, 19])
        XCTAssertEqual(text.offsets, [0, 2, 5, 7, 10, 14, 18])
        XCTAssertEqual(text.invalidSequences, 0)
    }

    func testCRLFIsOneBreakAndCRCRIsTwo() {
        XCTAssertEqual(lineTexts(decode(Array("a\r\n\r\nb".utf8))), ["a", "", "b"])
        XCTAssertEqual(lineTexts(decode(Array("a\r\rb".utf8))), ["a", "", "b"])
        XCTAssertEqual(lineTexts(decode(Array("a\n\rb".utf8))), ["a", "", "b"])
    }

    func testTrailingBreakDoesNotAddALine() {
        XCTAssertEqual(lineTexts(decode(Array("a\n".utf8))), ["a"])
        XCTAssertEqual(lineTexts(decode(Array("a\n\n".utf8))), ["a", ""])
        XCTAssertEqual(lineTexts(decode([])), [""])
    }

    func testFormFeedEndsALineAndMarksAPageBreak() {
        let text = decode(Array("ab\u{0C}cd\nef".utf8))
        XCTAssertEqual(lineTexts(text), ["ab", "cd", "ef"])
        XCTAssertEqual(text.lines.map(\.terminator), [.formFeed, .lineBreak, .endOfText])
        XCTAssertEqual(text.lines[1].startOffset, 3)
        XCTAssertEqual(text.lines[0].terminatorOffset, 2)
        // The form feed is a terminator, never content.
        XCTAssertFalse(text.scalars.contains(0x0C))

        let (paragraphs, diagnostics) = TextStorage("ab\u{0C}cd").paragraphs(mode: .lines)
        XCTAssertEqual(paragraphs.map(\.breaksPageAfter), [true, false])
        XCTAssertEqual(diagnostics.hiddenControls, 0, "a form feed is not a hidden control")
    }

    func testOffsetsAreByteOffsetsIntoTheOriginalBytes() {
        // Mixed widths, an invalid byte and a CRLF: every scalar remembers its first byte.
        var bytes = Array("ñ€".utf8)  // 2 + 3 bytes
        bytes.append(0xFF)  // invalid, 1 byte
        bytes += Array("\r\nx😀y".utf8)  // CRLF, x, 4-byte emoji, y
        let text = decode(bytes)
        XCTAssertEqual(text.scalars, [0xF1, 0x20AC, fffd, 0x78, 0x1F600, 0x79])
        XCTAssertEqual(text.offsets, [0, 2, 5, 8, 9, 13])
        XCTAssertEqual(text.length, bytes.count)
        XCTAssertEqual(text.lines.map(\.startOffset), [0, 8])
        XCTAssertEqual(text.lines[0].terminatorOffset, 6)
        for (scalar, offset) in zip(text.scalars, text.offsets) where scalar != fffd && scalar < 0x80 {
            XCTAssertEqual(UInt32(bytes[offset]), scalar)
        }
    }
}
