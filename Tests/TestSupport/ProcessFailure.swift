/// Why a child process, or a file a test needs, could not be had: the message says what to do.
public struct ProcessFailure: Error, CustomStringConvertible, Sendable {
    /// What went wrong, for the test's failure message.
    public let description: String

    /// A failure with `description` as its message.
    public init(description: String) {
        self.description = description
    }
}
