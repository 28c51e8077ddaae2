import XCTest
@testable import PaginateKit

/// Splitting a text in parts on several threads gives the spans of one pass over the whole text.
final class ParallelSplitTests: XCTestCase {
    private func spans(_ bytes: [UInt8], _ mode: ParagraphMode, jobs: Int, partSize: Int) throws -> [String] {
        let headings = try HeadingRule.of(UnitSupport.settings(mode: mode))
        return bytes.withUnsafeBufferPointer { buffer in
            ParagraphSplitter(bytes: buffer, mode: mode, headings: headings).split(jobs: jobs, partSize: partSize).map {
                "\($0.contentStart) \($0.contentEnd) \($0.startOffset) \($0.kind) \($0.breaksPageAfter) \($0.isHeading)"
            }
        }
    }

    private func assertSameSpans(_ bytes: [UInt8], _ context: String, file: StaticString = #filePath, line: UInt = #line) throws {
        for mode in ParagraphMode.allCases {
            let whole = try spans(bytes, mode, jobs: 1, partSize: 1)
            for jobs in [2, 3, 7] {
                for partSize in [64, 4096] {
                    let parts = try spans(bytes, mode, jobs: jobs, partSize: partSize)
                    XCTAssertEqual(parts.count, whole.count, "\(context), \(mode), \(jobs) parts of \(partSize)", file: file, line: line)
                    if let first = zip(parts, whole).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
                        XCTFail(
                            "\(context), \(mode), \(jobs) parts of \(partSize): span \(first.offset) is \(first.element.0), not \(first.element.1)",
                            file: file, line: line)
                    }
                }
            }
        }
    }

    func testCorpora() throws {
        try assertSameSpans(try UnitSupport.corpusBytes("pride-and-prejudice.txt"), "P&P")
        try assertSameSpans(try UnitSupport.corpusBytes("diamond-sutra.txt"), "sutra")
    }

    func testTextsThatCutNearFormFeedsBlankRunsAndHeadings() throws {
        let pieces = [
            "A line of prose that goes on for a while\n", "and wraps here.\n", "\n", "\n\n\n", "  \n", "\u{0C}", "\u{0C}\n",
            "CHAPTER IV.\n", "x\n", "\r\n", "\t indented line\n", "漢字の行\n", "\u{FEFF}", "end",
        ]
        var generator = SystemRandomNumberGenerator()
        for round in 0..<60 {
            var text = round % 2 == 0 ? "\u{FEFF}" : ""
            for _ in 0..<Int.random(in: 0...200, using: &generator) { text += pieces.randomElement(using: &generator)! }
            try assertSameSpans(Array(text.utf8), "round \(round): \(text.debugDescription)")
        }
    }
}
