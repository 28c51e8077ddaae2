import Foundation
import XCTest
import PaginateKit
import PaginateExport

/// Digests of the text spreads of the corpora, recorded in `Tests/Golden/spreads.txt`: a change in
/// where lines break or land shows here as it shows in the layout's own golden digests
/// (`LayoutGoldenTests`), seen through the exporter. `PAGINATE_RECORD_GOLDEN=1` re-records and fails.
final class TextSpreadGoldenTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let golden = root.appendingPathComponent("Tests/Golden/spreads.txt")

    /// 64-bit FNV-1a of the spread's UTF-8, as hex.
    private func digest(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private func spread(_ corpus: String, _ settings: LayoutSettings) throws -> String {
        let storage = TextStorage(bytes: [UInt8](try Data(contentsOf: Self.root.appendingPathComponent("Corpus/\(corpus)"))))
        let fonts = try FontChain(
            paths: ["DejaVuSerif.ttf", "DroidSansFallback-Flat.ttf"].map {
                Self.root.appendingPathComponent("Fonts/\($0)").path
            })
        let layout = try LayoutManager(fonts: fonts, settings: settings).layout(storage)
        return TextSpreadRenderer().render(layout)
    }

    private func settings(
        width: Double = 400, height: Double = 600, columns: Int = 1,
        typography: Typography = Typography()
    ) -> LayoutSettings {
        LayoutSettings(
            page: PageSetup(
                size: Size(width: width, height: height), margins: EdgeInsets(all: 36),
                columns: columns, gutter: 18), typography: typography)
    }

    func testCorpusSpreads() throws {
        let computed = [
            ("P&P defaults", try spread("pride-and-prejudice.txt", settings())),
            ("P&P two-columns", try spread("pride-and-prejudice.txt", settings(width: 595, height: 842, columns: 2))),
            (
                "P&P justify-hyphenate",
                try spread(
                    "pride-and-prejudice.txt",
                    settings(typography: Typography(alignment: .justify, hyphenationLanguage: "en-US")))
            ),
            ("sutra defaults", try spread("diamond-sutra.txt", settings())),
        ].map { (key: $0.0, digest: digest($0.1)) }
        var recorded: [String: String] = [:]
        if let text = try? String(contentsOf: Self.golden, encoding: .utf8) {
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                if let space = line.lastIndex(of: " ") {
                    recorded[String(line[..<space])] = String(line[line.index(after: space)...])
                }
            }
        }
        if ProcessInfo.processInfo.environment["PAGINATE_RECORD_GOLDEN"] != nil {
            for entry in computed { recorded[entry.key] = entry.digest }
            let body = recorded.keys.sorted().map { "\($0) \(recorded[$0]!)\n" }.joined()
            try ("# key digest: written by TextSpreadGoldenTests with PAGINATE_RECORD_GOLDEN=1\n" + body)
                .write(to: Self.golden, atomically: true, encoding: .utf8)
            XCTFail("recorded \(computed.count) digests into Tests/Golden/spreads.txt; run again without PAGINATE_RECORD_GOLDEN")
            return
        }
        for entry in computed {
            XCTAssertEqual(entry.digest, recorded[entry.key], "\(entry.key): text spread changed")
        }
    }
}
