import XCTest
@testable import PaginateKit

/// The word shortcut in UAX #14 must never change an answer of the full rule chain.
final class LineBreakShortcutTests: XCTestCase {
    func testShortcutAgreesWithTheRuleChainOnTheCorpora() throws {
        for name in ["pride-and-prejudice.txt", "diamond-sutra.txt"] {
            let text = String(decoding: try UnitSupport.corpusBytes(name), as: UTF8.self)
            let scalars = text.unicodeScalars.map(\.value)
            // Paragraph-sized pieces, as layout sees them.
            var start = 0
            while start < scalars.count {
                let end = min(scalars.count, start + 4096)
                let piece = Array(scalars[start..<end])
                XCTAssertEqual(
                    LineBreakOpportunities.compute(piece), LineBreakOpportunities.computeRuleByRule(piece), "\(name) at \(start)")
                start = end
            }
        }
    }

    func testShortcutAgreesOnLetterContexts() {
        // Letters next to marks, joiners, numbers, quotes, hyphens, Hebrew and CJK.
        let samples = [
            "ab\u{301}cd", "a\u{200D}bc", "x2y3", "“word”s", "co-op", "a\u{5D0}b", "ab漢字cd", "e.g.x", "AB)CD",
            "a\u{25CC}b", "http://ex.am/ple?q=1", "l'homme", "don’t", "ab\u{00AD}cd", "a\u{2060}b", "ab cd\tef",
        ]
        for sample in samples {
            let scalars = sample.unicodeScalars.map(\.value)
            XCTAssertEqual(LineBreakOpportunities.compute(scalars), LineBreakOpportunities.computeRuleByRule(scalars), sample)
        }
    }
}
