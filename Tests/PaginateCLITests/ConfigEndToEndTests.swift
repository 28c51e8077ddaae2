import Foundation
import TestSupport
import XCTest

/// Settings from `PAGINATE_<OPTION>` variables and the config file: the same pages as the options
/// they stand for, and the precedence command line > environment > file > defaults.
final class ConfigEndToEndTests: XCTestCase {
    private var folder: URL!
    private var sample: String { Repository.url("Examples/pride-and-prejudice-1-3.txt").path }

    override func setUpWithError() throws {
        folder = try TemporaryDirectory.make(prefix: "config")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The page count `count` prints with these arguments and environment.
    private func pages(
        _ arguments: [String], environment: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> String {
        let run = try PaginateBinary.run(["count", sample] + arguments, environment: environment)
        XCTAssertEqual(run.status, 0, run.summary, file: file, line: line)
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A config file holding `text`, as the environment that names it.
    private func config(_ text: String) throws -> [String: String] {
        let url = folder.appendingPathComponent("config")
        try Data(text.utf8).write(to: url)
        return ["PAGINATE_CONFIG": url.path]
    }

    func testEnvironmentVariablesActAsTheirOptions() throws {
        let byOptions = try pages(["--page", "a6", "--size", "12", "--line-height", "1.5", "--kerning"])
        XCTAssertNotEqual(byOptions, try pages([]), "the options must change the count for this test to mean anything")
        let byEnvironment = try pages(
            [],
            environment: [
                "PAGINATE_PAGE": "a6", "PAGINATE_SIZE": "12",
                "PAGINATE_LINE_HEIGHT": "1.5", "PAGINATE_KERNING": "1",
            ])
        XCTAssertEqual(byEnvironment, byOptions)
    }

    func testTheConfigFileActsAsItsOptionsWithCommentsQuotesAndRepeatedFonts() throws {
        let font = Repository.url("Fonts/DejaVuSerif.ttf").path
        let fallback = Repository.url("Fonts/DroidSansFallback-Flat.ttf").path
        let byOptions = try pages([
            "--page", "a6", "--margin", "10mm", "--heading", "CHAPTER [IVX]+\\.", "--chapter-break",
            "--font", font, "--font", fallback,
        ])
        let environment = try config(
            """
            # a comment, then settings
            page = a6
              margin=10mm
            heading = "CHAPTER [IVX]+\\."
            chapter-break = yes

            font = \(font)
            font = \(fallback)
            """)
        XCTAssertEqual(try pages([], environment: environment), byOptions)
    }

    func testCommandLineBeatsEnvironmentBeatsFile() throws {
        let a5 = try pages(["--page", "a5"]), a6 = try pages(["--page", "a6"]), b5 = try pages(["--page", "b5"])
        XCTAssertEqual(Set([a5, a6, b5]).count, 3, "the page sizes must give different counts")
        var environment = try config("page = b5\n")
        XCTAssertEqual(try pages([], environment: environment), b5)
        environment["PAGINATE_PAGE"] = "a6"
        XCTAssertEqual(try pages([], environment: environment), a6)
        XCTAssertEqual(try pages(["--page", "a5"], environment: environment), a5)
        XCTAssertEqual(try pages(["--page=a5"], environment: environment), a5)
    }

    func testTheDefaultSubcommandAndOtherSubcommandsGetTheSettings() throws {
        let environment = ["PAGINATE_PAGE": "a6"]
        let output = folder.appendingPathComponent("out.json").path
        let render = try PaginateBinary.run([sample, "-o", output], environment: environment)
        XCTAssertEqual(render.status, 0, render.summary)
        let map = try PageMap(json: try Data(contentsOf: URL(fileURLWithPath: output)))
        XCTAssertEqual("\(map.pageCount)", try pages(["--page", "a6"]))
        let locate = try PaginateBinary.run(["locate", sample, "--offset", "19000"], environment: environment)
        let direct = try PaginateBinary.run(["locate", sample, "--offset", "19000", "--page", "a6"])
        XCTAssertEqual(locate.output, direct.output, locate.summary)
    }

    func testMistakesAreUsageErrorsThatNameTheirSource() throws {
        let unknown = try PaginateBinary.run(["count", sample], environment: try config("size = 10\npagee = a6\n"))
        XCTAssertEqual(unknown.status, 64, unknown.summary)
        XCTAssertTrue(unknown.errors.contains("config:2: unknown setting 'pagee'"), unknown.summary)

        let twice = try PaginateBinary.run(["count", sample], environment: try config("size = 10\nsize = 12\n"))
        XCTAssertEqual(twice.status, 64, twice.summary)

        let flag = try PaginateBinary.run(["count", sample], environment: ["PAGINATE_KERNING": "maybe"])
        XCTAssertEqual(flag.status, 64, flag.summary)
        XCTAssertTrue(flag.errors.contains("PAGINATE_KERNING"), flag.summary)

        let value = try PaginateBinary.run(["count", sample], environment: ["PAGINATE_SIZE": "big"])
        XCTAssertEqual(value.status, 64, value.summary)
    }

    func testHelpAndVersionIgnoreABrokenConfig() throws {
        let environment = try config("not a setting\n")
        XCTAssertEqual(try PaginateBinary.run(["--version"], environment: environment).status, 0)
        XCTAssertEqual(try PaginateBinary.run(["count", "--help"], environment: environment).status, 0)
        XCTAssertEqual(try PaginateBinary.run(["help", "map"], environment: environment).status, 0)
    }
}
