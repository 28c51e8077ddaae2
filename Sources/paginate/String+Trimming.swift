extension StringProtocol {
    /// The text without leading and trailing white space (without Foundation).
    func trimmingWhitespace() -> SubSequence {
        var text = self[...]
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return text
    }
}
