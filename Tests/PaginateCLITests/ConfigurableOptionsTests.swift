import TestSupport
import Foundation
import XCTest

/// The config file and the environment know every layout option: the table of configurable names
/// (kept by hand, as swift-argument-parser offers no public list of a command's options) must
/// hold exactly the options and flags all layout subcommands share.
final class ConfigurableOptionsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TemporaryDirectory.make(prefix: "configurable")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The long names of a subcommand's options and flags, from `--experimental-dump-help`, each
    /// with whether it is a flag.
    private func longNames(of subcommand: String) throws -> Set<String> {
        let run = try PaginateBinary.run([subcommand, "--experimental-dump-help"])
        XCTAssertEqual(run.status, 0, run.summary)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        let command = try XCTUnwrap(document["command"] as? [String: Any])
        var names: Set<String> = []
        for argument in command["arguments"] as? [[String: Any]] ?? [] {
            guard let kind = argument["kind"] as? String, kind != "positional" else { continue }
            for name in argument["names"] as? [[String: Any]] ?? [] where name["kind"] as? String == "long" {
                names.insert("\(name["name"] ?? "")=\(kind)")
            }
        }
        return names
    }

    func testEverySharedOptionCanBeConfigured() throws {
        var shared = try longNames(of: "render")
        for subcommand in ["count", "map", "locate", "page", "find"] {
            shared.formIntersection(try longNames(of: subcommand))
        }
        shared.subtract(["help=flag", "version=flag"])
        XCTAssertGreaterThan(shared.count, 20, "the layout options: \(shared.sorted())")
        let input = folder.appendingPathComponent("text.txt")
        try Data("Some text.\n".utf8).write(to: input)
        let config = folder.appendingPathComponent("config")
        for entry in shared.sorted() {
            let parts = entry.split(separator: "=")
            // The value need not be valid: only an unknown name is refused as such.
            try Data("\(parts[0]) = \(parts[1] == "flag" ? "true" : "1")\n".utf8).write(to: config)
            let run = try PaginateBinary.run(["count", input.path], environment: ["PAGINATE_CONFIG": config.path])
            XCTAssertFalse(run.errors.contains("unknown setting"), "\(parts[0]) cannot be configured: \(run.summary)")
        }
    }
}
