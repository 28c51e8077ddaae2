import ArgumentParser

/// The `paginate` command: lays text out into pages and exports or queries them.
@main
struct Paginate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Paginate plain text into fixed-size pages, as TextKit does, and export PDF, text spreads or page maps.",
        discussion: """
        Every subcommand takes the same layout options with the same defaults, so the pages that \
        'count', 'map' and 'locate' report are exactly the pages 'render' writes.

        Exit codes: 0 success; 1 other failure; 64 usage error (bad option or value); \
        65 layout impossible (the page cannot hold one line); 66 input or font unreadable; \
        73 output cannot be written.
        """,
        version: PaginateVersion.current,
        subcommands: [Render.self, Count.self, Map.self, Locate.self],
        defaultSubcommand: Render.self
    )
}

/// The program's version, also written into JSON output.
enum PaginateVersion {
    static let current = "0.1.0"
}
