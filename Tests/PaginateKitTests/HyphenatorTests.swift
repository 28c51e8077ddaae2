import XCTest
@testable import PaginateKit

/// Hyphenation points from libhyphen's US English patterns (Debian's `hyphen-en-us`), and the
/// rules that keep some words whole.
final class HyphenatorTests: XCTestCase {
    private func hyphenator() throws -> Hyphenator {
        do {
            return try Hyphenator(language: "en-US")
        } catch {
            throw XCTSkip("no US English hyphenation patterns installed: \(error)")
        }
    }

    /// The word with a hyphen at each point (the word is followed by another so it is not the
    /// paragraph's last).
    private func hyphenated(_ word: String, _ hyphenator: Hyphenator) -> String {
        let scalars = (word + " end").unicodeScalars.map(\.value)
        let points = Set(hyphenator.hyphenationPoints(in: scalars))
        var result = ""
        for (index, scalar) in word.unicodeScalars.enumerated() {
            result.unicodeScalars.append(scalar)
            if points.contains(index) { result += "-" }
        }
        return result
    }

    func testWordList() throws {
        let hyphenator = try hyphenator()
        // Expected breaks as printed in American dictionaries (and produced by TeX's US patterns).
        let expected = [
            "hyphenation": "hy-phen-ation",
            "neighbourhood": "neigh-bour-hood",
            "considered": "con-sid-ered",
            "property": "prop-erty",
            "daughters": "daugh-ters",
            "universally": "uni-ver-sally",
            "acknowledged": "ac-knowl-edged",
            "possession": "pos-ses-sion",
            "Netherfield": "Nether-field",
            "table": "ta-ble",
        ]
        for (word, breaks) in expected {
            XCTAssertEqual(hyphenated(word, hyphenator), breaks, word)
        }
    }

    /// Points are per character, also in words with letters beyond ASCII (two UTF-8 bytes each):
    /// libhyphen reports UTF-8 words per character, and reading its answer per byte put every
    /// hyphen after an accented letter one letter late.
    func testWordsWithAccentedLetters() throws {
        let hyphenator = try hyphenator()
        XCTAssertEqual(hyphenated("nàturalness", hyphenator), "nà-tu-ral-ness")
        XCTAssertEqual(hyphenated("naturalness", hyphenator), "nat-u-ral-ness")
    }

    func testMinimumFragmentsAndShortWords() throws {
        let hyphenator = try hyphenator()
        for word in ["a", "the", "into", "table", "hyphenation", "acknowledged"] {
            let scalars = (word + " end").unicodeScalars.map(\.value)
            for point in hyphenator.hyphenationPoints(in: scalars) {
                XCTAssertGreaterThanOrEqual(point + 1, 2, "\(word): at least two letters before a hyphen")
                XCTAssertGreaterThanOrEqual(word.unicodeScalars.count - (point + 1), 3, "\(word): at least three after")
            }
        }
        XCTAssertEqual(hyphenated("into", hyphenator), "into")
        let strict = try Hyphenator(language: "en-US", leftMinimum: 4, rightMinimum: 4)
        XCTAssertEqual(hyphenated("hyphenation", strict), "hyphen-ation")
    }

    func testWordsLeftWhole() throws {
        let hyphenator = try hyphenator()
        func points(_ text: String) -> [Int] { hyphenator.hyphenationPoints(in: text.unicodeScalars.map(\.value)) }
        XCTAssertEqual(points("the last word is hyphenation"), [], "the paragraph's last word")
        XCTAssertEqual(points("the last word is hyphenation."), [], "the last word, before punctuation")
        XCTAssertEqual(points("HYPHENATION end"), [], "capitals only")
        XCTAssertEqual(points("hyphenation2 end"), [], "a token with digits")
        XCTAssertEqual(points("see https://example.com/hyphenation end"), [], "a URL")
        XCTAssertEqual(points("write to hyphenation@example.com end"), [], "an address")
        XCTAssertEqual(points("hyphen\u{AD}ation end"), [], "soft hyphens: the writer's choice stands")
        XCTAssertFalse(points("hyphenation end").isEmpty)
    }

    func testDictionaryLookup() throws {
        _ = try hyphenator()
        XCTAssertTrue(try Hyphenator.dictionaryPath(for: "en-US").hasSuffix("hyph_en_US.dic"))
        XCTAssertTrue(try Hyphenator.dictionaryPath(for: "en_us").hasSuffix("hyph_en_US.dic"))
        XCTAssertThrowsError(try Hyphenator(language: "xx-YY")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("no hyphenation dictionary for 'xx-YY'"), message)
            XCTAssertTrue(message.contains("hyphen-xx-yy"), message)
        }
        XCTAssertThrowsError(try Hyphenator(language: "../etc"))
    }

    /// A copy shares the patterns and answers the same.
    func testCopiesAgree() throws {
        let hyphenator = try hyphenator()
        let text = "the surrounding families considered him the rightful property of some one".unicodeScalars.map(\.value)
        XCTAssertEqual(hyphenator.copy().hyphenationPoints(in: text), hyphenator.hyphenationPoints(in: text))
    }
}
