#if canImport(Glibc)
import Glibc
#endif

/// Layout settings from the environment and a config file, applied as if typed on the command line.
///
/// Precedence: options on the command line, then `PAGINATE_<NAME>` environment variables, then the
/// config file, then the built-in defaults. The file is `$PAGINATE_CONFIG` if set (`/dev/null`
/// turns the file off), else `$XDG_CONFIG_HOME/paginate/config`, else `~/.config/paginate/config`;
/// it holds `name = value` lines named after the long options, `#` comments and blank lines.
///
/// The settings become `--name value` arguments inserted before parsing rather than new defaults
/// in `LayoutOptions`, so swift-argument-parser still validates every value the same way, every
/// subcommand gets them, and the option definitions stay untouched.
enum ConfiguredDefaults {
    // swift-argument-parser has no public way to list a command's options (only the underscored
    // `_dumpHelp()`, whose JSON this Foundation-free tool would have to parse), so the names are
    // this one table; `ConfigurableOptionsTests` fails when it drifts from `LayoutOptions`.

    /// The long options that may be configured: those of `LayoutOptions`, which every subcommand but
    /// `fonts` shares. An option missing here still works on the command line but is refused in the
    /// config file and ignored in the environment.
    static let options: Set<String> = [
        "page", "margin", "font", "size", "line-height", "columns", "gutter", "paragraphs", "tab-width",
        "align", "breaking", "lang", "hyphenate-min", "widows", "orphans", "indent", "paragraph-spacing",
        "heading", "heading-style", "heading-font", "jobs", "encoding", "direction",
    ]
    /// The configurable flags: a true value (`1`, `true`, `yes`, `on`) adds the flag; a false one leaves it out.
    static let flags: Set<String> = [
        "hyphenate", "kerning", "ligatures", "chapter-break", "no-cache", "strip-boilerplate", "no-strip-boilerplate", "quiet", "verbose",
    ]

    static let subcommands: Set<String> = ["render", "count", "map", "locate", "page", "find"]
    /// Subcommands without layout options: configured settings would only be refused there.
    static let subcommandsWithoutLayout: Set<String> = ["fonts"]

    /// A problem in a configured value, reported like a usage error.
    struct Problem: Error {
        let message: String
    }

    /// `arguments` (without the program name) with the configured settings inserted after the
    /// subcommand's name; unchanged for help, version and completion requests.
    static func apply(to arguments: [String]) throws(Problem) -> [String] {
        let informational: Set<String> = ["-h", "--help", "--version", "--generate-completion-script", "--experimental-dump-help"]
        if arguments.first == "help" || arguments.first.map(subcommandsWithoutLayout.contains) == true
            || arguments.contains(where: { informational.contains($0.split(separator: "=").first.map(String.init) ?? $0) })
        {
            return arguments
        }
        let given = Set(
            arguments.prefix { $0 != "--" }.compactMap { argument -> String? in
                guard argument.hasPrefix("--") else { return nil }
                return String(argument.dropFirst(2).split(separator: "=", maxSplits: 1).first ?? "")
            })
        let settings = merged(environment: try environmentSettings(), file: try fileSettings())
        var inserted: [String] = []
        for (name, values) in settings where !given.contains(name) {
            if flags.contains(name) {
                if values.last == "true" { inserted.append("--" + name) }
            } else {
                for value in values { inserted += ["--" + name, value] }
            }
        }
        // After the subcommand's name, so the options reach it; first for the default subcommand.
        let position = arguments.first.map { subcommands.contains($0) } == true ? 1 : 0
        var result = arguments
        result.insert(contentsOf: inserted, at: position)
        return result
    }

    /// File settings overridden, name by name, by environment settings; in a stable order.
    static func merged(environment: [(String, [String])], file: [(String, [String])]) -> [(String, [String])] {
        var result = environment
        let set = Set(environment.map(\.0))
        result += file.filter { !set.contains($0.0) }
        return result.sorted { $0.0 < $1.0 }
    }

    /// `PAGINATE_PAGE`, `PAGINATE_LINE_HEIGHT`, …: the option's name in capitals, `-` as `_`.
    /// (`PAGINATE_FONTS`, the font folder, is a different variable from `PAGINATE_FONT`, the --font option.)
    static func environmentSettings() throws(Problem) -> [(String, [String])] {
        var result: [(String, [String])] = []
        for name in options.union(flags).sorted() {
            let variable = "PAGINATE_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 })
            guard let value = getenv(variable) else { continue }
            result.append((name, [try canonical(String(cString: value), name: name, source: variable)]))
        }
        return result
    }

    /// The config file's settings; a missing file is no settings.
    static func fileSettings() throws(Problem) -> [(String, [String])] {
        // A file that cannot be read is no settings, like a missing one.
        guard let path = configPath(), let bytes = try? InputFile.readBytes(path) else { return [] }
        return try parse(String(decoding: bytes, as: UTF8.self), path: path)
    }

    /// Parses `name = value` lines. A name may repeat only for `font` (the fallback chain).
    static func parse(_ text: String, path: String) throws(Problem) -> [(String, [String])] {
        var result: [(String, [String])] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw Problem(message: "\(path):\(index + 1): expected 'name = value', got '\(line)'")
            }
            let name = String(line[..<equals].trimmingWhitespace())
            var value = line[line.index(after: equals)...].trimmingWhitespace()
            // Quotes keep leading or trailing spaces, e.g. a heading pattern.
            if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
            guard options.contains(name) || flags.contains(name) else {
                throw Problem(
                    message:
                        "\(path):\(index + 1): unknown setting '\(name)'; settings are long option names such as page, margin, size, font")
            }
            let setting = try canonical(String(value), name: name, source: "\(path):\(index + 1): \(name)")
            if let existing = result.firstIndex(where: { $0.0 == name }) {
                guard name == "font" else { throw Problem(message: "\(path):\(index + 1): '\(name)' is set twice") }
                result[existing].1.append(setting)
            } else {
                result.append((name, [setting]))
            }
        }
        return result
    }

    static func configPath() -> String? {
        if let explicit = getenv("PAGINATE_CONFIG") { return String(cString: explicit) }
        if let xdg = getenv("XDG_CONFIG_HOME"), xdg.pointee != 0 { return String(cString: xdg) + "/paginate/config" }
        if let home = getenv("HOME"), home.pointee != 0 { return String(cString: home) + "/.config/paginate/config" }
        return nil
    }

    /// An option's value as given; a flag's as `true` or `false`, checked here so the message can
    /// name where it came from (`source`: the variable, or the file and line).
    private static func canonical(_ value: String, name: String, source: String) throws(Problem) -> String {
        guard flags.contains(name) else { return value }
        switch value.lowercased() {
        case "1", "true", "yes", "on": return "true"
        case "0", "false", "no", "off", "": return "false"
        default: throw Problem(message: "\(source) must be true or false (got '\(value)')")
        }
    }
}
