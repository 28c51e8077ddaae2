/// How far a layout has got, reported while it runs so a tool can show progress.
public struct LayoutProgress: Sendable, Equatable {
    /// Bytes of the text laid out so far (a paragraph boundary).
    public let bytesLaidOut: Int
    /// Bytes of the whole text.
    public let totalBytes: Int
    /// Pages begun so far.
    public let pages: Int

    /// Creates a progress report.
    public init(bytesLaidOut: Int, totalBytes: Int, pages: Int) {
        self.bytesLaidOut = bytesLaidOut
        self.totalBytes = totalBytes
        self.pages = pages
    }

    /// The share of the text laid out, from 0 to 1 (1 for an empty text).
    public var fraction: Double {
        totalBytes == 0 ? 1 : Double(bytesLaidOut) / Double(totalBytes)
    }
}

/// A step of the work, for timing breakdowns.
package enum LayoutPhase: String, Sendable, CaseIterable {
    /// Splitting the text into paragraphs.
    case split
    /// Breaking paragraphs into lines ahead of placement (page maps).
    case breakLines = "break"
    /// Reading a paragraph memo (see `ParagraphMemo`).
    case memoLoad = "memo (load)"
    /// Hashing each paragraph to look it up in the memo.
    case memoHash = "memo (hash)"
    /// Gathering every paragraph's lines from the memo and from breaking.
    case memoMerge = "memo (merge)"
    /// Writing the paragraph memo back.
    case memoStore = "memo (store)"
    /// Placing lines broken ahead into pages (page maps).
    case place
    /// Breaking paragraphs as the placer reaches them, and placing their lines (`layout`).
    case breakAndPlace = "break+place"
}

/// Runs `work`, reporting its duration for `phase` to `timer` when there is one.
func timed<T, Failure: Error>(
    _ phase: LayoutPhase, by timer: ((LayoutPhase, Duration) -> Void)?,
    _ work: () throws(Failure) -> T
) throws(Failure) -> T {
    guard let timer else { return try work() }
    let start = ContinuousClock.now
    let result = try work()
    timer(phase, ContinuousClock.now - start)
    return result
}
