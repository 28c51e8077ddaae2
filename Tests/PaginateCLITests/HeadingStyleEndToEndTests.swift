import Foundation
import TestSupport
import XCTest

/// Headings in the bundled family's bold face, seen from the command line: the PDF embeds the
/// bold face and its text still extracts; `--heading-style` and `--heading-font` choose the face,
/// the page map records it, and contradictory options are usage errors.
final class HeadingStyleEndToEndTests: XCTestCase {
    private var folder: URL!
    private var input: URL { folder.appendingPathComponent("book.txt") }

    override func setUpWithError() throws {
        folder = try TemporaryDirectory.make(prefix: "heading-style")
        let text =
            "CHAPTER I\n\nIt is a truth universally acknowledged, that a single man in possession of a good fortune must be in want of a wife.\n\nCHAPTER II\n\nMr. Bennet was among the earliest of those who waited on Mr. Bingley.\n"
        try Data(text.utf8).write(to: input)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func render(_ name: String, _ options: [String] = []) throws -> URL {
        let pdf = folder.appendingPathComponent(name)
        let result = try PaginateBinary.run([input.path, "-o", pdf.path, "--folio", "none"] + options)
        XCTAssertEqual(result.status, 0, result.summary)
        return pdf
    }

    private func bundledFont(_ name: String) -> String {
        Repository.fontPath(name)
    }

    func testHeadingsAreBoldByDefaultAndTheirTextExtracts() throws {
        let pdf = try render("bold.pdf")
        let fonts = try PDFTools.fonts(pdf)
        XCTAssertEqual(Set(fonts.map(\.family)), ["DejaVuSerif", "DejaVuSerif-Bold"], "\(fonts.map(\.name))")
        XCTAssertTrue(fonts.allSatisfy(\.embedded), "\(fonts.map(\.name))")
        let text = try PDFTools.text(pdf, order: .contentStream)
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        XCTAssertEqual(lines.first, "CHAPTER I", text)
        XCTAssertTrue(lines.contains("CHAPTER II"), text)
        XCTAssertEqual(try PDFTools.check(pdf).status, 0)
    }

    func testEachStyleEmbedsItsFaceAndRegularNone() throws {
        let families = ["regular": "DejaVuSerif", "italic": "DejaVuSerif-Italic", "bold-italic": "DejaVuSerif-BoldItalic"]
        for (style, family) in families {
            let pdf = try render("\(style).pdf", ["--heading-style", style])
            XCTAssertEqual(Set(try PDFTools.fonts(pdf).map(\.family)), Set(["DejaVuSerif", family]), style)
        }
    }

    func testThePageMapRecordsTheHeadingStyle() throws {
        func headingStyle(_ options: [String]) throws -> String? {
            let map = try PaginateBinary.run(["map", input.path, "--no-cache"] + options)
            XCTAssertEqual(map.status, 0, map.summary)
            let json = try JSONSerialization.jsonObject(with: map.stdout) as? [String: Any]
            let typography = (json?["settings"] as? [String: Any])?["typography"] as? [String: Any]
            return typography?["headingStyle"] as? String
        }
        XCTAssertEqual(try headingStyle([]), "bold")
        XCTAssertEqual(try headingStyle(["--heading-style", "italic"]), "italic")
        XCTAssertEqual(
            try headingStyle(["--font", bundledFont("DejaVuSerif.ttf")]), "regular",
            "with --font files headings stay in the first font")
        XCTAssertEqual(
            try headingStyle(["--font", bundledFont("DejaVuSerif.ttf"), "--heading-font", bundledFont("DejaVuSerif-Bold.ttf")]),
            "bold")
    }

    func testFontFilesKeepHeadingsInTheFirstFontUnlessAHeadingFontIsGiven() throws {
        let own = try render("own.pdf", ["--font", bundledFont("DejaVuSerif-Italic.ttf")])
        XCTAssertEqual(Set(try PDFTools.fonts(own).map(\.family)), ["DejaVuSerif-Italic"])
        let withHeadingFont = try render(
            "own-bold.pdf",
            [
                "--font", bundledFont("DejaVuSerif-Italic.ttf"),
                "--heading-font", bundledFont("DejaVuSerif-BoldItalic.ttf"),
            ])
        XCTAssertEqual(Set(try PDFTools.fonts(withHeadingFont).map(\.family)), ["DejaVuSerif-Italic", "DejaVuSerif-BoldItalic"])
    }

    func testAnInstalledFamilyNameSetsHeadingsInThatFamilysFaceOfTheStyle() throws {
        // fonts-liberation is installed with the test dependencies (Scripts/install-dependencies.sh).
        let byDefault = try render("liberation.pdf", ["--font", "Liberation Serif"])
        XCTAssertEqual(Set(try PDFTools.fonts(byDefault).map(\.family)), ["LiberationSerif", "LiberationSerif-Bold"])
        let italic = try render("liberation-italic.pdf", ["--font", "Liberation Serif", "--heading-style", "italic"])
        XCTAssertEqual(Set(try PDFTools.fonts(italic).map(\.family)), ["LiberationSerif", "LiberationSerif-Italic"])
        let regular = try render("liberation-regular.pdf", ["--font", "Liberation Serif", "--heading-style", "regular"])
        XCTAssertEqual(Set(try PDFTools.fonts(regular).map(\.family)), ["LiberationSerif"])
    }

    func testContradictoryOptionsAreUsageErrors() throws {
        let cases: [[String]] = [
            ["--font", bundledFont("DejaVuSerif.ttf"), "--heading-style", "bold"],
            ["--heading-style", "regular", "--heading-font", bundledFont("DejaVuSerif-Bold.ttf")],
            ["--heading-style", "heavy"],
        ]
        for options in cases {
            let output = folder.appendingPathComponent("refused.pdf")
            let result = try PaginateBinary.run([input.path, "-o", output.path] + options)
            XCTAssertEqual(result.status, 64, "\(options): \(result.summary)")
            XCTAssertTrue(result.errors.hasPrefix("paginate: error:") || result.errors.hasPrefix("Error:"), result.errors)
            XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "\(options): no output on a usage error")
        }
        let missing = try PaginateBinary.run(["count", input.path, "--heading-font", folder.appendingPathComponent("none.ttf").path])
        XCTAssertEqual(missing.status, 66, missing.summary)
    }

    func testTheCacheTellsHeadingStylesApart() throws {
        // Narrow pages where the bold heading wraps and the regular one does not.
        let heading = "CHAPTER XLII. The Long Way Home"
        try Data((heading + "\n\nText.\n").utf8).write(to: input)
        let cache = folder.appendingPathComponent("cache").path
        func lines(_ style: String) throws -> String {
            let result = try PaginateBinary.run(
                [
                    "page", input.path, "1", "--page", "237x200", "--margin", "10",
                    "--heading-style", style,
                ], cacheDirectory: cache)
            XCTAssertEqual(result.status, 0, result.summary)
            return result.output
        }
        func map(_ style: String) throws -> String {
            let result = try PaginateBinary.run(
                [
                    "map", input.path, "--page", "237x200", "--margin", "10",
                    "--heading-style", style,
                ], cacheDirectory: cache)
            XCTAssertEqual(result.status, 0, result.summary)
            return result.output
        }
        XCTAssertTrue(try lines("regular").hasPrefix(heading + "\n"), "the regular heading fits one line")
        XCTAssertFalse(try lines("bold").hasPrefix(heading + "\n"), "the bold heading wraps")
        // heading, blank line, text: 3 lines; 4 when the heading wraps. Each map is asked twice,
        // the second time from the cache, which must not hand one style's pages to the other.
        for _ in 0..<2 {
            XCTAssertTrue(try map("regular").contains("\"lines\": 3}"))
            XCTAssertTrue(try map("bold").contains("\"lines\": 4}"))
        }
    }
}
