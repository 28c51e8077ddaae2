import XCTest
@testable import PaginateKit

/// `TextStorage.byteOffset(ofScalar:)`, `byteOffset(ofLine:)` and `occurrences(of:limit:)`
/// against independent computations.
final class QueryTextLocationTests: XCTestCase {
    // MARK: Oracles

    /// The scalar count of valid UTF-8, and the byte offsets of the scalars at `indices`, by
    /// Swift's own decoding: `String(decoding:as:)`, its scalar indices, their UTF-8 distance.
    private func swiftScalarOffsets(_ bytes: [UInt8], at indices: Set<Int>) -> (count: Int, offsets: [Int: Int]) {
        let string = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(string.utf8.count, bytes.count, "the oracle needs valid UTF-8")
        let utf8 = string.utf8
        var offsets: [Int: Int] = [:]
        var count = 0
        for index in string.unicodeScalars.indices {
            if indices.contains(count) { offsets[count] = utf8.distance(from: utf8.startIndex, to: index) }
            count += 1
        }
        return (count, offsets)
    }

    /// The byte offset of every scalar by the standard library's UTF-8 parser, which reports each
    /// maximal invalid subpart as one error.
    private func parserScalarOffsets(_ bytes: [UInt8]) -> [Int] {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offsets: [Int] = []
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offsets.append(offset)
                offset += encoded.count
            case .error(let length):
                offsets.append(offset)
                offset += length
            case .emptyInput:
                XCTAssertEqual(offset, bytes.count)
                return offsets
            }
        }
    }

    /// Line starts by splitting on LF; a final LF ends the last line rather than starting another.
    private func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts: [Int] = []
        var offset = 0
        for piece in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            starts.append(offset)
            offset += piece.count + 1
        }
        if bytes.last == 0x0A { starts.removeLast() }
        return starts
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// Token lists already computed, by text (the corpora are scanned by two tests).
    // Unsafe because it is a plain static cache: XCTest runs the tests one after another on one
    // thread (`--parallel` uses processes), and only that thread reads and writes it.
    nonisolated(unsafe) private static var tokenCache: [[UInt8]: [Range<Int>]] = [:]

    /// Maximal runs of non-white-space bytes.
    private func tokens(_ bytes: [UInt8]) -> [Range<Int>] {
        if let cached = Self.tokenCache[bytes] { return cached }
        let result = scanTokens(bytes)
        Self.tokenCache[bytes] = result
        return result
    }

    private func scanTokens(_ bytes: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start: Int?
        for (index, byte) in bytes.enumerated() {
            if Self.isSpace(byte) {
                if let s = start { result.append(s..<index); start = nil }
            } else if start == nil {
                start = index
            }
        }
        if let s = start { result.append(s..<bytes.count) }
        return result
    }

    /// Occurrences of a phrase of two or more words, from the word tokens of the text: the first
    /// word ends a token, the middle words are whole tokens, the last word starts a token; leftmost
    /// first, never overlapping.
    private func tokenOccurrences(_ words: [[UInt8]], in bytes: [UInt8], tokens: [Range<Int>]) -> [Range<Int>] {
        precondition(words.count >= 2)
        let first = words[0], last = words[words.count - 1]
        func equal(_ range: Range<Int>, _ word: [UInt8]) -> Bool {
            guard range.count == word.count else { return false }
            var k = 0
            for i in range {
                if bytes[i] != word[k] { return false }
                k += 1
            }
            return true
        }
        var result: [Range<Int>] = []
        var lastEnd = 0
        var i = 0
        while i + words.count <= tokens.count {
            defer { i += 1 }
            let token = tokens[i]
            // Cheap rejection first: the token must end with the first word's last byte.
            guard bytes[token.upperBound - 1] == first[first.count - 1], token.count >= first.count else { continue }
            let start = token.upperBound - first.count
            guard start >= lastEnd, equal(start..<token.upperBound, first) else { continue }
            guard (1..<(words.count - 1)).allSatisfy({ equal(tokens[i + $0], words[$0]) }) else { continue }
            let lastToken = tokens[i + words.count - 1]
            guard lastToken.count >= last.count, equal(lastToken.lowerBound..<(lastToken.lowerBound + last.count), last) else { continue }
            let end = lastToken.lowerBound + last.count
            result.append(start..<end)
            lastEnd = end
        }
        return result
    }

    /// Non-overlapping occurrences of a byte string, leftmost first.
    private func substringOccurrences(_ needle: [UInt8], in bytes: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        let lead = needle[0]
        outer: while start + needle.count <= bytes.count {
            guard bytes[start] == lead else { start += 1; continue }
            for k in 1..<needle.count where bytes[start + k] != needle[k] {
                start += 1
                continue outer
            }
            result.append(start..<(start + needle.count))
            start += needle.count
        }
        return result
    }

    /// The bytes of `range` with every run of white space collapsed to one space.
    private func collapsed(_ bytes: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        for byte in bytes {
            if Self.isSpace(byte) {
                if out.last != 0x20 { out.append(0x20) }
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func corpora() throws -> [(String, TextStorage)] {
        [("P&P", try QueryFixtures.pride), ("Diamond Sutra", try QueryFixtures.sutra)]
    }

    // MARK: byteOffset(ofScalar:)

    func testScalarOffsetsAgreeWithSwiftOnTheCorpora() throws {
        for (name, storage) in try corpora() + [("generated", QueryFixtures.mixed)] {
            let total = String(decoding: storage.bytes, as: UTF8.self).unicodeScalars.count
            let samples = Set([0, 1, 2, total / 3, total - 1] + stride(from: 7, to: total, by: max(1, total / 12)))
            let (count, expected) = swiftScalarOffsets(storage.bytes, at: samples)
            XCTAssertEqual(count, total, name)
            for index in samples.sorted() {
                XCTAssertEqual(storage.byteOffset(ofScalar: index), expected[index], "\(name): scalar \(index)")
            }
            XCTAssertEqual(storage.byteOffset(ofScalar: count), storage.length, "\(name): end of text")
            XCTAssertNil(storage.byteOffset(ofScalar: count + 1), name)
            XCTAssertNil(storage.byteOffset(ofScalar: -1), name)
        }
    }

    func testScalarOffsetsCountOneScalarPerMaximalInvalidSubpart() {
        let bytes: [UInt8] = [
            0x41,  // 0  A
            0xC0, 0x80,  // 1, 2  overlong: two subparts of one byte
            0xE2, 0x82, 0x42,  // 3  truncated three-byte sequence (one subpart), then B at 5
            0xF0, 0x9F, 0x98, 0x43,  // 6  truncated four-byte sequence (one subpart), then C at 9
            0xF4, 0x90, 0x80, 0x80,  // 10, 11, 12, 13  beyond U+10FFFF: four subparts
            0xED, 0xA0, 0x80,  // 14, 15, 16  a surrogate: three subparts
            0xFF,  // 17
            0xE0, 0x80,  // 18, 19  overlong three-byte lead
            0xC3, 0xA9,  // 20  é
            0xE2, 0x82, 0xAC,  // 22  €
            0xF0, 0x9F, 0x98, 0x80,  // 25  😀
            0x80,  // 29  a lone continuation byte
        ]
        let expected = [0, 1, 2, 3, 5, 6, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 25, 29]
        XCTAssertEqual(parserScalarOffsets(bytes), expected)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self).unicodeScalars.count, expected.count)
        let storage = TextStorage(bytes: bytes)
        for (index, offset) in expected.enumerated() {
            XCTAssertEqual(storage.byteOffset(ofScalar: index), offset, "scalar \(index)")
        }
        XCTAssertEqual(storage.byteOffset(ofScalar: expected.count), bytes.count)
        XCTAssertNil(storage.byteOffset(ofScalar: expected.count + 1))

        // A leading byte order mark is one scalar; empty text has only its end.
        let bom = TextStorage(bytes: [0xEF, 0xBB, 0xBF, 0x41, 0x0A, 0x42])
        XCTAssertEqual((0...4).map { bom.byteOffset(ofScalar: $0) }, [0, 3, 4, 5, 6])
        XCTAssertNil(bom.byteOffset(ofScalar: 5))
        XCTAssertEqual(TextStorage("").byteOffset(ofScalar: 0), 0)
        XCTAssertNil(TextStorage("").byteOffset(ofScalar: 1))
    }

    /// Random mixtures of valid and broken UTF-8 against the standard library's parser.
    func testScalarOffsetsOnRandomBrokenUTF8() {
        var rng = QuerySeededGenerator(seed: 0xBAD0_0F8)
        let pieces: [[UInt8]] = [
            [0x61], [0x20], [0x0A], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80],
            [0xE4, 0xB8, 0xAD], [0xCC, 0x81], [0xEF, 0xBB, 0xBF],
        ]
        for round in 0..<6 {
            var bytes: [UInt8] = []
            while bytes.count < 600 {
                switch rng.int(0...9) {
                case 0..<5: bytes += rng.pick(pieces)
                case 5..<7: bytes.append(UInt8(rng.int(0x80...0xFF)))  // any non-ASCII byte
                case 7: bytes += rng.pick(pieces).dropLast()  // a truncated sequence
                default: bytes += [UInt8(rng.int(0xE0...0xF4)), UInt8(rng.int(0x80...0xBF))]
                }
            }
            let expected = parserScalarOffsets(bytes)
            let storage = TextStorage(bytes: bytes)
            for (index, offset) in expected.enumerated() {
                XCTAssertEqual(storage.byteOffset(ofScalar: index), offset, "round \(round), scalar \(index) of \(bytes)")
            }
            XCTAssertEqual(storage.byteOffset(ofScalar: expected.count), bytes.count, "round \(round)")
            XCTAssertNil(storage.byteOffset(ofScalar: expected.count + 1), "round \(round)")
        }
    }

    // MARK: byteOffset(ofLine:)

    func testLineOffsetsAgreeWithSplittingOnLineFeeds() throws {
        for (name, storage) in try corpora() + [("generated mixed", QueryFixtures.mixed), ("generated dense", QueryFixtures.dense)] {
            let starts = lineStarts(storage.bytes)
            let count = starts.count
            XCTAssertGreaterThan(count, 10, name)
            // Each query scans from the start, slowly in a debug build: few samples on long texts.
            let samples =
                storage.length > 100_000
                ? Set([1, 2, 3, count / 2, count])
                : Set([1, 2, 3, count - 1, count] + stride(from: 1, through: count, by: max(1, count / 12)))
            for number in samples.sorted() {
                XCTAssertEqual(storage.byteOffset(ofLine: number), starts[number - 1], "\(name): line \(number)")
            }
            XCTAssertNil(storage.byteOffset(ofLine: count + 1), "\(name): past the last line")
            XCTAssertNil(storage.byteOffset(ofLine: 0), name)
            XCTAssertNil(storage.byteOffset(ofLine: -1), name)
        }
    }

    func testLineOffsetsOnSmallTexts() {
        let cases: [(String, [Int])] = [
            ("a\r\nb\n\nc", [0, 3, 5, 6]),
            ("abc\n", [0]),
            ("\n", [0]),
            ("\n\n", [0, 1]),
            ("x\ry\u{0C}z\u{2028}w\nv", [0, 10]),  // only LF ends a line
            ("é\n中\n😀", [0, 3, 7]),
        ]
        for (text, expected) in cases {
            let storage = TextStorage(text)
            XCTAssertEqual(lineStarts(storage.bytes), expected, text.debugDescription)
            XCTAssertEqual((1...expected.count).map { storage.byteOffset(ofLine: $0) }, expected, text.debugDescription)
            XCTAssertNil(storage.byteOffset(ofLine: expected.count + 1), text.debugDescription)
        }
    }

    // MARK: occurrences(of:)

    /// Phrases made of the last two words of a source line and the first two of the next are found
    /// where the source breaks them, and everywhere else exactly as a token search finds them.
    func testPhrasesAcrossHardLineBreaks() throws {
        for (name, storage) in try corpora().filter({ $0.0 == "P&P" }) + [("generated mixed", QueryFixtures.mixed)] {
            let bytes = storage.bytes
            let allTokens = tokens(bytes)
            // Two words ending a source line and two starting the next: the gaps around them hold
            // no line feed, the gap between them exactly one.
            func lineFeeds(between a: Range<Int>, and b: Range<Int>) -> Int {
                var count = 0
                for i in a.upperBound..<b.lowerBound where bytes[i] == 0x0A { count += 1 }
                return count
            }
            var pairs: [(phraseStart: Int, words: [Range<Int>])] = []
            for j in 1..<max(1, allTokens.count - 2) {
                guard lineFeeds(between: allTokens[j], and: allTokens[j + 1]) == 1,
                    lineFeeds(between: allTokens[j - 1], and: allTokens[j]) == 0,
                    lineFeeds(between: allTokens[j + 1], and: allTokens[j + 2]) == 0
                else { continue }
                pairs.append((allTokens[j - 1].lowerBound, Array(allTokens[(j - 1)...(j + 2)])))
            }
            XCTAssertGreaterThan(pairs.count, 20, name)
            let chosen = stride(from: pairs.count / 25, to: pairs.count, by: max(1, pairs.count / 12)).map { pairs[$0] }
            for pair in chosen {
                let words = pair.words.map { Array(bytes[$0]) }
                let phrase = words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
                let found = storage.occurrences(of: phrase)
                let expectedRange = pair.phraseStart..<pair.words[3].upperBound
                XCTAssertTrue(
                    found.contains(expectedRange), "\(name): \(phrase.debugDescription) at \(expectedRange) not found in \(found)")
                XCTAssertTrue(bytes[expectedRange].contains(0x0A), "\(name): the phrase should span a line break")
                XCTAssertEqual(found, tokenOccurrences(words, in: bytes, tokens: allTokens), "\(name): \(phrase.debugDescription)")
                for (a, b) in zip(found, found.dropFirst()) {
                    XCTAssertLessThanOrEqual(a.upperBound, b.lowerBound, "\(name): overlapping occurrences of \(phrase.debugDescription)")
                }
                for range in found {
                    XCTAssertEqual(collapsed(bytes[range]), phrase, "\(name): bytes of \(range)")
                }
            }
        }
    }

    func testCommonPhrasesWordsAndLimits() throws {
        for (name, storage) in try corpora() {
            let bytes = storage.bytes
            let allTokens = tokens(bytes)
            let phrases =
                name == "P&P"
                ? ["Mr. Darcy", "said Elizabeth", "of the", "she  could\tnot", "Elizabeth"]
                : ["須菩提", "如來", "於意云何。如來有"]
            for phrase in phrases {
                let words = phrase.split(whereSeparator: \.isWhitespace).map { Array($0.utf8) }
                let expected =
                    words.count == 1
                    ? substringOccurrences(words[0], in: bytes)
                    : tokenOccurrences(words, in: bytes, tokens: allTokens)
                let found = storage.occurrences(of: phrase)
                XCTAssertFalse(expected.isEmpty, "\(name): \(phrase.debugDescription) should occur")
                XCTAssertEqual(found, expected, "\(name): \(phrase.debugDescription)")
                let normal = words.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
                for range in found { XCTAssertEqual(collapsed(bytes[range]), normal, "\(name): bytes of \(range)") }
                XCTAssertEqual(
                    storage.occurrences(of: phrase, limit: 3), Array(expected.prefix(3)), "\(name): \(phrase.debugDescription), limit 3")
            }
            XCTAssertEqual(storage.occurrences(of: ""), [], name)
            XCTAssertEqual(storage.occurrences(of: "  \n "), [], name)
            XCTAssertEqual(storage.occurrences(of: "Darcy", limit: 0), [], name)
            XCTAssertEqual(storage.occurrences(of: "zqxjkv wvqz"), [], name)
        }
        // White space in the text never matches where the phrase has none, and vice versa.
        let storage = TextStorage("new york newyork new\n\tyork new\u{0C}york")
        XCTAssertEqual(storage.occurrences(of: "new york"), [0..<8, 17..<26, 27..<35])
        XCTAssertEqual(storage.occurrences(of: "newyork"), [9..<16])
    }
}
