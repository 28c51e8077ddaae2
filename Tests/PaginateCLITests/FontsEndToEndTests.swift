import Foundation
import TestSupport
import XCTest

/// `paginate fonts`, and `--font` given an installed font's name, run through the built binary.
///
/// Relies only on the fonts `Scripts/install-dependencies.sh` installs (DejaVu, Liberation, and
/// Inconsolata, which has CFF outlines only and is embedded as such).
final class FontsEndToEndTests: XCTestCase {
    private var folder: URL!
    private var input: URL!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory.make(prefix: "fonts")
        input = folder.appendingPathComponent("book.txt")
        try Data(String(repeating: "A line of text to set in an installed font.\n", count: 40).utf8).write(to: input)
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    // MARK: paginate fonts

    func testListsDejaVuSerifWithItsFileAndFullLatinCoverage() throws {
        let run = try PaginateBinary.run(["fonts", "dejavu", "--sample", "The quick brown fox jumps over the lazy dog"])
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertEqual(run.errors, "")
        // The face list, then (after a blank line) the sample's characters and their fonts.
        let blocks = run.output.components(separatedBy: "\n\n")
        XCTAssertEqual(blocks.count, 2, run.output)
        let lines = blocks[0].split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first?.split(separator: " ", omittingEmptySubsequences: true), ["FAMILY", "STYLE", "COVERAGE", "FILE"])
        let serif = try XCTUnwrap(lines.first { $0.hasPrefix("DejaVu Serif ") && $0.hasSuffix("/DejaVuSerif.ttf") }, run.output)
        XCTAssertTrue(serif.contains(" Book "), serif)
        XCTAssertTrue(serif.contains(" 100% "), serif)
        XCTAssertTrue(lines.dropFirst().allSatisfy { $0.lowercased().contains("dejavu") }, "only DejaVu families:\n\(run.output)")
        // Aligned columns: every file name starts where the FILE heading does.
        let header = try XCTUnwrap(lines.first)
        let fileColumn = header.distance(from: header.startIndex, to: try XCTUnwrap(header.range(of: "FILE")).lowerBound)
        for line in lines.dropFirst() {
            XCTAssertEqual(line.dropFirst(fileColumn).first, "/", "misaligned: \(line)")
        }
    }

    func testDefaultSampleHasCJKThatDejaVuLacks() throws {
        let run = try PaginateBinary.run(["fonts", "DejaVu Serif"])
        XCTAssertEqual(run.status, 0, run.summary)
        let serif = try XCTUnwrap(run.output.split(separator: "\n").first { $0.hasSuffix("/DejaVuSerif.ttf") })
        XCTAssertFalse(serif.contains("100%"), "the default sample has characters DejaVu Serif cannot draw: \(serif)")
    }

    func testJSONListing() throws {
        let run = try PaginateBinary.run(["fonts", "liberation", "--json", "--sample", "Ab 中"])
        XCTAssertEqual(run.status, 0, run.summary)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        XCTAssertEqual(document["version"] as? Int, 1)
        XCTAssertEqual(document["sample"] as? String, "Ab 中")
        let fonts = try XCTUnwrap(document["fonts"] as? [[String: Any]])
        let sans = try XCTUnwrap(fonts.first { ($0["file"] as? String)?.hasSuffix("/LiberationSans-Regular.ttf") == true })
        XCTAssertEqual(sans["family"] as? String, "Liberation Sans")
        XCTAssertEqual(sans["font"] as? String, "Liberation Sans")
        XCTAssertEqual(sans["outlines"] as? String, "TrueType")
        XCTAssertEqual(sans["usable"] as? Bool, true)
        XCTAssertEqual(sans["covered"] as? Int, 2)
        XCTAssertEqual(sans["total"] as? Int, 3)
        XCTAssertEqual(sans["coverage"] as? Double, 0.666)
        XCTAssertTrue(fonts.allSatisfy { $0["usable"] as? Bool == true })
    }

    func testCFFFacesAreListedAsUsable() throws {
        let run = try PaginateBinary.run(["fonts", "inconsolata", "--all"])
        XCTAssertEqual(run.status, 0, run.summary)
        let lines = run.output.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.first?.contains("OUTLINES") == true, run.output)
        XCTAssertTrue(
            lines.contains {
                $0.hasPrefix("Inconsolata ") && $0.contains(" CFF ") && !$0.contains("not usable") && $0.hasSuffix("Inconsolata.otf")
            },
            run.output)
        let plain = try PaginateBinary.run(["fonts", "inconsolata"])
        XCTAssertEqual(plain.status, 0, plain.summary)
        XCTAssertTrue(plain.output.contains("Inconsolata.otf"), plain.output)
    }

    func testUnknownPatternAndEmptySample() throws {
        let none = try PaginateBinary.run(["fonts", "no such family anywhere"])
        XCTAssertEqual(none.status, 1, none.summary)
        XCTAssertEqual(none.errorLines, ["paginate: error: no installed font family matches 'no such family anywhere'"])
        let blank = try PaginateBinary.run(["fonts", "--sample", "  "])
        XCTAssertEqual(blank.status, 64, blank.summary)
        XCTAssertEqual(blank.errorLines.count, 1, blank.summary)
    }

    func testConfiguredLayoutSettingsDoNotReachTheListing() throws {
        let run = try PaginateBinary.run(["fonts", "dejavu"], environment: ["PAGINATE_PAGE": "a5", "PAGINATE_FONT": "DejaVu Sans"])
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertTrue(run.output.contains("DejaVuSerif.ttf"), run.summary)
    }

    // MARK: --font by name

    func testFamilyNameIsEmbedded() throws {
        let pdf = folder.appendingPathComponent("x.pdf")
        let run = try PaginateBinary.run([input.path, "--font", "DejaVu Sans", "-o", pdf.path])
        XCTAssertEqual(run.status, 0, run.summary)
        let fonts = try PDFTools.fonts(pdf)
        XCTAssertEqual(fonts.map(\.family), ["DejaVuSans"])
        XCTAssertTrue(fonts.allSatisfy(\.embedded))
    }

    func testStyledNameAndFallbackChain() throws {
        let pdf = folder.appendingPathComponent("x.pdf")
        try Data("Bold text, then 中文.\n".utf8).write(to: input)
        let droid = Repository.url("Fonts/DroidSansFallback-Flat.ttf").path
        let run = try PaginateBinary.run([input.path, "--font", "Liberation Serif:bold", "--font", droid + ":0", "-o", pdf.path])
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertEqual(Set(try PDFTools.fonts(pdf).map(\.family)), ["LiberationSerif-Bold", "DroidSansFallback"])
    }

    func testNameInTheEnvironment() throws {
        func pages(_ run: ProcessResult) throws -> Int {
            XCTAssertEqual(run.status, 0, run.summary)
            let record = try XCTUnwrap(JSONSerialization.jsonObject(with: run.stdout) as? [String: Any], run.summary)
            return try XCTUnwrap(record["pages"] as? Int, run.summary)
        }
        let mono = try pages(
            PaginateBinary.run(
                ["count", input.path, "--json", "--size", "24"],
                environment: ["PAGINATE_FONT": "Liberation Mono"]))
        let narrow = try pages(PaginateBinary.run(["count", input.path, "--json", "--size", "24", "--font", "Liberation Sans Narrow"]))
        XCTAssertGreaterThan(mono, narrow, "a monospace font fills more pages than a narrow one")
    }

    func testUnknownFamilyFailsWithoutOutput() throws {
        let pdf = folder.appendingPathComponent("x.pdf")
        let run = try PaginateBinary.run([input.path, "--font", "No Such Family", "-o", pdf.path])
        XCTAssertEqual(run.status, 66, run.summary)
        XCTAssertEqual(run.output, "")
        XCTAssertEqual(run.errorLines, ["paginate: error: no installed font family named 'No Such Family'; see `paginate fonts`"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: pdf.path))
    }

    /// A CID-keyed CFF collection by name (fonts-noto-cjk): embedded, and every glyph it draws has
    /// its outline (checked by `Scripts/check-pdf-glyphs.py`).
    func testNotoSansCJKIsEmbeddedByName() throws {
        let cjk = folder.appendingPathComponent("cjk.txt")
        try Data("中文排版测试：汉字、标点符号。日本語のテキスト。한국어 텍스트.\n".utf8).write(to: cjk)
        let pdf = folder.appendingPathComponent("cjk.pdf")
        let run = try PaginateBinary.run([cjk.path, "--font", "Noto Sans CJK SC", "-o", pdf.path])
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertEqual(run.errors, "")
        let fonts = try PDFTools.fonts(pdf)
        XCTAssertEqual(fonts.map(\.family), ["NotoSansCJKsc-Regular"], "\(fonts)")
        XCTAssertEqual(fonts.first?.type, "CID Type 0C")
        XCTAssertEqual(fonts.first?.embedded, true)
        let check = try ChildProcess.run([Repository.url("Scripts/check-pdf-glyphs.py").path, pdf.path])
        XCTAssertEqual(check.status, 0, check.summary)
    }

    func testCFFFamilyIsSetInItself() throws {
        let pdf = folder.appendingPathComponent("x.pdf")
        let run = try PaginateBinary.run([input.path, "--font", "Inconsolata", "-o", pdf.path])
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertEqual(run.errors, "")
        let fonts = try PDFTools.fonts(pdf)
        XCTAssertEqual(fonts.map(\.family), ["Inconsolata"], "\(fonts)")
        XCTAssertEqual(fonts.first?.embedded, true)
    }
}
