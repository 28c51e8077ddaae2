import TestSupport
import Foundation
import XCTest

/// Every subcommand that lays text out accepts and refuses exactly the same settings, with the
/// same exit code and the same message: the pages `count`, `map`, `locate`, `page` and `find`
/// report must be pages `render` can write, so no subcommand may lay out a page another refuses.
final class SettingsAgreementTests: XCTestCase {
    private var folder: URL!
    private var input: String!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory.make(prefix: "agreement")
        let url = folder.appendingPathComponent("hello.txt")
        try Data("Hello world, a short text.\n".utf8).write(to: url)
        input = url.path
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// One setting at an edge, and what every subcommand must do with it.
    private struct Case {
        let name: String
        let arguments: [String]
        /// The exit status: 0 accepted, 64 refused as a usage error, 65 no line fits.
        let status: Int32
        /// A fragment of the one-line error, for refusals.
        let message: String?

        static func accepts(_ name: String, _ arguments: [String]) -> Case {
            Case(name: name, arguments: arguments, status: 0, message: nil)
        }

        static func refuses(_ name: String, _ arguments: [String], status: Int32 = 64, _ message: String) -> Case {
            Case(name: name, arguments: arguments, status: status, message: message)
        }
    }

    private static let cases: [Case] = [
        .refuses(
            "a page narrower than a PDF page may be", ["--page", "2x600", "--margin", "0"], "--page must be between 3 and 14400 points"),
        .accepts("the smallest page", ["--page", "3x3", "--margin", "0", "--size", "1", "--line-height", "1"]),
        .refuses("a page wider than a PDF page may be", ["--page", "14401x600"], "--page must be between 3 and 14400 points"),
        .accepts("the largest page", ["--page", "14400x14400"]),
        .refuses("a page size that is not a number", ["--page", "nanx600"], "'nanx600' is invalid for '--page"),
        .refuses("margins that leave no room", ["--margin", "200"], "leave no room"),
        .refuses("margins that leave no room for one line", ["--page", "400x50", "--margin", "20"], status: 65, "too small for one line"),
        .refuses("a negative margin", ["--margin=-1"], "--margin cannot be negative"),
        .accepts("one column of 1 pt", ["--margin", "0,199.5,0,199.5"]),
        .accepts("two columns of 1 pt", ["--columns", "2", "--gutter", "398", "--margin", "0"]),
        .refuses("no columns", ["--columns", "0"], "--columns must be at least 1"),
        .refuses("a font size of 0", ["--size", "0"], "--size must be between 1 and 1000 points"),
        .refuses("a font size above the limit", ["--size", "1001"], "--size must be between 1 and 1000 points"),
        .refuses("a font size that is not a number", ["--size", "big"], "'big' is invalid for '--size"),
        .refuses("a line height below the limit", ["--line-height", "0.4"], "--line-height must be between 0.5 and 10"),
        .refuses("an indent wider than any page", ["--indent", "14401"], "--indent must be between 0 and 14400 points"),
        .refuses("a hyphenation minimum of 0", ["--hyphenate-min", "0,3"], "--hyphenate-min must be between 1 and 20"),
    ]

    /// Each subcommand's arguments around the settings.
    private func invocations(_ settings: [String]) -> [(name: String, arguments: [String])] {
        let pdf = folder.appendingPathComponent("out.pdf").path
        return [
            ("count", ["count", input] + settings),
            ("map", ["map", input] + settings),
            ("locate", ["locate", input, "--offset", "0"] + settings),
            ("render", ["render", input, "-o", pdf] + settings),
            ("page", ["page", input, "1"] + settings),
            ("find", ["find", input, "Hello"] + settings),
        ]
    }

    func testEverySubcommandAcceptsAndRefusesTheSameSettings() throws {
        for setting in Self.cases {
            var errorLines: [String: [String]] = [:]
            for (subcommand, arguments) in invocations(setting.arguments) {
                let run = try PaginateBinary.run(arguments)
                let context = "\(setting.name), \(subcommand): \(run.summary)"
                XCTAssertEqual(run.status, setting.status, context)
                if let message = setting.message {
                    XCTAssertEqual(run.errorLines.count, 1, context)
                    XCTAssertTrue(run.errors.contains(message), context)
                    errorLines[subcommand] = run.errorLines
                } else {
                    XCTAssertEqual(run.errors, "", context)
                }
            }
            // Not only the same code: the same words, from the same check.
            XCTAssertEqual(Set(errorLines.values).count, setting.message == nil ? 0 : 1, "\(setting.name): \(errorLines)")
        }
    }

    /// A setting from the config file is checked like one on the command line, by every subcommand.
    func testConfiguredSettingsAreCheckedAlike() throws {
        let config = folder.appendingPathComponent("config")
        try Data("page = 2x600\nmargin = 0\n".utf8).write(to: config)
        for (subcommand, arguments) in invocations([]) {
            let run = try PaginateBinary.run(arguments, environment: ["PAGINATE_CONFIG": config.path])
            XCTAssertEqual(run.status, 64, "\(subcommand): \(run.summary)")
            XCTAssertEqual(
                run.errorLines, ["paginate: error: --page must be between 3 and 14400 points on each side (got 2x600 pt)"], subcommand)
        }
    }
}
