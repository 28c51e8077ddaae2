import XCTest
@testable import PaginateKit

/// Breaks inside the scripts UAX #14 leaves to a dictionary (class SA): Thai by libthai's
/// dictionary, the others between grapheme clusters; everything else exactly as UAX #14 says.
final class ComplexScriptBreaksTests: XCTestCase {
    /// "The Thai language is a beautiful language": ภาษา|ไทย|เป็น|ภาษา|ที่|สวย|งาม, no spaces.
    private let thai = "ภาษาไทยเป็นภาษาที่สวยงาม"

    private func words(_ text: String) -> [String] {
        let scalars = UnitSupport.scalars(text)
        let actions = PreparedParagraph(UnitSupport.paragraph(text), fonts: try! UnitSupport.fonts()).actions
        var result: [String] = []
        var start = 0
        for index in scalars.indices where actions[index] != .prohibited {
            result.append(UnitSupport.string(Array(scalars[start...index])))
            start = index + 1
        }
        return result
    }

    func testThaiBreaksBetweenDictionaryWords() throws {
        guard ThaiWordBreaker.shared != nil else { return XCTFail("libthai's dictionary (libthai-data) is not installed") }
        XCTAssertEqual(words(thai), ["ภาษา", "ไทย", "เป็น", "ภาษา", "ที่", "สวย", "งาม"])
    }

    func testThaiNextToOtherTextKeepsTheUAX14Breaks() {
        // The space before the Thai run and the one after it break as UAX #14 says; the Thai run breaks inside.
        XCTAssertEqual(words("Thai: ภาษาไทย okay"), ["Thai: ", "ภาษา", "ไทย ", "okay"])
    }

    func testScriptsWithoutDictionaryBreakBetweenClusters() {
        // Lao "ພາສາລາວ" (Lao language): ພ າ ສ າ ລ າ ວ — each letter its own cluster, the vowels spacing.
        let lao = "ພາສາລາວ"
        var actions = LineBreakOpportunities.compute(UnitSupport.scalars(lao))
        let starts = PreparedParagraph.clusterStarts(of: UnitSupport.scalars(lao))
        let outcome = ComplexScriptBreaks.apply(to: UnitSupport.scalars(lao), actions: &actions, clusterStarts: starts)
        XCTAssertEqual(outcome.clusterBrokenCharacters, 7)
        for index in 0..<6 { XCTAssertEqual(actions[index], starts[index + 1] ? .allowed : .prohibited, "after \(index)") }
    }

    func testNeverBreaksBeforeACombiningMark() {
        // Khmer ក + ្ + ម (coeng, subscript MO) is one cluster: no break may fall inside it.
        let khmer = UnitSupport.scalars("ក្មេង")
        var actions = LineBreakOpportunities.compute(khmer)
        let starts = PreparedParagraph.clusterStarts(of: khmer)
        _ = ComplexScriptBreaks.apply(to: khmer, actions: &actions, clusterStarts: starts)
        for index in 0..<(khmer.count - 1) where !starts[index + 1] {
            XCTAssertEqual(actions[index], .prohibited, "break inside a cluster after \(index)")
        }
        XCTAssertTrue(actions.dropLast().contains(.allowed), "the two clusters may break apart")
    }

    func testTextWithoutComplexScriptsIsUntouched() {
        for text in ["However little known the feelings—or views—of such a man", "如是我聞。一時佛在舍衛國。", "Ёлка. Άλφα"] {
            let scalars = UnitSupport.scalars(text)
            var actions = LineBreakOpportunities.compute(scalars)
            let before = actions
            let outcome = ComplexScriptBreaks.apply(
                to: scalars, actions: &actions,
                clusterStarts: PreparedParagraph.clusterStarts(of: scalars))
            XCTAssertEqual(actions, before, text)
            XCTAssertEqual(outcome, ComplexScriptBreaks.Outcome(), text)
        }
    }

    func testScriptsWithoutDictionaryAreCountedOnce() throws {
        // Two Lao words (7 + 3 letters), a Thai word (dictionary) and Latin: only Lao is counted.
        let text = "ພາສາລາວ ລາວ ภาษาไทย Lao\n"
        let manager = LayoutManager(fonts: try UnitSupport.fonts(), settings: UnitSupport.settings())
        let layout = try manager.layout(TextStorage(text))
        XCTAssertEqual(layout.diagnostics.clusterBrokenCharacters, 10)
        XCTAssertEqual(try manager.pageMap(TextStorage(text)).diagnostics.clusterBrokenCharacters, 10)
        XCTAssertTrue(
            layout.diagnostics.summary?.contains("10 characters of Lao, Khmer, Myanmar") ?? false,
            layout.diagnostics.summary ?? "no summary")
    }

    func testClassMembershipMatchesLineBreakData() {
        XCTAssertTrue(ComplexScriptBreaks.isComplex(0x0E01))  // THAI CHARACTER KO KAI
        XCTAssertFalse(ComplexScriptBreaks.isComplex(0x0E3F))  // THAI CURRENCY SYMBOL BAHT is PR
        XCTAssertFalse(ComplexScriptBreaks.isComplex(0x0E50))  // THAI DIGIT ZERO is NU
        XCTAssertTrue(ComplexScriptBreaks.isComplex(0x1780))  // KHMER LETTER KA
        XCTAssertTrue(ComplexScriptBreaks.isComplex(0x1000))  // MYANMAR LETTER KA
        XCTAssertFalse(ComplexScriptBreaks.isComplex(0x0041))
    }
}
