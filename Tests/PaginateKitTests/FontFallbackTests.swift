import XCTest
@testable import PaginateKit

/// Fallback to installed fonts for characters the chain lacks (`FontFallback`, `FontChain.fallbackIndex`).
///
/// Relies on the fonts `Scripts/install-dependencies.sh` installs: fonts-noto-core (Hebrew, Arabic,
/// Devanagari, Thai), fonts-symbola (emoji), fonts-liberation (a sans-serif chain).
final class FontFallbackTests: XCTestCase {
    /// The bundled chain with a fallback of its own, so no other test's lookups are reused.
    private func bundled(fallback: FontFallback? = FontFallback()) throws -> FontChain {
        try FontChain(paths: [UnitSupport.dejaVuPath, UnitSupport.droidPath], fallback: fallback)
    }

    private func layout(_ text: String, fonts: FontChain) throws -> Layout {
        try LayoutManager(fonts: fonts, settings: UnitSupport.settings(fontSize: 10, mode: .lines)).layout(TextStorage(text))
    }

    // MARK: Finding a font

    func testScriptsTheBundledFontsLackComeFromInstalledFontsOfTheirScript() throws {
        let fonts = try bundled()
        let samples: [(text: String, family: String)] = [
            ("שלום", "Hebrew"), ("مرحبا", "Arabic"), ("नमस्ते", "Devanagari"), ("สวัสดี", "Thai"),
        ]
        for sample in samples {
            let sources = fonts.sources(of: sample.text)
            XCTAssertFalse(sources.isEmpty)
            for source in sources {
                let index = try XCTUnwrap(source.fontIndex, "\(source.character) should be covered")
                XCTAssertTrue(source.isFallback, source.character)
                XCTAssertGreaterThanOrEqual(index, fonts.configuredCount)
                let font = fonts.fonts[index]
                XCTAssertTrue(font.familyName.contains(sample.family), "\(source.character) drawn with \(font.familyName)")
                for scalar in source.scalars {
                    XCTAssertTrue(font.covers(scalar), "\(font.familyName) lacks U+\(String(scalar, radix: 16))")
                }
            }
        }
    }

    func testFallbackMatchesTheKindOfTheChain() throws {
        // DejaVu Serif is a serif: Hebrew and Thai come from serif faces (Noto Serif Hebrew, Noto Serif Thai)…
        let serif = try bundled()
        for text in ["ש", "ก", "क"] {
            let index = try XCTUnwrap(serif.sources(of: text).first?.fontIndex)
            let family = serif.fonts[index].familyName
            XCTAssertEqual(GenericFamily(familyName: family, isMonospace: false), .serif, "\(text) drawn with \(family)")
        }
        // … and beside a sans-serif (Liberation Sans), from sans-serif ones.
        let sansPath = try XCTUnwrap(try? FontCatalog().resolve(name: "Liberation Sans"), "install fonts-liberation")
        let sans = try FontChain(files: [sansPath], fallback: FontFallback())
        for text in ["ก", "क"] {
            let index = try XCTUnwrap(sans.sources(of: text).first?.fontIndex)
            let family = sans.fonts[index].familyName
            XCTAssertEqual(GenericFamily(familyName: family, isMonospace: false), .sansSerif, "\(text) drawn with \(family)")
        }
    }

    func testBoldHeadingsTakeABoldFallbackFace() throws {
        let regular = try bundled()
        let bold = try FontChain(paths: [UnitSupport.fontPath("DejaVuSerif-Bold.ttf"), UnitSupport.droidPath], fallback: FontFallback())
        // The index first: looking it up adds the face to `fonts`.
        let regularIndex = try XCTUnwrap(regular.sources(of: "ש").first?.fontIndex)
        let boldIndex = try XCTUnwrap(bold.sources(of: "ש", style: .bold).first?.fontIndex)
        let regularFace = regular.fonts[regularIndex]
        let boldFace = bold.fonts[boldIndex]
        XCTAssertNotEqual(regularFace.path, boldFace.path)
        XCTAssertTrue(boldFace.name.contains("Bold"), boldFace.name)
        XCTAssertFalse(regularFace.name.contains("Bold"), regularFace.name)
    }

    func testEmojiComeFromAMonochromeOutlineFont() throws {
        let fonts = try bundled()
        // BMP emoji neither DejaVu Serif nor Droid Sans Fallback has.
        for source in fonts.sources(of: "☕⚽✅") {
            let index = try XCTUnwrap(source.fontIndex, source.character)
            XCTAssertTrue(source.isFallback)
            XCTAssertTrue(fonts.fonts[index].covers(source.scalars[0]))
        }
    }

    func testTheBundledChainWinsWhereItCovers() throws {
        let fonts = try bundled()
        let covered = try layout("Straße καλημέρα привет 金剛經 déjà", fonts: fonts)
        XCTAssertEqual(Set(covered.pages[0].lines.flatMap(\.runs).map(\.fontIndex)), [0, 1])
        XCTAssertEqual(fonts.fonts.count, fonts.configuredCount, "no installed font was added")
        XCTAssertEqual(covered.diagnostics.uncoveredCharacters, 0)
        // Mixed with Hebrew, the Latin and CJK runs keep their fonts.
        let mixed = try layout("abc שלום 金剛", fonts: fonts)
        let runs = mixed.pages[0].lines[0].runs
        XCTAssertEqual(runs.first?.fontIndex, 0)
        XCTAssertEqual(runs.last?.fontIndex, 1)
        XCTAssertEqual(runs.map(\.text).joined(), "abc שלום 金剛")
    }

    func testKindsAreToldByFamilyNamesAndSpacing() {
        XCTAssertEqual(GenericFamily(familyName: "Noto Serif Hebrew", isMonospace: false), .serif)
        XCTAssertEqual(GenericFamily(familyName: "DejaVu Sans", isMonospace: false), .sansSerif)
        XCTAssertEqual(GenericFamily(familyName: "Noto Sans Mono", isMonospace: false), .monospace)
        XCTAssertEqual(GenericFamily(familyName: "Inconsolata", isMonospace: true), .monospace)
        XCTAssertEqual(GenericFamily(familyName: "Noto Naskh Arabic", isMonospace: false), .serif)
        XCTAssertEqual(GenericFamily(familyName: "Noto Kufi Arabic", isMonospace: false), .sansSerif)
        XCTAssertNil(GenericFamily(familyName: "Symbola", isMonospace: false))
        XCTAssertNil(GenericFamily(familyName: "Sansation", isMonospace: false), "a word, not a prefix")
        // The chain's own kind first, then a face of no known kind, then the others.
        XCTAssertLessThan(GenericFamily.serif.distance(to: .serif), GenericFamily.serif.distance(to: nil))
        XCTAssertLessThan(GenericFamily.serif.distance(to: nil), GenericFamily.serif.distance(to: .sansSerif))
        XCTAssertLessThan(GenericFamily.serif.distance(to: .sansSerif), GenericFamily.serif.distance(to: .monospace))
    }

    // MARK: Clusters

    func testAClusterIsNeverSplitBetweenFonts() throws {
        let fonts = try bundled()
        // Hebrew with points; Devanagari with a vowel sign; Thai with a vowel; a Latin letter with a
        // mark DejaVu Serif lacks (so the whole cluster moves to one installed font).
        let text = "שָׁלוֹם कि กำ a\u{359}"
        let prepared = PreparedParagraph(UnitSupport.paragraph(text), fonts: fonts)
        var start = 0
        while start < prepared.count {
            var end = start + 1
            while end < prepared.count && !prepared.clusterStarts[end] { end += 1 }
            let indices = Set(prepared.fontIndices[start..<end])
            XCTAssertEqual(indices.count, 1, "cluster at \(start) split over fonts \(indices)")
            let font = fonts.fonts[Int(prepared.fontIndices[start])]
            for i in start..<end where prepared.paragraph.scalars[i] != 0x20 {
                XCTAssertTrue(
                    font.covers(prepared.paragraph.scalars[i]),
                    "U+\(String(prepared.paragraph.scalars[i], radix: 16)) not in \(font.familyName)")
            }
            start = end
        }
        XCTAssertEqual(prepared.uncovered, 0)
        let marked = try XCTUnwrap(fonts.sources(of: "a\u{359}").first)
        XCTAssertTrue(marked.isFallback, "the base DejaVu has goes with the mark it lacks")
    }

    // MARK: Determinism

    func testIndicesFollowTheTextWhateverWasLookedUpBefore() throws {
        let text = "Shalom שלום, ☕ ok, สวัสดี and नमस्ते, مرحبا."
        let cold = try bundled()
        let first = try layout(text, fonts: cold)
        // A chain sharing a fallback that has already answered the same characters in another order.
        let shared = FontFallback()
        _ = try bundled(fallback: shared).sources(of: "مرحبا नमस्ते ☕ สวัสดี שלום")
        let warm = try bundled(fallback: shared)
        let second = try layout(text, fonts: warm)
        XCTAssertEqual(
            first.pages.flatMap(\.lines).flatMap(\.runs).map(\.fontIndex),
            second.pages.flatMap(\.lines).flatMap(\.runs).map(\.fontIndex))
        XCTAssertEqual(cold.files, warm.files)
        // Numbered in the order the text first needs them: Hebrew, emoji, Thai, Devanagari, Arabic.
        let order = cold.fonts[cold.configuredCount...].map(\.familyName)
        XCTAssertEqual(order.count, 5, "\(order)")
        XCTAssertTrue(
            order[0].contains("Hebrew") && order[2].contains("Thai") && order[3].contains("Devanagari")
                && order[4].contains("Arabic"), "\(order)")
    }

    func testParallelPageMapsAgreeWithTheSequentialLayout() throws {
        let line = "Line of text with שלום and สวัสดี and नमस्ते and ☕ mixed in, long enough to wrap over the page width. "
        let text = (0..<400).map { "\($0) " + line }.joined(separator: "\n")
        let storage = TextStorage(text)
        let settings = UnitSupport.settings(fontSize: 10, mode: .lines)
        let sequential = PageMap(try LayoutManager(fonts: try bundled(), settings: settings).layout(storage, includeRuns: false))
        for _ in 0..<3 {
            let parallel = try LayoutManager(fonts: try bundled(), settings: settings).pageMap(storage, jobs: 4)
            XCTAssertEqual(parallel.entries, sequential.entries)
        }
    }

    func testAParallelPageMapLeavesTheCallersChainAsItWas() throws {
        let text = (0..<200).map { "\($0) Hebrew שלום, Thai สวัสดี, Devanagari नमस्ते, emoji ☕, Arabic مرحبا." }.joined(separator: "\n")
        let storage = TextStorage(text)
        let settings = UnitSupport.settings(fontSize: 10, mode: .lines)
        let used = try bundled()
        _ = try LayoutManager(fonts: used, settings: settings).pageMap(storage, jobs: 4)
        XCTAssertEqual(used.fonts.count, used.configuredCount, "the workers' fallback faces are not kept")
        let fresh = try bundled()
        let afterPageMap = try LayoutManager(fonts: used, settings: settings).layout(storage)
        let cold = try LayoutManager(fonts: fresh, settings: settings).layout(storage)
        XCTAssertEqual(
            afterPageMap.pages.flatMap(\.lines).flatMap(\.runs).map(\.fontIndex),
            cold.pages.flatMap(\.lines).flatMap(\.runs).map(\.fontIndex))
        XCTAssertEqual(used.files, fresh.files)
    }

    // MARK: Nothing covers it

    func testACharacterNothingCoversIsStillReplacedAndCounted() throws {
        // U+0378 is unassigned: no font has it.
        let fonts = try bundled()
        let replaced = try layout("a\u{378}b\u{378}", fonts: fonts)
        XCTAssertEqual(replaced.diagnostics.uncoveredCharacters, 2)
        XCTAssertEqual(replaced.diagnostics.summary, "2 characters not covered by any font")
        XCTAssertEqual(replaced.pages[0].lines[0].text, "a\u{FFFD}b\u{FFFD}")
        XCTAssertEqual(fonts.fonts.count, fonts.configuredCount)
        XCTAssertNil(fonts.sources(of: "\u{378}").first?.fontIndex)
    }

    func testWithoutFallbackInstalledFontsAreNotConsulted() throws {
        let fonts = try bundled(fallback: nil)
        let replaced = try layout("a\u{E01}b", fonts: fonts)
        XCTAssertEqual(replaced.diagnostics.uncoveredCharacters, 1)
        XCTAssertEqual(replaced.pages[0].lines[0].text, "a\u{FFFD}b")
        XCTAssertEqual(fonts.fonts.count, 2)
    }

    // MARK: Copies and cache keys

    func testAReopenedChainKeepsTheFallbackFacesAndTheirIndices() throws {
        let fonts = try bundled()
        _ = fonts.sources(of: "ש ☕")
        let copy = try fonts.reopened()
        XCTAssertEqual(copy.files, fonts.files)
        XCTAssertEqual(copy.sources(of: "☕ ש").compactMap(\.fontIndex), fonts.sources(of: "☕ ש").compactMap(\.fontIndex))
        XCTAssertEqual(copy.fonts.count, fonts.fonts.count)
    }

    func testCacheKeysNameTheConfiguredFontsAndWhetherFallbackIsOn() throws {
        let cache = PageMapCache(directory: "/nonexistent", version: "test")
        let content = ContentHash([UInt8]("text".utf8))
        let settings = UnitSupport.settings()
        let fonts = try bundled()
        let before = cache.key(content: content, settings: settings, fonts: fonts)
        _ = fonts.sources(of: "ש")
        XCTAssertGreaterThan(fonts.fonts.count, fonts.configuredCount)
        XCTAssertEqual(
            cache.key(content: content, settings: settings, fonts: fonts), before,
            "a key made before layout matches one made after fallback added faces")
        XCTAssertEqual(cache.key(content: content, settings: settings, fontFiles: fonts.configuredFiles), before)
        XCTAssertNotEqual(cache.key(content: content, settings: settings, fonts: try bundled(fallback: nil)), before)
        XCTAssertTrue(
            PageMapCache.describe(version: "v", content: "c", settings: settings, fontFiles: [])
                .contains(InstalledFontsStamp.current()))
    }
}
