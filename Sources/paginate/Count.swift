import ArgumentParser
import Dispatch
import PaginateExport
import PaginateKit
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `paginate count <input>…`: prints the number of pages, for one file or many.
struct Count: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the number of pages the text fills (the same pages render writes).",
        discussion: """
            One file: prints the bare number, e.g. 424.

            Several files: one line per file, in the order given, '<pages><TAB><path>'. Files are laid \
            out in parallel, one file per core (--jobs N: N at a time). A file that cannot be read or laid out gives the line \
            'error<TAB><path><TAB><message>' on standard output and 'paginate: error: <path>: <message>' \
            on standard error; the other files are still counted, and the exit code is that of the \
            first file that failed (e.g. 66 for an unreadable file).

            --json: one JSON object per line and per file, also for a single file: \
            {"version": 1, "path": "book.txt", "pages": 424, "bytes": 737944}, or for a file that failed \
            {"version": 1, "path": "x.txt", "error": "…"} (the error is also printed on standard error).

            Exit codes: 0 every file counted; 64 usage error; 65 a page cannot hold one line; 66 an \
            input or font cannot be read; with several files, the code of the first file that failed.

            Examples:
              paginate count book.txt
              paginate count book.txt --page a6 --size 10
              paginate count --json books/*.txt > pages.jsonl
            """
    )

    @Argument(help: ArgumentHelp("Text files, or - for standard input (once).", valueName: "input"))
    var inputs: [String]

    @Flag(help: "Print JSON lines: one record per file.")
    var json = false

    @OptionGroup var layout: LayoutOptions

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give at least one text file (or - for standard input)") }
        guard inputs.filter({ $0 == "-" }).count <= 1 else {
            throw ValidationError("standard input (-) can be read only once")
        }
    }

    func run() throws {
        try reportingErrors {
            if inputs.count == 1 && !json {
                let job = try PageMapJob.run(inputPath: inputs[0], options: layout)
                print(job.map.pageCount)
            } else {
                try countAll()
            }
        }
    }

    /// What became of one file.
    fileprivate enum Outcome {
        case counted(pages: Int, bytes: Int, warnings: [String])
        case failed(CLIError)
    }

    /// Counts every input in parallel, printing the records in input order as they complete.
    private func countAll() throws {
        // Problems common to all files are reported once, before any file is read; the pipeline
        // also sets the message level before the workers start printing warnings.
        let pipeline = try CommandPipeline(layout)
        let workers = max(1, min(inputs.count, layout.jobs ?? LayoutManager.defaultJobs))
        // Fonts cache glyph widths lazily and are not thread-safe: every worker gets its own manager and chain.
        // Worker `worker` alone uses `managers[worker]`, and the array never changes: the managers
        // may cross threads though a LayoutManager is not Sendable.
        nonisolated(unsafe) let managers = try (0..<workers).map { _ in
            pipeline.manager(fonts: try pipeline.openFonts(), timed: false)
        }
        let state = Mutex(BatchState(count: inputs.count))
        let inputs = self.inputs
        let json = self.json
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            while let index = state.withLock({ $0.claim() }) {
                let outcome = Count.count(inputs[index], with: managers[worker], source: layout.source)
                state.withLock { batch in
                    batch.outcomes[index] = outcome
                    // Print every finished record that follows the last one printed, in input order.
                    while batch.printed < inputs.count, let ready = batch.outcomes[batch.printed] {
                        Count.report(ready, path: inputs[batch.printed], json: json)
                        batch.printed += 1
                    }
                }
            }
        }

        let firstFailure = state.withLock { batch in
            batch.outcomes.lazy.compactMap { outcome -> CLIError? in
                if case .failed(let error)? = outcome { return error }
                return nil
            }.first
        }
        if let firstFailure {
            throw ExitCode(firstFailure.code.rawValue)
        }
    }

    /// Lays one file out (on the calling thread, with its own font chain).
    private static func count(_ path: String, with manager: LayoutManager, source: SourceOptions) -> Outcome {
        do {
            let input = try InputFile.read(path, options: source)
            // Files are spread over the cores already: each file is laid out on one thread.
            let map: PageMap
            do {
                map = try manager.pageMap(input.storage, jobs: 1)
            } catch {
                throw CLIError.converting(error)
            }
            return .counted(pages: map.pageCount, bytes: input.fileLength, warnings: input.warnings(map.diagnostics))
        } catch let error as CLIError {
            return .failed(error)
        } catch {
            return .failed(CLIError(message: "\(error)", code: .failure))
        }
    }

    /// Prints one file's record (and its warning or error line on standard error).
    private static func report(_ outcome: Outcome, path: String, json: Bool) {
        switch outcome {
        case .counted(let pages, let bytes, let warnings):
            for warning in warnings { Reporter.warn(warning) }
            print(json ? QueryJSON.countRecord(path: path, pages: pages, bytes: bytes) : "\(pages)\t\(path)")
        case .failed(let error):
            print(json ? QueryJSON.countError(path: path, message: error.message) : "error\t\(path)\t\(error.message)")
            CLIError.printError("paginate: error: \(path): \(error.message)")
        }
        fflush(standardOutput)
    }
}

/// The shared progress of a batch: which file comes next, what finished, what was printed.
private struct BatchState {
    var next = 0
    var printed = 0
    var outcomes: [Count.Outcome?]

    init(count: Int) {
        outcomes = Array(repeating: nil, count: count)
    }

    /// The index of the next file to lay out, or `nil` when every file is taken.
    mutating func claim() -> Int? {
        guard next < outcomes.count else { return nil }
        defer { next += 1 }
        return next
    }
}
