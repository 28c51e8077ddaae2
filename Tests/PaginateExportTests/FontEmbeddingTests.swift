import Foundation
import XCTest
import PaginateKit
@testable import PaginateExport

/// The fonts the PDF writer embeds, checked as a reader of the file meets them: every drawn glyph
/// has an outline, each page looks like the same glyphs drawn straight from the font file, the text
/// comes back out, and neither qpdf nor poppler has anything to say.
///
/// The sample texts are in `Samples/` (see its README); each line is drawn on a page of its own.
final class FontEmbeddingTests: XCTestCase {
    /// One sample text: its lines and the font it names.
    struct Sample {
        var name: String
        var path: String
        var lines: [String]
        var font: FontFile
    }

    static let samplesFolder = PdfFixture.repoRoot + "/Tests/PaginateExportTests/Samples"
    static let glyphCheck = PdfFixture.repoRoot + "/Scripts/check-pdf-glyphs.py"
    static let pictureCheck = PdfFixture.repoRoot + "/Scripts/compare-pdf-rendering.py"
    static let fontSize = 24.0

    static func sample(_ name: String) throws -> Sample {
        let path = "\(samplesFolder)/\(name).txt"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var lines: [String] = []
        var fontName: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("# font:") {
                fontName = line.dropFirst("# font:".count).trimmingCharacters(in: .whitespaces)
            } else if !line.hasPrefix("#") {
                lines.append(String(line))
            }
        }
        let named = try XCTUnwrap(fontName, "\(name).txt names no font")
        let font: FontFile
        if named.hasPrefix("Fonts/") {
            font = FontFile(path: PdfFixture.repoRoot + "/" + named, faceIndex: 0)
        } else {
            font = try FontCatalog().resolve(name: named)
        }
        return Sample(name: name, path: path, lines: lines, font: font)
    }

    static let sampleNames = ["latin-diacritics", "greek", "russian", "vietnamese", "cjk", "cjk-extension-b", "math", "combining"]

    /// The sample drawn one line per page, in its font, at 24 pt; returns the PDF's path.
    static func render(_ sample: Sample) throws -> String {
        let chain = try FontChain(files: [sample.font])
        let font = chain.fonts[0]
        let widest =
            sample.lines.map { line in
                line.unicodeScalars.reduce(0.0) { $0 + Double(font.width(of: $1.value) ?? 0) * fontSize / 1000 }
            }.max() ?? 0
        let pages = sample.lines.map { [[PdfFixture.RunSpec(font: 0, text: $0, x: 0)]] }
        let layout = PdfFixture.layout(pages, fontSize: fontSize, pageSize: Size(width: (widest + 80).rounded(.up), height: 110))
        let renderer = PDFRenderer(fonts: chain, title: sample.name, creator: "paginate-tests", dateSource: .fixed(nil))
        return try PdfFixture.write(try renderer.render(layout))
    }

    // MARK: - Glyph integrity

    func testEveryDrawnGlyphHasAnOutline() throws {
        for name in Self.sampleNames {
            let pdf = try Self.render(try Self.sample(name))
            let check = try Tool.run(Self.glyphCheck, [pdf])
            XCTAssertEqual(check.status, 0, "\(name): \(check.output)\(check.errors)")
            XCTAssertTrue(check.output.hasPrefix("OK: "), "\(name): \(check.output)")
        }
    }

    /// The check is worth something only if it fails where glyphs are missing: the previous
    /// writer's file lacks the base letters of nested composites.
    func testTheGlyphCheckFailsOnMissingComponents() throws {
        let check = try Tool.run(Self.glyphCheck, ["\(Self.samplesFolder)/previous-writer.pdf"])
        XCTAssertEqual(check.status, 1, check.output + check.errors)
        for character in ["Ά", "Έ", "Ή", "Ί", "Ё", "ё", "ў"] {
            XCTAssertTrue(check.output.contains("('\(character)'"), "\(character) not reported:\n\(check.output)")
        }
        XCTAssertTrue(
            check.output.contains("composite glyph Alphatonos → component 779: composite glyph Alpha → component 36: glyph A"),
            check.output)
    }

    // MARK: - Pictures

    func testEveryPageLooksLikeTheFontDrawnDirectly() throws {
        for name in Self.sampleNames {
            let sample = try Self.sample(name)
            let pdf = try Self.render(sample)
            let font = "\(sample.font.path):\(sample.font.faceIndex)"
            let compared = try Tool.run(Self.pictureCheck, [pdf, sample.path, "--font", font, "--size", "\(Self.fontSize)"])
            XCTAssertEqual(compared.status, 0, "\(name):\n\(compared.output)\(compared.errors)")
        }
    }

    func testThePictureCheckFailsOnMissingBaseLetters() throws {
        let compared = try Tool.run(
            Self.pictureCheck, ["\(Self.samplesFolder)/previous-writer.pdf", "\(Self.samplesFolder)/previous-writer.txt"])
        XCTAssertEqual(compared.status, 1, compared.output + compared.errors)
        XCTAssertTrue(compared.output.contains("line 1 differs"), compared.output)
        XCTAssertTrue(compared.output.contains("line 2 differs"), compared.output)
    }

    // MARK: - What readers and tools see

    func testTextComesBackAndPopplerAndQpdfAreSilent() throws {
        for name in Self.sampleNames {
            let sample = try Self.sample(name)
            let pdf = try Self.render(sample)
            let check = try Tool.run("qpdf", ["--check", pdf])
            XCTAssertEqual(check.status, 0, "\(name): \(check.output)\(check.errors)")
            XCTAssertTrue(check.output.contains("No syntax or stream encoding errors"), "\(name): \(check.output)")
            let text = try Tool.run("pdftotext", ["-enc", "UTF-8", pdf, "-"])
            XCTAssertEqual(text.errors, "", "\(name): pdftotext warned")
            let pages = text.output.components(separatedBy: "\u{0C}").filter { !$0.isEmpty }
            XCTAssertEqual(pages.map(PdfFixture.ink), sample.lines.map(PdfFixture.ink), name)
            let picture = try Tool.run("pdftoppm", ["-r", "30", "-gray", pdf, pdf + ".page"])
            XCTAssertEqual(picture.status, 0, name)
            XCTAssertEqual(picture.errors, "", "\(name): pdftoppm warned")
            let fonts = try Tool.run("pdffonts", [pdf])
            XCTAssertEqual(fonts.errors, "", "\(name): pdffonts warned")
            let rows = fonts.output.split(separator: "\n").dropFirst(2)
            XCTAssertEqual(rows.count, 1, "\(name): \(fonts.output)")
            XCTAssertTrue(rows.allSatisfy { $0.contains("Identity-H       yes yes yes") }, "\(name): \(fonts.output)")
        }
    }

    func testCIDKeyedCFFIsEmbeddedAsCIDFontType0() throws {
        let pdf = try Self.render(try Self.sample("cjk"))
        let fonts = try Tool.run("pdffonts", [pdf])
        XCTAssertTrue(fonts.output.contains("NotoSansCJKsc-Regular") && fonts.output.contains("CID Type 0C"), fonts.output)
        let expanded = try PdfFixture.expanded(pdf)
        XCTAssertTrue(expanded.contains("/Subtype /CIDFontType0C"), "bare CFF in FontFile3")
        XCTAssertFalse(expanded.contains("/CIDToGIDMap"), "a CFF CIDFont is addressed through its charset")
    }

    /// A name-keyed CFF font (Inconsolata, from fonts-inconsolata) has no CIDs: its glyphs are
    /// addressed by index, which the subset keeps.
    func testNameKeyedCFFDrawsItsOwnGlyphs() throws {
        let font = try FontCatalog().resolve(name: "Inconsolata")
        let sample = Sample(name: "inconsolata", path: "", lines: ["let total = items.reduce(0, +) // {42}"], font: font)
        let pdf = try Self.render(sample)
        let samplePath = pdf + ".txt"
        try sample.lines.joined(separator: "\n").write(toFile: samplePath, atomically: true, encoding: .utf8)
        XCTAssertEqual(try Tool.run(Self.glyphCheck, [pdf]).status, 0)
        let compared = try Tool.run(
            Self.pictureCheck, [pdf, samplePath, "--font", "\(font.path):\(font.faceIndex)", "--size", "\(Self.fontSize)"])
        XCTAssertEqual(compared.status, 0, compared.output + compared.errors)
    }

    func testRenderingASampleTwiceGivesIdenticalBytes() throws {
        for name in ["greek", "cjk"] {
            let sample = try Self.sample(name)
            let first = try Data(contentsOf: URL(fileURLWithPath: try Self.render(sample)))
            let second = try Data(contentsOf: URL(fileURLWithPath: try Self.render(sample)))
            XCTAssertEqual(first, second, name)
        }
    }
}
