import Foundation

/// The `paginate` executable the end-to-end tests run, and the environment they run it in.
///
/// `PAGINATE_BINARY` names the executable to test (`make check` and `make test` point it at a
/// release build, which lays out large inputs many times faster); without it, the tests run the
/// build that `swift test` made beside the test bundle.
public enum PaginateBinary {
    /// The variable that names the executable to test.
    public static let variable = "PAGINATE_BINARY"

    /// The executable's path: `PAGINATE_BINARY` if set, else `paginate` beside the test bundle.
    public static func executable() throws -> String {
        try located.get()
    }

    private static let located: Result<String, Error> = Result {
        if let given = ProcessInfo.processInfo.environment[variable], !given.isEmpty {
            let path = URL(fileURLWithPath: given).standardizedFileURL.path
            guard isExecutableFile(path) else {
                throw ProcessFailure(
                    description: "\(variable)=\(given): no executable there; build it (swift build -c release) or unset \(variable)")
            }
            return path
        }
        var folders: [URL] = []
        let main = Bundle.main.bundleURL
        folders.append(main)
        folders.append(main.deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        folders.append(URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent())
        for folder in folders {
            let candidate = folder.appendingPathComponent("paginate").path
            if isExecutableFile(candidate) { return candidate }
        }
        throw ProcessFailure(
            description:
                "cannot find the built 'paginate' binary beside the test bundle (looked in \(folders.map(\.path).joined(separator: ", "))); run 'swift build' first, or set \(variable)"
        )
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
            && FileManager.default.isExecutableFile(atPath: path)
    }

    /// A page-map cache folder private to this test process, so runs never read or fill the
    /// user's cache (tests that exercise the cache pass their own).
    public static let cacheDirectory: String = {
        let path = NSTemporaryDirectory() + "paginate-test-cache-\(ProcessInfo.processInfo.processIdentifier)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// The environment every run of the tool gets: the runner's, with the page-map cache in
    /// `cacheDirectory`, no config file and no `PAGINATE_<OPTION>` variables (the font folder,
    /// `PAGINATE_FONTS`, stays), then `extra` on top.
    ///
    /// A user's settings or cache must not change what a test sees.
    public static func environment(
        cacheDirectory: String = PaginateBinary.cacheDirectory,
        adding extra: [String: String] = [:]
    ) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = cacheDirectory
        environment["PAGINATE_CONFIG"] = "/dev/null"
        for name in environment.keys where name.hasPrefix("PAGINATE_") && name != "PAGINATE_FONTS" && name != "PAGINATE_CONFIG" {
            environment[name] = nil
        }
        environment.merge(extra) { _, new in new }
        return environment
    }

    /// Runs `paginate` with `arguments` in `environment(cacheDirectory:adding:)` and waits for it.
    ///
    /// - Parameters:
    ///   - wrapper: a command the tool is started through (e.g. a shell that sets a limit first);
    ///     the tool's path and arguments follow it.
    ///   - Other parameters are `ChildProcess.run`'s.
    public static func run(
        _ arguments: [String], stdin: Data? = nil, stdinFile: String? = nil, stdoutFile: String? = nil,
        in directory: URL? = nil, cacheDirectory: String = PaginateBinary.cacheDirectory,
        environment extra: [String: String] = [:], wrapper: [String] = [],
        timeout: TimeInterval = ChildProcess.defaultTimeout
    ) throws -> ProcessResult {
        try ChildProcess.run(
            wrapper + [try executable()] + arguments, stdin: stdin, stdinFile: stdinFile, stdoutFile: stdoutFile,
            currentDirectory: directory,
            environment: environment(cacheDirectory: cacheDirectory, adding: extra), timeout: timeout)
    }

    /// Starts `paginate` with `arguments` without waiting for it (to signal it mid-run); standard
    /// output goes to `stdoutFile` when given.
    public static func start(
        _ arguments: [String], stdoutFile: String? = nil,
        environment extra: [String: String] = [:]
    ) throws -> RunningChild {
        try ChildProcess.start(
            [try executable()] + arguments, stdoutFile: stdoutFile,
            environment: environment(adding: extra))
    }
}
