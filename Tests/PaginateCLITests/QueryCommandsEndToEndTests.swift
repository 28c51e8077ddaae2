import Foundation
import Synchronization
import TestSupport
import XCTest

/// The query commands — `count` (batches), `locate` (every selector), `map --lines`, `page` and
/// `find` — run as the built binary on both corpora, checked against each other and the source bytes.
final class QueryCommandsEndToEndTests: XCTestCase {
    // Unsafe because it is a plain static cache: XCTest runs the tests one after another on one
    // thread (`--parallel` uses processes), and only that thread reads and writes it.
    nonisolated(unsafe) private static var maps: [Corpus: PageMap] = [:]

    override class func tearDown() {
        maps = [:]
        super.tearDown()
    }

    /// The page map of `corpus`, made once per test class.
    private static func map(_ corpus: Corpus) throws -> PageMap {
        if let cached = maps[corpus] { return cached }
        let run = try PaginateBinary.run(["map", corpus.url.path] + Corpus.options)
        guard run.status == 0 else { throw ProcessFailure(description: "map failed: \(run.summary)") }
        let map = try PageMap(json: run.stdout)
        maps[corpus] = map
        return map
    }

    // MARK: locate

    func testLocateAgreesWithTheMapOnBothSidesOfPageBoundaries() throws {
        for corpus in Corpus.allCases {
            let map = try Self.map(corpus)
            // About 40 boundaries spread over the book (all of them for a short text). The last
            // byte before each is located with --json: its page is the one before, it sits on that
            // page's last line, and that line ends exactly at the boundary. For every eighth
            // boundary the first and second bytes after it are located too.
            let boundaries = Array(map.pages.dropFirst())
            let step = max(1, boundaries.count / 40)
            var cases: [(offset: Int, page: Int)] = [(0, 1), (map.bytes, map.pageCount)]
            for (index, entry) in boundaries.enumerated() where index % step == 0 {
                cases.append((entry.start - 1, entry.page - 1))
                if index % (8 * step) == 0 {
                    cases.append((entry.start, entry.page))
                    if entry.end - entry.start > 1 { cases.append((entry.start + 1, entry.page)) }
                }
            }

            let runs = try Self.parallel(cases) { item in
                try PaginateBinary.run(["locate", corpus.url.path, "--offset", String(item.offset), "--json"] + Corpus.options)
            }
            for (item, run) in zip(cases, runs) {
                XCTAssertEqual(run.status, 0, "\(corpus.rawValue) --offset \(item.offset): \(run.summary)")
                let record = try JSONRecord(run.stdout)
                XCTAssertEqual(record.int("version"), 1)
                XCTAssertEqual(record.int("offset"), item.offset)
                XCTAssertEqual(record.int("page"), item.page, "\(corpus.rawValue): locate --offset \(item.offset)")
                try checkLine(of: record, in: map, corpus: corpus)
            }
        }
    }

    /// The located line lies within its page's range, holds the offset, and is the page's first or
    /// last line when the offset is the page's first or last byte.
    private func checkLine(of record: JSONRecord, in map: PageMap, corpus: Corpus) throws {
        let offset = try XCTUnwrap(record.int("offset")), page = try XCTUnwrap(record.int("page"))
        let entry = map.pages[page - 1]
        let range = try record.object("lineRange")
        let (start, end) = (try XCTUnwrap(range.int("start")), try XCTUnwrap(range.int("end")))
        XCTAssertTrue(entry.start <= start && end <= entry.end, "\(corpus.rawValue) \(offset): line \(start)..<\(end) outside page \(page)")
        if offset < map.bytes {
            XCTAssertTrue(start <= offset && offset < end, "\(corpus.rawValue): line \(start)..<\(end) does not hold \(offset)")
        }
        if offset == entry.start { XCTAssertEqual(record.int("line"), 1, "\(corpus.rawValue) \(offset)") }
        if offset == entry.end - 1 {
            XCTAssertEqual(record.int("line"), entry.lines, "\(corpus.rawValue) \(offset)")
            XCTAssertEqual(end, entry.end, "\(corpus.rawValue) \(offset): the page's last line ends where the page does")
        }
        let rect = try record.object("rect")
        XCTAssertGreaterThanOrEqual(rect.double("x") ?? -1, 0)
        XCTAssertGreaterThan(rect.double("height") ?? 0, 0)
    }

    func testLineAndCharacterSelectorsAgreeWithTheByteOffset() throws {
        // Each place is named twice — by source line and by character index, both computed here
        // from the file's bytes — and both answers must be the same, for the right byte.
        var cases: [(corpus: Corpus, arguments: [[String]], offset: Int)] = []
        for corpus in Corpus.allCases {
            let bytes = [UInt8](try corpus.bytes())
            let lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A && $0 + 1 < bytes.count }.map { $0 + 1 }
            // Character indices count Unicode scalars: in valid UTF-8, the bytes that start one.
            let scalarStarts = bytes.indices.filter { bytes[$0] & 0xC0 != 0x80 }
            let scalarIndex = { (offset: Int) in scalarStarts.firstIndex(of: offset)! }
            for line in Set([1, 2, lineStarts.count / 3, lineStarts.count]).sorted() {
                let offset = lineStarts[line - 1]
                cases.append((corpus, [["--line", String(line)], ["--char", String(scalarIndex(offset))]], offset))
            }
            // A place inside a line, and the end of the text (one past the last character).
            let inside = scalarStarts.count / 2 + 7
            cases.append((corpus, [["--char", String(inside)], ["--offset", String(scalarStarts[inside])]], scalarStarts[inside]))
            cases.append((corpus, [["--char", String(scalarStarts.count)]], bytes.count))
        }
        let runs = try Self.parallel(cases.flatMap { item in item.arguments.map { (item.corpus, $0) } }) { corpus, arguments in
            try PaginateBinary.run(["locate", corpus.url.path, "--json"] + arguments + Corpus.options)
        }
        var next = runs.makeIterator()
        for item in cases {
            let map = try Self.map(item.corpus)
            var outputs: [String] = []
            for arguments in item.arguments {
                let run = try XCTUnwrap(next.next())
                let what = "\(item.corpus.rawValue) \(arguments.joined(separator: " ")) (byte \(item.offset))"
                XCTAssertEqual(run.status, 0, "\(what): \(run.summary)")
                let record = try JSONRecord(run.stdout)
                XCTAssertEqual(record.int("offset"), item.offset, what)
                XCTAssertEqual(record.int("page"), map.page(holding: item.offset) ?? map.pageCount, what)
                try checkLine(of: record, in: map, corpus: item.corpus)
                outputs.append(run.output)
            }
            XCTAssertEqual(Set(outputs).count, 1, "every selector of byte \(item.offset) gives the same answer: \(outputs)")
        }
    }

    func testLocateTextFindsTheFirstOccurrenceAcrossASourceLineBreak() throws {
        let corpus = Corpus.prideAndPrejudice
        let bytes = try corpus.bytes()
        // The source wraps this sentence after "possession".
        let phrase = "a single man in possession of a good fortune"
        let wrapped = Data("a single man in possession\nof a good fortune".utf8)
        let expected = try XCTUnwrap(bytes.range(of: wrapped)?.lowerBound)
        let located = try PaginateBinary.run(["locate", corpus.url.path, "--text", phrase, "--json"] + Corpus.options)
        XCTAssertEqual(located.status, 0, located.summary)
        XCTAssertEqual(try JSONRecord(located.stdout).int("offset"), expected)

        let missing = try PaginateBinary.run(["locate", corpus.url.path, "--text", "a single man in want of a wife"] + Corpus.options)
        XCTAssertEqual(missing.status, 1, missing.summary)
        XCTAssertEqual(missing.output, "")
        XCTAssertEqual(missing.errorLines.count, 1, missing.errors)
        XCTAssertTrue(missing.errors.hasPrefix("paginate: error:") && missing.errors.contains("not found"), missing.errors)
    }

    func testLocateRefusesMissingExtraAndOutOfRangeSelectors() throws {
        let path = Corpus.diamondSutra.url.path
        let size = try Corpus.diamondSutra.bytes().count
        let cases: [(arguments: [String], status: Int32, mentions: String)] = [
            ([], 64, "--offset"),
            (["--offset", "3", "--line", "2"], 64, "only one"),
            (["--char", "5", "--text", "如是"], 64, "only one"),
            (["--offset", String(size + 1)], 64, "beyond the end"),
            (["--char", String(size)], 64, "beyond the end"),
            (["--line", "100000"], 64, "beyond the end"),
            (["--line", "0"], 64, "--line"),
            (["--offset", "-1"], 64, "--offset"),
            (["--text", "   "], 64, "--text"),
            (["--text", "Elizabeth"], 1, "not found"),
        ]
        for item in cases {
            let run = try PaginateBinary.run(["locate", path] + item.arguments + Corpus.options)
            let what = "locate \(item.arguments.joined(separator: " "))"
            XCTAssertEqual(run.status, item.status, "\(what): \(run.summary)")
            XCTAssertEqual(run.output, "", what)
            XCTAssertEqual(run.errorLines.count, 1, "\(what): \(run.errors)")
            XCTAssertTrue(run.errors.hasPrefix("paginate: error:"), "\(what): \(run.errors)")
            XCTAssertTrue(run.errors.contains(item.mentions), "\(what) should mention '\(item.mentions)': \(run.errors)")
        }
    }

    // MARK: page

    func testPageTextOfEveryPageIsTheSourceText() throws {
        for corpus in Corpus.allCases {
            let map = try Self.map(corpus)
            let run = try PaginateBinary.run(["page", corpus.url.path, "1-\(map.pageCount)"] + Corpus.options)
            XCTAssertEqual(run.status, 0, run.summary)
            XCTAssertTrue(run.output.hasSuffix("\n"), "\(corpus.rawValue): the output should end with a newline")
            let pages = run.output.components(separatedBy: "\u{0C}\n")
            XCTAssertEqual(pages.count, map.pageCount, "\(corpus.rawValue): one form feed line between pages")
            for (page, entry) in zip(pages, map.pages) {
                XCTAssertEqual(
                    page.split(separator: "\n", omittingEmptySubsequences: false).count - 1, entry.lines,
                    "\(corpus.rawValue): page \(entry.page) should print its \(entry.lines) lines")
            }
            for line in run.output.split(separator: "\n") where line != "\u{0C}" {
                XCTAssertFalse(line.last?.isWhitespace ?? false, "\(corpus.rawValue): trailing white space in '\(line)'")
            }
            let source = String(decoding: try corpus.bytes(), as: UTF8.self)
            let difference = VisibleText.firstDifference(
                expected: VisibleText.expected(fromSource: source),
                actual: VisibleText.of(run.output))
            XCTAssertNil(difference, "\(corpus.rawValue): \(difference ?? "")")
        }
    }

    func testPageJSONMatchesThePageText() throws {
        let corpus = Corpus.diamondSutra
        let map = try Self.map(corpus)
        let range = "2-\(map.pageCount)"
        let text = try PaginateBinary.run(["page", corpus.url.path, range] + Corpus.options)
        let json = try PaginateBinary.run(["page", corpus.url.path, range, "--json"] + Corpus.options)
        XCTAssertEqual(json.status, 0, json.summary)
        let document = try JSONRecord(json.stdout)
        XCTAssertEqual(document.int("version"), 1)
        let pages = try document.objects("pages")
        XCTAssertEqual(pages.map { $0.int("page") ?? 0 }, Array(2...map.pageCount))
        var lines: [String] = []
        for (page, entry) in zip(pages, map.pages.dropFirst()) {
            let pageLines = try page.objects("lines")
            XCTAssertEqual(pageLines.map { $0.int("line") ?? 0 }, Array(1...entry.lines))
            XCTAssertEqual(pageLines.first?.int("start"), entry.start)
            XCTAssertEqual(pageLines.last?.int("end"), entry.end)
            for (line, next) in zip(pageLines, pageLines.dropFirst()) {
                XCTAssertEqual(line.int("end"), next.int("start"), "page \(entry.page): line ranges are contiguous")
                XCTAssertLessThan(try line.object("rect").double("y") ?? 0, try next.object("rect").double("y") ?? 0)
            }
            if !lines.isEmpty { lines.append("\u{0C}") }
            lines += pageLines.map { $0.string("text") ?? "<no text>" }
        }
        XCTAssertEqual(lines.map { $0 + "\n" }.joined(), text.output)
    }

    func testPageRefusesPagesThatDoNotExist() throws {
        let path = Corpus.diamondSutra.url.path
        let count = try Self.map(.diamondSutra).pageCount
        for pages in ["0", String(count + 1), "2-\(count + 1)", "5-3", "x", "2-x"] {
            let run = try PaginateBinary.run(["page", path, pages] + Corpus.options)
            XCTAssertEqual(run.status, 64, "page \(pages): \(run.summary)")
            XCTAssertEqual(run.output, "")
            XCTAssertEqual(run.errorLines.count, 1, run.errors)
            XCTAssertTrue(run.errors.hasPrefix("paginate: error:"), run.errors)
        }
        let last = try PaginateBinary.run(["page", path, "\(count)-"] + Corpus.options)
        let single = try PaginateBinary.run(["page", path, String(count)] + Corpus.options)
        XCTAssertEqual(last.status, 0, last.summary)
        XCTAssertEqual(last.output, single.output, "N- runs to the last page")
    }

    // MARK: count

    func testBatchCountMatchesSingleCountsAndReportsTheUnreadableFile() throws {
        var single: [Corpus: Int] = [:]
        for corpus in Corpus.allCases {
            let run = try PaginateBinary.run(["count", corpus.url.path] + Corpus.options)
            XCTAssertEqual(run.status, 0, run.summary)
            single[corpus] = Int(run.output.dropLast())
        }
        let scratch = try TemporaryDirectory.make(prefix: "count")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let missing = scratch.appendingPathComponent("missing.txt").path
        let pride = Corpus.prideAndPrejudice.url.path, sutra = Corpus.diamondSutra.url.path

        // Text: one line per file in input order; the failure in the middle does not stop the rest.
        let text = try PaginateBinary.run(["count", pride, missing, sutra] + Corpus.options)
        XCTAssertEqual(text.status, 66, text.summary)
        let rows = text.output.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(rows.count, 3, text.output)
        XCTAssertEqual(rows[0], [String(single[.prideAndPrejudice] ?? -1), pride])
        XCTAssertEqual(rows[1].prefix(2), ["error", missing])
        XCTAssertEqual(rows[1].count, 3)
        XCTAssertEqual(rows[2], [String(single[.diamondSutra] ?? -1), sutra])
        XCTAssertEqual(text.errorLines.count, 1, text.errors)
        XCTAssertTrue(text.errors.hasPrefix("paginate: error: \(missing): "), text.errors)

        // JSON lines, with a folder as the unreadable input.
        let json = try PaginateBinary.run(["count", "--json", sutra, scratch.path, pride] + Corpus.options)
        XCTAssertEqual(json.status, 66, json.summary)
        let records = try json.output.split(separator: "\n").map { try JSONRecord(Data($0.utf8)) }
        XCTAssertEqual(records.count, 3, json.output)
        XCTAssertEqual(records.map { $0.int("version") }, [1, 1, 1])
        XCTAssertEqual(records.map { $0.string("path") }, [sutra, scratch.path, pride])
        XCTAssertEqual(records[0].int("pages"), single[.diamondSutra])
        XCTAssertEqual(records[0].int("bytes"), try Corpus.diamondSutra.bytes().count)
        XCTAssertNotNil(records[1].string("error"))
        XCTAssertNil(records[1].int("pages"))
        XCTAssertEqual(records[2].int("pages"), single[.prideAndPrejudice])
        XCTAssertEqual(records[2].int("bytes"), try Corpus.prideAndPrejudice.bytes().count)
        XCTAssertTrue(json.errors.hasPrefix("paginate: error: \(scratch.path): "), json.errors)

        // A single file with --json gives the record too.
        let one = try PaginateBinary.run(["count", sutra, "--json"] + Corpus.options)
        XCTAssertEqual(one.status, 0, one.summary)
        XCTAssertEqual(try JSONRecord(one.stdout).int("pages"), single[.diamondSutra])
    }

    // MARK: map --lines

    func testMapLinesListsEveryLineAndLeavesThePlainMapUnchanged() throws {
        let corpus = Corpus.diamondSutra
        let plain = try PaginateBinary.run(["map", corpus.url.path] + Corpus.options)
        let withLines = try PaginateBinary.run(["map", corpus.url.path, "--lines", "--json"] + Corpus.options)
        XCTAssertEqual(withLines.status, 0, withLines.summary)
        // Everything up to the end of "pages" is the plain map, byte for byte.
        XCTAssertTrue(withLines.output.hasPrefix(String(plain.output.dropLast(3))), "the plain map should be a prefix")
        let document = try JSONRecord(withLines.stdout)
        XCTAssertEqual(document.int("version"), 1)
        let map = try PageMap(json: withLines.stdout)
        let lines = try document.objects("lineFragments")
        XCTAssertEqual(lines.count, map.pages.reduce(0) { $0 + $1.lines })
        var expectedStart = 0
        for entry in map.pages {
            let pageLines = lines.filter { $0.int("page") == entry.page }
            XCTAssertEqual(pageLines.map { $0.int("line") ?? 0 }, Array(1...entry.lines))
            for line in pageLines {
                XCTAssertEqual(line.int("start"), expectedStart, "page \(entry.page) line \(line.int("line") ?? 0)")
                expectedStart = line.int("end") ?? -1
                XCTAssertEqual(line.int("column"), 0)
                let rect = try line.object("rect")
                XCTAssertGreaterThanOrEqual(rect.double("x") ?? -1, 36)
                XCTAssertGreaterThan(rect.double("height") ?? 0, 0)
            }
            XCTAssertEqual(expectedStart, entry.end, "the last line of page \(entry.page) ends where the page does")
        }
    }

    // MARK: find

    func testFindGivesOneRectanglePerLineForAPhraseBrokenAcrossLinesAndPages() throws {
        let corpus = Corpus.prideAndPrejudice
        // Two laid-out lines in the middle of page 20 and the last and first lines around the
        // break to page 21, read from `page --json`.
        let pages = try PaginateBinary.run(["page", corpus.url.path, "20-21", "--json"] + Corpus.options)
        XCTAssertEqual(pages.status, 0, pages.summary)
        let document = try JSONRecord(pages.stdout)
        let page20 = try document.objects("pages")[0].objects("lines")
        let page21 = try document.objects("pages")[1].objects("lines")
        let wordy = { (line: JSONRecord) in (line.string("text") ?? "").split(separator: " ").count >= 3 }
        let middle = try XCTUnwrap(zip(page20, page20.dropFirst()).dropFirst(5).first { wordy($0.0) && wordy($0.1) })
        let lastOf20 = try XCTUnwrap(page20.last { wordy($0) })
        let firstOf21 = try XCTUnwrap(page21.first { wordy($0) })

        for (first, second, pagesExpected) in [(middle.0, middle.1, [20, 20]), (lastOf20, firstOf21, [20, 21])] {
            let tail = (first.string("text") ?? "").split(separator: " ").suffix(2)
            let head = (second.string("text") ?? "").split(separator: " ").prefix(2)
            let phrase = (tail + head).joined(separator: " ")
            let run = try PaginateBinary.run(["find", corpus.url.path, phrase, "--json"] + Corpus.options)
            XCTAssertEqual(run.status, 0, "find '\(phrase)': \(run.summary)")
            let records = try run.output.split(separator: "\n").map { try JSONRecord(Data($0.utf8)) }
            XCTAssertTrue(records.allSatisfy { $0.int("version") == 1 })
            let lineStart = try XCTUnwrap(first.int("start")), lineEnd = try XCTUnwrap(first.int("end"))
            let hit = try XCTUnwrap(
                records.first { ($0.int("start") ?? -1) >= lineStart && ($0.int("start") ?? -1) < lineEnd },
                "no occurrence of '\(phrase)' starts on the line '\(first.string("text") ?? "")'")
            XCTAssertEqual(hit.int("page"), pagesExpected[0])
            XCTAssertEqual(hit.int("line"), first.int("line"))
            let rects = try hit.objects("rects")
            XCTAssertGreaterThanOrEqual(rects.count, 2, "'\(phrase)' spans two lines: \(run.output)")
            let top = try XCTUnwrap(rects.first), bottom = try XCTUnwrap(rects.last)
            XCTAssertEqual([top.int("page") ?? 0, bottom.int("page") ?? 0], pagesExpected)
            let firstRect = try first.object("rect"), secondRect = try second.object("rect")
            // Each rectangle is on its line; the last starts where its line starts.
            XCTAssertEqual(top.double("y"), firstRect.double("y"))
            XCTAssertEqual(bottom.double("y"), secondRect.double("y"))
            // The first rectangle runs to the end of its line: past the drawn text by at most the
            // hanging space that ends the line.
            let topEnd = (top.double("x") ?? 0) + (top.double("width") ?? 0)
            let textEnd = (firstRect.double("x") ?? 0) + (firstRect.double("width") ?? 0)
            XCTAssertTrue(
                topEnd >= textEnd - 0.002 && topEnd <= textEnd + 11 / 2,
                "first rectangle ends at \(topEnd), its line's text at \(textEnd)")
            XCTAssertEqual(bottom.double("x"), secondRect.double("x"))
            XCTAssertGreaterThan(top.double("width") ?? 0, 0)
            XCTAssertGreaterThan(bottom.double("width") ?? 0, 0)
            if pagesExpected[0] == pagesExpected[1] {
                // Consecutive lines: one line pitch apart.
                XCTAssertEqual(rects.count, 2)
                XCTAssertEqual(second.int("line"), (first.int("line") ?? 0) + 1)
                XCTAssertEqual(bottom.double("y") ?? 0, (top.double("y") ?? 0) + (top.double("height") ?? 0), accuracy: 0.002)
            }

            // The text format names the same occurrences.
            let text = try PaginateBinary.run(["find", corpus.url.path, phrase] + Corpus.options)
            XCTAssertEqual(text.status, 0, text.summary)
            let expectedRows = records.map {
                "\($0.int("page") ?? 0)\t\($0.int("line") ?? 0)\t\($0.int("start") ?? 0)-\($0.int("end") ?? 0)"
            }
            XCTAssertEqual(text.output, expectedRows.map { $0 + "\n" }.joined())
        }
    }

    func testFindWithoutOccurrencesPrintsNothingAndFails() throws {
        let run = try PaginateBinary.run(["find", Corpus.prideAndPrejudice.url.path, "Mr. Darcy danced the tango"] + Corpus.options)
        XCTAssertEqual(run.status, 1, run.summary)
        XCTAssertEqual(run.output, "")
        XCTAssertEqual(run.errors, "")

        let empty = try PaginateBinary.run(["find", Corpus.diamondSutra.url.path, " "] + Corpus.options)
        XCTAssertEqual(empty.status, 64, empty.summary)
    }

    // MARK: Examples/chapter-pages.sh

    func testChapterPagesScriptOnPrideAndPrejudice() throws {
        let corpus = Corpus.prideAndPrejudice
        let script = Repository.url("Examples/chapter-pages.sh").path
        let binaryFolder = URL(fileURLWithPath: try PaginateBinary.executable()).deletingLastPathComponent().path
        let searchPath = binaryFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try ChildProcess.run(
            ["/usr/bin/env", "PATH=\(searchPath)", "bash", script, corpus.url.path] + Corpus.options,
            environment: PaginateBinary.environment())
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertEqual(run.errors, "")

        var lines = run.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "page\tline\theading")
        let summary = lines.removeLast()
        let rows = lines.dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        let map = try Self.map(corpus)
        XCTAssertEqual(summary, "# \(rows.count) chapters, \(map.pageCount) pages")
        XCTAssertEqual(rows.count, 61, "Pride and Prejudice has 61 chapters")
        XCTAssertTrue(rows.allSatisfy { $0.count == 3 })
        let pages = rows.compactMap { Int($0[0]) }
        XCTAssertEqual(pages.count, rows.count)
        XCTAssertEqual(pages, pages.sorted(), "chapters start on pages in book order")
        XCTAssertTrue(pages.allSatisfy { (1...map.pageCount).contains($0) })

        // The first chapter: its heading line as grep -n counts it, located on its own.
        let source = String(decoding: try corpus.bytes(), as: UTF8.self)
        let headingLine = try XCTUnwrap(source.components(separatedBy: "\n").firstIndex { $0.hasPrefix("Chapter I.") }) + 1
        XCTAssertEqual(rows[0][1], String(headingLine))
        XCTAssertEqual(rows[0][2], "Chapter I.]")
        let byLine = try PaginateBinary.run(["locate", corpus.url.path, "--line", String(headingLine)] + Corpus.options)
        XCTAssertEqual(byLine.output, "\(pages[0])\n", "the script's page for chapter I is locate --line's")

        // A heading is kept with its first lines: the first sentence is on the heading's page, and
        // the heading is not the last line of it (`page --json` says).
        let firstSentence = ["--text", "It is a truth universally acknowledged"]
        let sentence = try PaginateBinary.run(["locate", corpus.url.path] + firstSentence + Corpus.options)
        XCTAssertEqual(sentence.status, 0, sentence.summary)
        XCTAssertEqual(Int(sentence.output.dropLast()), pages[0], "chapter I's first sentence is on its heading's page")
        let headingPage = try PaginateBinary.run(["page", corpus.url.path, String(pages[0]), "--json"] + Corpus.options)
        let headingPageLines = try JSONRecord(headingPage.stdout).objects("pages")[0].objects("lines")
        XCTAssertNotEqual(headingPageLines.last { !($0.string("text") ?? "").isEmpty }?.string("text"), "Chapter I.]")
    }

    // MARK: helpers

    /// Runs `body` for every item on all cores; results come back in the items' order.
    private static func parallel<Item: Sendable, Result: Sendable>(
        _ items: [Item], _ body: @Sendable (Item) throws -> Result
    ) throws -> [Result] {
        let results = Mutex([Swift.Result<Result, Error>?](repeating: nil, count: items.count))
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            let result = Swift.Result { try body(items[index]) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { try $0!.get() }
    }
}

/// A JSON object read back with `JSONSerialization`, with typed accessors.
private struct JSONRecord {
    let values: [String: Any]

    init(_ data: Data) throws {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ProcessFailure(description: "not a JSON object: \(String(decoding: data, as: UTF8.self))")
        }
        values = object
    }

    init(values: [String: Any]) {
        self.values = values
    }

    func int(_ key: String) -> Int? { (values[key] as? NSNumber)?.intValue }
    func double(_ key: String) -> Double? { (values[key] as? NSNumber)?.doubleValue }
    func string(_ key: String) -> String? { values[key] as? String }

    func object(_ key: String) throws -> JSONRecord {
        guard let object = values[key] as? [String: Any] else { throw ProcessFailure(description: "'\(key)' is not an object") }
        return JSONRecord(values: object)
    }

    func objects(_ key: String) throws -> [JSONRecord] {
        guard let array = values[key] as? [[String: Any]] else { throw ProcessFailure(description: "'\(key)' is not an array of objects") }
        return array.map { JSONRecord(values: $0) }
    }
}
