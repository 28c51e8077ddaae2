import XCTest
@testable import PaginateKit

/// The bundled family's styles and headings set in one of them: which faces a chain holds, that
/// heading runs name the heading face, and that headings are measured with it.
final class HeadingStyleTests: XCTestCase {
    /// The bundled regular chain with the bold and italic chains beside it.
    private static func family() throws -> FontChain {
        try FontChain(
            paths: [UnitSupport.dejaVuPath, UnitSupport.droidPath],
            styles: [
                .bold: [UnitSupport.fontPath("DejaVuSerif-Bold.ttf"), UnitSupport.droidPath],
                .italic: [UnitSupport.fontPath("DejaVuSerif-Italic.ttf"), UnitSupport.droidPath],
            ])
    }

    private static func settings(headingStyle: FontStyle, width: Double = 400) -> LayoutSettings {
        var settings = UnitSupport.settings(width: width)
        settings.typography.headingStyle = headingStyle
        return settings
    }

    // MARK: The family

    func testEachBundledStyleOpensItsFaceWithTheSameFallback() throws {
        let names: [FontStyle: String] = [
            .regular: "DejaVuSerif", .bold: "DejaVuSerif-Bold",
            .italic: "DejaVuSerif-Italic", .boldItalic: "DejaVuSerif-BoldItalic",
        ]
        for style in FontStyle.allCases {
            let chain = try FontChain.bundled(style: style)
            XCTAssertEqual(chain.fonts.map(\.name), [names[style]!, "DroidSansFallback"], "\(style)")
        }
    }

    func testStylesShareTheFallbackAndAddOnlyTheirOwnFaces() throws {
        let chain = try FontChain.bundled(styles: [.bold])
        XCTAssertEqual(chain.fonts.map(\.name), ["DejaVuSerif", "DroidSansFallback", "DejaVuSerif-Bold"])
        XCTAssertEqual(chain.regularCount, 2)
        XCTAssertEqual(chain.chain(for: .regular), [0, 1])
        XCTAssertEqual(chain.chain(for: .bold), [2, 1], "the CJK fallback is the regular chain's, opened once")
        XCTAssertTrue(chain.hasFaces(for: .bold))
        XCTAssertFalse(chain.hasFaces(for: .italic))
        XCTAssertEqual(chain.chain(for: .italic), [0, 1], "a style without faces is set in the regular chain")
        XCTAssertEqual(try chain.reopened().chain(for: .bold), [2, 1], "a copy for another thread keeps the styles")
    }

    func testFilesWithoutOpeningAreTheOpenedChainsFiles() throws {
        let regular = [UnitSupport.dejaVuPath, UnitSupport.droidPath]
        let styles: [FontStyle: [String]] = [
            .boldItalic: [UnitSupport.fontPath("DejaVuSerif-BoldItalic.ttf"), UnitSupport.droidPath],
            .bold: [UnitSupport.fontPath("DejaVuSerif-Bold.ttf"), UnitSupport.dejaVuPath],
        ]
        let files = FontChain.files(paths: regular, styles: styles)
        XCTAssertEqual(files, try FontChain(paths: regular, styles: styles).files)
        XCTAssertEqual(
            files.map { ($0.path as NSString).lastPathComponent },
            ["DejaVuSerif.ttf", "DroidSansFallback-Flat.ttf", "DejaVuSerif-Bold.ttf", "DejaVuSerif-BoldItalic.ttf"])
    }

    // MARK: Headings in the bold face

    func testAHeadingsRunsUseTheBoldFaceAndBodyRunsTheRegular() throws {
        let fonts = try Self.family()
        let text = "CHAPTER I. 長\n\nIt is a truth universally acknowledged 長.\n"
        let layout = try LayoutManager(fonts: fonts, settings: Self.settings(headingStyle: .bold)).layout(TextStorage(text))
        let lines = layout.pages.flatMap(\.lines).filter { !$0.runs.isEmpty }
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[0].runs.map(\.fontIndex), [2, 1], "heading: bold Latin, then the shared CJK fallback: \(lines[0].runs)")
        XCTAssertEqual(fonts.fonts[lines[0].runs[0].fontIndex].name, "DejaVuSerif-Bold")
        XCTAssertEqual(lines[1].runs.map(\.fontIndex), [0, 1, 0], "body text stays regular: \(lines[1].runs)")

        let regular = try LayoutManager(fonts: fonts, settings: Self.settings(headingStyle: .regular)).layout(TextStorage(text))
        XCTAssertEqual(regular.pages.flatMap(\.lines).first?.runs.map(\.fontIndex), [0, 1], "regular headings stay in the body face")
    }

    func testBoldAdvancesAreWiderThanRegularOnes() throws {
        let fonts = try Self.family()
        let paragraph = UnitSupport.paragraph("CHAPTER XLII. The Meeting")
        let regular = PreparedParagraph(paragraph, fonts: fonts, style: .regular)
        let bold = PreparedParagraph(paragraph, fonts: fonts, style: .bold)
        XCTAssertEqual(Set(bold.fontIndices), [2])
        XCTAssertEqual(bold.primaryFont, 2)
        XCTAssertGreaterThan(bold.advances.reduce(0, +), regular.advances.reduce(0, +))
        for (index, scalar) in paragraph.scalars.enumerated() where scalar != 0x20 {
            XCTAssertGreaterThanOrEqual(bold.advances[index], regular.advances[index], "U+\(String(scalar, radix: 16))")
        }
    }

    func testAHeadingIsMeasuredInTheFaceItIsDrawnIn() throws {
        let fonts = try Self.family()
        let heading = "CHAPTER XLII. The Long Way Home"
        let paragraph = UnitSupport.paragraph(heading)
        func points(_ style: FontStyle) -> Double {
            Double(PreparedParagraph(paragraph, fonts: fonts, style: style).advances.reduce(0, +)) * 11 / 1000
        }
        let column = (points(.regular) + points(.bold)) / 2
        XCTAssertLessThan(points(.regular) + 1, column, "the column must clearly hold the regular heading")
        XCTAssertGreaterThan(points(.bold) - 1, column, "and clearly not the bold one")
        let text = heading + "\n\nSome text.\n"
        func headingLines(_ style: FontStyle) throws -> [LineFragment] {
            let settings = Self.settings(headingStyle: style, width: column + 72)
            let layout = try LayoutManager(fonts: fonts, settings: settings).layout(TextStorage(text))
            let lines = layout.pages.flatMap(\.lines).filter { $0.range.lowerBound < heading.utf8.count }
            for line in lines {
                XCTAssertLessThanOrEqual(line.width, column + 1e-9, "\(style): a line overflows the column")
            }
            return lines
        }
        XCTAssertEqual(try headingLines(.regular).count, 1)
        let bold = try headingLines(.bold)
        XCTAssertEqual(bold.count, 2, "the bold heading wraps: it was measured in bold")
        XCTAssertTrue(bold.allSatisfy { line in line.runs.allSatisfy { fonts.fonts[$0.fontIndex].name == "DejaVuSerif-Bold" } })
    }

    func testAStyleTheChainLacksFallsBackToRegular() throws {
        let text = "CHAPTER I.\n\nText.\n"
        let plain = try UnitSupport.layout(text, Self.settings(headingStyle: .boldItalic))
        XCTAssertEqual(Set(plain.pages.flatMap(\.lines).flatMap(\.runs).map(\.fontIndex)), [0])
    }
}
