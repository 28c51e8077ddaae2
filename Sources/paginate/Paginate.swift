import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

/// The `paginate` command: lays text out into pages and exports or queries them.
@main
struct Paginate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Paginate plain text into fixed-size pages, as TextKit does, and export PDF, text spreads or page maps.",
        discussion: """
            Every subcommand but 'fonts' (which lists the installed fonts --font can name) takes the \
            same layout options with the same defaults, so the pages that \
            'count', 'map', 'locate', 'page' and 'find' report are exactly the pages 'render' writes. \
            The queries print plain text for scripts, or JSON with --json (every JSON record has \
            "version": 1); 'paginate help <subcommand>' documents each format.

            Exit codes: 0 success; 1 other failure; 64 usage error (bad option or value); \
            65 layout impossible (the page cannot hold one line); 66 input or font unreadable; \
            73 output cannot be written. 'find' exits 1 when the phrase does not occur, 'locate --text' \
            when it is not found.

            Input: text is read as UTF-8, or as UTF-16 when it starts with a UTF-16 byte order mark; \
            --encoding latin1|cp1252|utf-16|utf-16le|utf-16be converts other text to UTF-8 before \
            layout. In a Project Gutenberg text (both '*** START OF THE PROJECT GUTENBERG EBOOK' and \
            '*** END OF …' markers found) only the book between them is laid out, with one warning \
            saying so; --no-strip-boilerplate lays out the whole file. Byte offsets printed and \
            accepted are always offsets into the file as it is on disk: in a converted file an offset \
            inside a character means that character's start; with the boilerplate left out, pages \
            cover the book's bytes only, and an offset in the header or footer is a usage error.

            Settings: any layout option can also come from a PAGINATE_<OPTION> environment variable \
            (PAGINATE_PAGE=a5, PAGINATE_LINE_HEIGHT=1.4, PAGINATE_KERNING=1) or from a config file of \
            'option = value' lines ($PAGINATE_CONFIG, else $XDG_CONFIG_HOME/paginate/config, else \
            ~/.config/paginate/config). The command line wins over the environment, which wins over the \
            file.

            Examples:
              paginate book.txt -o book.pdf
              paginate count book.txt --page a5 --margin 20mm
              paginate page book.txt 3
              paginate fonts dejavu
              paginate help find
            """,
        version: PaginateVersion.current,
        subcommands: [Render.self, Count.self, Map.self, Locate.self, PageText.self, Find.self, Fonts.self],
        defaultSubcommand: Render.self
    )

    /// Runs the tool; every failure ends in one line on stderr and a documented exit code.
    ///
    /// swift-argument-parser would print usage after a parse error; scripts read stderr, so the
    /// tool prints only the reason (`--help` still shows everything). Settings from the
    /// environment and the config file join the arguments first (`ConfiguredDefaults`).
    static func main() {
        Reporter.begin()
        let arguments: [String]
        do {
            arguments = try ConfiguredDefaults.apply(to: Array(CommandLine.arguments.dropFirst()))
        } catch {
            CLIError.printError("paginate: error: \(error.message)")
            Glibc.exit(CLIError.Code.usage.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Reporter.printTimings()
        } catch let code as ExitCode {
            Glibc.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Glibc.exit(0)
            }
            CLIError.printError("paginate: error: \(usageMessage(for: error))")
            Glibc.exit(code.rawValue)
        }
    }

    /// The first line of swift-argument-parser's message; for a value it could not read, followed
    /// by the option's help, which says what the value should look like (the value types can only
    /// say no, not why).
    static func usageMessage(for error: any Error) -> String {
        let full = fullMessage(for: error).split(separator: "\n").map(String.init)
        guard var first = full.first else { return "\(error)" }
        if first.hasPrefix("Error: ") { first.removeFirst(7) }
        guard first.hasPrefix("The value '"), !first.contains("Please provide"),
            let help = full.first(where: { $0.hasPrefix("Help:  ") })?.dropFirst(7).split(separator: "  ", maxSplits: 1),
            help.count == 2
        else { return first }
        return "\(first): \(help[1])"
    }
}

/// The program's version, also written into JSON output.
enum PaginateVersion {
    static let current = "0.3.0"
}
