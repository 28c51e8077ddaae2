import Foundation
import XCTest
@testable import PaginateKit

/// Installed fonts by name through fontconfig, `--font` values, and sample coverage.
///
/// Relies only on the fonts `Scripts/install-dependencies.sh` installs: fonts-dejavu-core,
/// fonts-liberation, and fonts-inconsolata (CFF outlines only).
final class FontCatalogTests: XCTestCase {
    private static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
    private static let liberation = "/usr/share/fonts/truetype/liberation/"

    private func resolve(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> FontFile {
        do {
            return try FontCatalog().resolve(name: name)
        } catch {
            XCTFail("'\(name)' should resolve: \(error)", file: file, line: line)
            throw error
        }
    }

    private func resolutionError(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> FontError? {
        do {
            let found = try FontCatalog().resolve(name: name)
            XCTFail("'\(name)' should not resolve, but gave \(found)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Names

    func testFamilyNameGivesItsRegularFace() throws {
        XCTAssertEqual(try resolve("DejaVu Serif"), FontFile(path: Self.dejaVu + "DejaVuSerif.ttf", faceIndex: 0))
        XCTAssertEqual(try resolve("DejaVu Sans"), FontFile(path: Self.dejaVu + "DejaVuSans.ttf", faceIndex: 0))
        XCTAssertEqual(try resolve("Liberation Serif"), FontFile(path: Self.liberation + "LiberationSerif-Regular.ttf", faceIndex: 0))
    }

    func testFamilyNamesIgnoreCase() throws {
        XCTAssertEqual(try resolve("dejavu sans mono").path, Self.dejaVu + "DejaVuSansMono.ttf")
        XCTAssertEqual(try resolve("LIBERATION MONO").path, Self.liberation + "LiberationMono-Regular.ttf")
    }

    func testStylesInTheName() throws {
        XCTAssertEqual(try resolve("DejaVu Serif:bold").path, Self.dejaVu + "DejaVuSerif-Bold.ttf")
        XCTAssertEqual(try resolve("DejaVu Serif:bold:italic").path, Self.dejaVu + "DejaVuSerif-BoldItalic.ttf")
        XCTAssertEqual(try resolve("Liberation Sans:style=Italic").path, Self.liberation + "LiberationSans-Italic.ttf")
    }

    func testUnknownFamilyIsAnErrorNotASubstitute() {
        // fontconfig alone would answer with its best match, some sans-serif face.
        let error = resolutionError("No Such Family Anywhere")
        XCTAssertEqual(error, .unknownFamily(name: "No Such Family Anywhere"))
        XCTAssertEqual(error?.description, "no installed font family named 'No Such Family Anywhere'")
        XCTAssertEqual(resolutionError("Nonexistent:bold"), .unknownFamily(name: "Nonexistent"))
    }

    func testNameWithoutFamilyIsRefused() {
        XCTAssertEqual(resolutionError(":bold"), .invalidFontName(name: ":bold"))
    }

    func testCFFFamilyResolvesToItsOwnFace() throws {
        // Inconsolata (fonts-inconsolata) has CFF outlines only; the PDF embeds them.
        let file = try resolve("Inconsolata")
        XCTAssertTrue(file.path.hasSuffix("/Inconsolata.otf"), file.path)
        let face = try XCTUnwrap(FontCatalog().faces().first { $0.file == file })
        XCTAssertEqual(face.outlines, .cff)
        XCTAssertTrue(face.isUsable)
        let font = try Font(path: file.path, faceIndex: file.faceIndex)
        XCTAssertEqual(font.outlines, .cff)
        XCTAssertFalse(font.isCIDKeyed, "Inconsolata's CFF is name-keyed")
    }

    // MARK: Listing

    func testListingMarksOutlines() throws {
        let faces = try FontCatalog().faces()
        let serif = try XCTUnwrap(faces.first { $0.file.path == Self.dejaVu + "DejaVuSerif.ttf" })
        XCTAssertEqual(serif.family, "DejaVu Serif")
        XCTAssertEqual(serif.outlines, .trueType)
        XCTAssertTrue(serif.isUsable)
        XCTAssertFalse(serif.isMonospace)
        XCTAssertEqual(serif.fontName, "DejaVu Serif")
        let inconsolata = try XCTUnwrap(faces.first { $0.family == "Inconsolata" })
        XCTAssertEqual(inconsolata.outlines, .cff)
        XCTAssertTrue(inconsolata.isUsable, "CFF outlines are embedded")
        XCTAssertEqual(Set(faces.map(\.file)).count, faces.count, "each face once")
        let families = faces.map { $0.family.lowercased() }
        XCTAssertEqual(families, families.sorted(), "sorted by family")
    }

    /// What the listing says to pass to --font gives back that very face.
    func testListedNamesResolveToTheirOwnFaces() throws {
        let catalog = try FontCatalog()
        let faces = catalog.faces().filter { $0.isUsable && ($0.family.hasPrefix("DejaVu") || $0.family.hasPrefix("Liberation")) }
        XCTAssertGreaterThanOrEqual(faces.count, 20)
        for face in faces {
            XCTAssertEqual(try catalog.resolve(name: face.fontName), face.file, face.fontName)
        }
    }

    // MARK: --font values

    func testRequestsAreFilesFirstThenNames() throws {
        let serif = Self.dejaVu + "DejaVuSerif.ttf"
        XCTAssertEqual(FontRequest(serif), .file(FontFile(path: serif, faceIndex: 0)))
        XCTAssertEqual(FontRequest(serif + ":0"), .file(FontFile(path: serif, faceIndex: 0)))
        XCTAssertEqual(FontRequest(serif + "#2"), .file(FontFile(path: serif, faceIndex: 2)))
        XCTAssertEqual(FontRequest("/no/such/font.ttc:1"), .file(FontFile(path: "/no/such/font.ttc", faceIndex: 1)))
        XCTAssertEqual(FontRequest("missing.ttf"), .file(FontFile(path: "missing.ttf", faceIndex: 0)))
        XCTAssertEqual(FontRequest("DejaVu Serif"), .name("DejaVu Serif"))
        XCTAssertEqual(FontRequest("DejaVu Serif:bold"), .name("DejaVu Serif:bold"))
        XCTAssertEqual(FontRequest("Liberation Sans:style=Italic"), .name("Liberation Sans:style=Italic"))
    }

    func testAnExistingFileWinsOverAName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paginate-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("DejaVu Sans")
        try FileManager.default.copyItem(atPath: Self.dejaVu + "DejaVuSerif.ttf", toPath: copy.path)
        let current = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(folder.path)
        defer { FileManager.default.changeCurrentDirectoryPath(current) }
        XCTAssertEqual(
            try FontRequest.resolve(["DejaVu Sans", "DejaVu Sans Mono"]),
            [FontFile(path: "DejaVu Sans", faceIndex: 0), FontFile(path: Self.dejaVu + "DejaVuSansMono.ttf", faceIndex: 0)])
    }

    func testMixedListResolvesInOrder() throws {
        let files = try FontRequest.resolve(["Liberation Sans", Self.dejaVu + "DejaVuSerif.ttf#0", "DejaVu Sans:bold"])
        XCTAssertEqual(
            files.map(\.path),
            [
                Self.liberation + "LiberationSans-Regular.ttf", Self.dejaVu + "DejaVuSerif.ttf",
                Self.dejaVu + "DejaVuSans-Bold.ttf",
            ])
        XCTAssertThrowsError(try FontRequest.resolve([Self.dejaVu + "DejaVuSerif.ttf", "No Such Family"])) { error in
            XCTAssertEqual(error as? FontError, .unknownFamily(name: "No Such Family"))
        }
    }

    // MARK: Coverage

    func testSampleCoverageCountsNonSpaceScalars() throws {
        let serif = FontFile(path: Self.dejaVu + "DejaVuSerif.ttf", faceIndex: 0)
        let latin = try SampleCoverage(of: "Straße, déjà vu", in: serif)
        XCTAssertEqual(latin.covered, 13)
        XCTAssertEqual(latin.total, 13)
        XCTAssertEqual(latin.fraction, 1)
        let mixed = try SampleCoverage(of: "Ab 中文", in: serif)
        XCTAssertEqual(mixed.covered, 2)
        XCTAssertEqual(mixed.total, 4)
        XCTAssertEqual(mixed.fraction, 0.5)
        let fallback = try SampleCoverage(of: "中文 日本語", in: FontFile(path: UnitSupport.droidPath, faceIndex: 0))
        XCTAssertEqual(fallback.covered, 5)
        XCTAssertEqual(fallback.total, 5)
    }

    func testCoverageOfAnUnreadableFileThrows() {
        XCTAssertThrowsError(try SampleCoverage(of: "A", in: FontFile(path: "/no/such/font.ttf", faceIndex: 0)))
    }
}
