import Foundation
import TestSupport
import XCTest

/// Project Gutenberg boilerplate and non-UTF-8 encodings, run as the built binary: the text laid
/// out is the book, converted to UTF-8, while every byte offset printed or accepted is an offset
/// into the original file.
final class SourceInputEndToEndTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory.make(prefix: "source-input")
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    /// A few pages of Pride and Prejudice: Chapter I and what follows.
    private func excerpt() throws -> String {
        let text = String(decoding: try Corpus.prideAndPrejudice.bytes(), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines[669..<830].joined(separator: "\n") + "\n"
    }

    private let header = """
        The Project Gutenberg eBook of Pride and Prejudice

        This eBook is for the use of anyone anywhere in the United States and
        most other parts of the world at no cost and with almost no restrictions
        whatsoever. HEADERLICENCE You may copy it, give it away or re-use it under
        the terms of the Project Gutenberg License included with this eBook.

        Title: Pride and Prejudice

        *** START OF THE PROJECT GUTENBERG EBOOK PRIDE AND PREJUDICE ***

        """

    private let footer = """
        *** END OF THE PROJECT GUTENBERG EBOOK PRIDE AND PREJUDICE ***

        Updated editions will replace the previous one. FOOTERLICENCE

        Section 1. General Terms of Use and Redistributing Project Gutenberg
        electronic works

        """

    private func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private func run(_ arguments: [String]) throws -> ProcessResult {
        try PaginateBinary.run(arguments + Corpus.options + ["--no-cache"])
    }

    private func map(_ path: String, _ extra: [String] = []) throws -> (map: PageMap, json: [String: Any], run: ProcessResult) {
        let run = try run(["map", path] + extra)
        XCTAssertEqual(run.status, 0, run.summary)
        let json = try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any] ?? [:]
        return (try PageMap(json: run.stdout), json, run)
    }

    private func locate(_ path: String, _ selector: [String], _ extra: [String] = []) throws -> [String: Any] {
        let run = try run(["locate", path, "--json"] + selector + extra)
        XCTAssertEqual(run.status, 0, run.summary)
        return try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any] ?? [:]
    }

    private func int(_ value: Any?) -> Int? { (value as? NSNumber)?.intValue }

    private func pdfText(_ path: String, _ extra: [String] = []) throws -> (text: String, run: ProcessResult) {
        let pdf = folder.appendingPathComponent(UUID().uuidString + ".pdf")
        let run = try run([path, "-o", pdf.path] + extra)
        XCTAssertEqual(run.status, 0, run.summary)
        return (try PDFTools.text(pdf, order: .reading), run)
    }

    // MARK: Project Gutenberg

    func testGutenbergBoilerplateIsLeftOutWithOffsetsIntoTheOriginal() throws {
        let book = try excerpt()
        let bookPath = try write(Array(book.utf8), "book.txt")
        let gutenberg = Array((header + book + footer).utf8)
        let path = try write(gutenberg, "pg.txt")
        let start = header.utf8.count, end = start + book.utf8.count

        let plain = try map(bookPath)
        let stripped = try map(path)
        XCTAssertGreaterThan(plain.map.pageCount, 2)
        XCTAssertEqual(stripped.map.bytes, gutenberg.count, "bytes is the file's length")
        XCTAssertEqual(stripped.map.pageCount, plain.map.pageCount)
        XCTAssertEqual(stripped.map.pages.first?.start, start, "the first page starts on the line after the start marker")
        XCTAssertEqual(stripped.map.pages.last?.end, end, "the last page ends before the end marker's line")
        XCTAssertEqual(
            stripped.map.pages.map { [$0.start - start, $0.end - start, $0.lines] },
            plain.map.pages.map { [$0.start, $0.end, $0.lines] }, "the pages of the book alone, moved by the header's length")
        let settings = stripped.json["settings"] as? [String: Any] ?? [:]
        XCTAssertEqual(settings["encoding"] as? String, "utf-8")
        let kept = settings["keptRange"] as? [String: Any] ?? [:]
        XCTAssertEqual((kept["start"] as? NSNumber)?.intValue, start)
        XCTAssertEqual((kept["end"] as? NSNumber)?.intValue, end)
        XCTAssertNil((plain.json["settings"] as? [String: Any])?["encoding"], "a plain UTF-8 file's map is unchanged")

        XCTAssertEqual(stripped.run.errorLines.count, 1, stripped.run.errors)
        let note = stripped.run.errorLines.first ?? ""
        XCTAssertTrue(note.hasPrefix("paginate: warning: "), note)
        XCTAssertTrue(note.contains("bytes \(start)-\(end)"), note)
        XCTAssertTrue(note.contains("--no-strip-boilerplate"), note)
        XCTAssertTrue(plain.run.errorLines.isEmpty, plain.run.errors)

        // A byte of the book is on the page it is on in the book alone.
        for offset in [0, 1_000, plain.map.pages[1].start - 1, plain.map.pages[1].start, book.utf8.count - 1] {
            let alone = try locate(bookPath, ["--offset", String(offset)])
            let within = try locate(path, ["--offset", String(start + offset)])
            XCTAssertEqual(int(within["page"]), int(alone["page"]), "offset \(offset) of the book")
            XCTAssertEqual(int(within["offset"]), start + offset)
            let range = within["lineRange"] as? [String: Any] ?? [:], aloneRange = alone["lineRange"] as? [String: Any] ?? [:]
            XCTAssertEqual(int(range["start"]), int(aloneRange["start"]).map { $0 + start })
            XCTAssertEqual(int(range["end"]), int(aloneRange["end"]).map { $0 + start })
        }
        let phrase = try locate(path, ["--text", "truth universally acknowledged"])
        XCTAssertEqual(int(phrase["offset"]), gutenberg.firstRange(of: Array("truth universally".utf8))?.lowerBound)
        let firstBookLine = header.split(separator: "\n", omittingEmptySubsequences: false).count
        let line = try locate(path, ["--line", String(firstBookLine)])
        XCTAssertEqual(int(line["offset"]), start, "line \(firstBookLine) of the file is the book's first line")

        // A byte of the licence is not laid out: a usage error naming the book's bytes.
        let header = try run(["locate", path, "--offset", "10"])
        XCTAssertEqual(header.status, 64, header.summary)
        XCTAssertEqual(
            header.errorLines.last?.hasPrefix("paginate: error: offset 10 is in the Project Gutenberg header or footer"), true,
            header.errors)
        XCTAssertEqual(header.errorLines.filter { $0.contains("error") }.count, 1)

        let found = try run(["find", path, "Netherfield Park"])
        let foundAlone = try run(["find", bookPath, "Netherfield Park"])
        let ranges = { (result: ProcessResult) in result.output.split(separator: "\n").map { $0.split(separator: "\t")[2] } }
        XCTAssertEqual(
            ranges(found).map(String.init),
            ranges(foundAlone).map { $0.split(separator: "-").map { String(Int($0)! + start) }.joined(separator: "-") })
        XCTAssertFalse(ranges(found).isEmpty)

        let pdf = try pdfText(path)
        XCTAssertFalse(pdf.text.contains("LICENCE"), "the licence text is not laid out")
        XCTAssertFalse(pdf.text.contains("START OF THE PROJECT"))
        XCTAssertTrue(pdf.text.contains("universally acknowledged"))
        XCTAssertEqual(pdf.text, try pdfText(bookPath).text, "the same PDF text as the book alone")
        XCTAssertTrue(pdf.run.errors.contains("Project Gutenberg header and footer left out"), pdf.run.errors)
    }

    func testNoStripBoilerplateAndASingleMarkerKeepTheWholeFile() throws {
        let book = try excerpt()
        let gutenberg = Array((header + book + footer).utf8)
        let path = try write(gutenberg, "pg.txt")
        let whole = try map(path, ["--no-strip-boilerplate"])
        XCTAssertEqual(whole.map.pages.first?.start, 0)
        XCTAssertEqual(whole.map.pages.last?.end, gutenberg.count)
        XCTAssertNil((whole.json["settings"] as? [String: Any])?["keptRange"])
        XCTAssertTrue(whole.run.errorLines.isEmpty, whole.run.errors)
        XCTAssertTrue(try pdfText(path, ["--no-strip-boilerplate"]).text.contains("HEADERLICENCE"))

        let onlyStart = Array((header + book).utf8)
        let onlyStartPath = try write(onlyStart, "start-only.txt")
        let single = try map(onlyStartPath)
        XCTAssertEqual(single.map.pages.first?.start, 0, "one marker is not enough")
        XCTAssertEqual(single.map.pages.last?.end, onlyStart.count)
        XCTAssertTrue(single.run.errorLines.isEmpty, single.run.errors)
        let asked = try run(["count", onlyStartPath, "--strip-boilerplate"])
        XCTAssertEqual(asked.status, 0)
        XCTAssertTrue(asked.errors.contains("no Project Gutenberg start and end markers found"), asked.errors)
    }

    // MARK: Encodings

    /// The excerpt with its curly quotes made straight, so that Latin-1 can hold it, and a few
    /// accented words.
    private func latinText() throws -> String {
        var text = try excerpt()
        for (from, to) in [("\u{201C}", "\""), ("\u{201D}", "\""), ("\u{2019}", "'"), ("\u{2018}", "'"), ("\u{0153}", "oe")] {
            text = text.replacingOccurrences(of: from, with: to)
        }
        return text + "\nA caf\u{E9} for the na\u{EF}ve r\u{E9}sum\u{E9} of \u{C9}lise, \u{A3}5 \u{B7} \u{FC}ber.\n"
    }

    func testLatin1AndUTF16LayOutLikeUTF8WithOffsetsIntoEachFile() throws {
        let text = try latinText()
        let utf8 = Array(text.utf8)
        let latin1 = text.unicodeScalars.map { UInt8($0.value) }
        let utf16: [UInt8] = [0xFF, 0xFE] + Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let paths = [try write(utf8, "utf8.txt"), try write(latin1, "latin1.txt"), try write(utf16, "utf16.txt")]
        let extra: [[String]] = [[], ["--encoding", "latin1"], []]  // UTF-16 is found from its byte order mark

        let maps = try zip(paths, extra).map { try map($0, $1) }
        XCTAssertEqual(maps.map(\.map.pageCount), Array(repeating: maps[0].map.pageCount, count: 3))
        XCTAssertEqual(maps.map(\.map.bytes), [utf8.count, latin1.count, utf16.count])
        XCTAssertEqual(maps.map { ($0.json["settings"] as? [String: Any])?["encoding"] as? String }, [nil, "latin1", "utf-16le"])
        for (index, result) in maps.enumerated() {
            XCTAssertTrue(result.run.errorLines.isEmpty, result.run.errors)
            XCTAssertEqual(result.map.pages.first?.start, 0)
            XCTAssertEqual(result.map.pages.last?.end, [utf8.count, latin1.count, utf16.count][index])
        }
        // Each page boundary is the same character, at its own offset in each file.
        for (index, page) in maps[0].map.pages.enumerated() {
            let before = String(decoding: utf8[..<page.start], as: UTF8.self)
            XCTAssertEqual(maps[1].map.pages[index].start, before.unicodeScalars.count, "Latin-1, page \(page.page)")
            XCTAssertEqual(maps[2].map.pages[index].start, page.start == 0 ? 0 : 2 + 2 * before.utf16.count, "UTF-16, page \(page.page)")
        }

        // A word's offset is where its bytes are in each file.
        let word = "na\u{EF}ve r\u{E9}sum\u{E9}"
        let encoded: [[UInt8]] = [
            Array(word.utf8), word.unicodeScalars.map { UInt8($0.value) },
            Array(word.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
        ]
        let files = [utf8, latin1, utf16]
        for index in 0..<3 {
            let expected = files[index].firstRange(of: encoded[index])!
            let located = try locate(paths[index], ["--text", word], extra[index])
            XCTAssertEqual(int(located["offset"]), expected.lowerBound, paths[index])
            let found = try run(["find", paths[index], word] + extra[index])
            XCTAssertEqual(
                found.output, "\(int(located["page"]) ?? 0)\t\(int(located["line"]) ?? 0)\t\(expected.lowerBound)-\(expected.upperBound)\n",
                found.summary)
            let back = try locate(paths[index], ["--offset", String(expected.lowerBound + 1)], extra[index])
            XCTAssertEqual(int(back["page"]), int(located["page"]))
            XCTAssertEqual(
                int(back["offset"]), expected.lowerBound + (index == 2 ? 0 : 1),
                "the second byte of a UTF-16 character locates the character's start")
        }
        let character = try locate(paths[2], ["--char", "1"])
        XCTAssertEqual(int(character["offset"]), 2, "character 0 is the byte order mark")

        let texts = try zip(paths, extra).map { try pdfText($0, $1).text }
        XCTAssertEqual(texts[1], texts[0], "Latin-1 draws the same text")
        XCTAssertEqual(texts[2], texts[0], "UTF-16 draws the same text")
        XCTAssertTrue(texts[0].contains("r\u{E9}sum\u{E9}"))
    }

    func testWindows1252KeepsCurlyQuotes() throws {
        let text = try excerpt() + "\n\u{20AC}5 \u{2014} \u{201C}quoted\u{201D}\n"
        let cp1252 = text.unicodeScalars.map { scalar -> UInt8 in
            let table: [UInt32: UInt8] = [0x201C: 0x93, 0x201D: 0x94, 0x2019: 0x92, 0x2018: 0x91, 0x0153: 0x9C, 0x20AC: 0x80, 0x2014: 0x97]
            return table[scalar.value] ?? UInt8(scalar.value)
        }
        let utf8Path = try write(Array(text.utf8), "utf8.txt")
        let path = try write(cp1252, "cp1252.txt")
        let converted = try pdfText(path, ["--encoding", "cp1252"])
        XCTAssertTrue(converted.run.errorLines.isEmpty, converted.run.errors)
        XCTAssertEqual(converted.text, try pdfText(utf8Path).text)
        let located = try locate(path, ["--text", "\u{201C}quoted"], ["--encoding", "cp1252"])
        XCTAssertEqual(int(located["offset"]), cp1252.count - 9)
    }

    func testUndecodableInputIsReplacedWithOneWarning() throws {
        // UTF-16LE with a byte order mark, an unpaired surrogate and an odd last byte.
        let bytes: [UInt8] = [0xFF, 0xFE, 0x48, 0x00, 0x69, 0x00, 0x00, 0xD8, 0x21, 0x00, 0x0A]
        let path = try write(bytes, "broken.txt")
        let result = try run(["count", path])
        XCTAssertEqual(result.status, 0, result.summary)
        XCTAssertEqual(result.output, "1\n")
        XCTAssertEqual(result.errorLines, ["paginate: warning: \(path): 2 invalid UTF-16LE sequences replaced by U+FFFD"])
        let cp = try write([0x41, 0x81, 0x42], "undefined.txt")
        let undefined = try run(["count", cp, "--encoding", "cp1252"])
        XCTAssertEqual(undefined.errorLines, ["paginate: warning: \(cp): 1 byte undefined in CP1252 replaced by U+FFFD"])
    }

    func testBadEncodingIsAUsageError() throws {
        let path = try write(Array("text\n".utf8), "text.txt")
        let result = try run(["count", path, "--encoding", "ebcdic"])
        XCTAssertEqual(result.status, 64, result.summary)
        XCTAssertEqual(result.errorLines.count, 1, result.errors)
        XCTAssertTrue(result.errors.contains("ebcdic"), result.errors)
        XCTAssertTrue(result.output.isEmpty)
    }

    // MARK: Cache

    func testTheCacheNeverAnswersForAnotherEncodingOrStripping() throws {
        let cache = folder.appendingPathComponent("cache").path
        func cached(_ arguments: [String]) throws -> String {
            let result = try PaginateBinary.run(arguments + Corpus.options, cacheDirectory: cache)
            XCTAssertEqual(result.status, 0, result.summary)
            return result.output
        }
        let text = try latinText()
        let utf16 = try write([0xFF, 0xFE] + Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "utf16.txt")
        let gutenberg = try write(Array((header + text + footer).utf8), "pg.txt")
        let questions: [[String]] = [
            ["map", utf16, "--encoding", "utf-8"], ["map", utf16], ["map", utf16, "--encoding", "utf-8"], ["map", utf16],
            ["map", gutenberg], ["map", gutenberg, "--no-strip-boilerplate"], ["map", gutenberg],
            ["locate", gutenberg, "--offset", String(header.utf8.count + 3000)],
            ["locate", gutenberg, "--offset", String(header.utf8.count + 3000), "--no-strip-boilerplate"],
            ["count", gutenberg, "--json"], ["count", gutenberg, "--json", "--no-strip-boilerplate"],
        ]
        for question in questions {
            XCTAssertEqual(try cached(question), try run(question).output, question.joined(separator: " "))
        }
        XCTAssertNotEqual(try cached(["map", utf16]), try cached(["map", utf16, "--encoding", "utf-8"]))
    }
}
