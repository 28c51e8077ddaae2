import ArgumentParser

/// How much the tool says on stderr besides errors, shared by every subcommand.
struct ReportingOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print nothing on stderr but errors: no warnings, no progress bar, no 'wrote' line.")
    var quiet = false

    @Flag(
        name: .shortAndLong, help: "Also print a timing breakdown on stderr (read, split, break, place, export, write); overrides --quiet.")
    var verbose = false

    /// The level these flags ask for.
    var level: Reporter.Level {
        verbose ? .verbose : quiet ? .quiet : .normal
    }
}
