extension LineBreaker {
    /// A breaker that follows the typography's strategy: with optimal breaking, it carries the
    /// Knuth–Plass plan for a first line of `firstWidth` and further lines of `width` thousandths
    /// of an em (first fit wherever the plan does not apply).
    init(_ prepared: PreparedParagraph, tabStop: Int, typography: Typography, firstWidth: Int, width: Int) {
        var plan: [Line] = []
        if typography.usesOptimalBreaking, prepared.count > 0,
            let lines = OptimalLineBreaker(prepared, justified: typography.alignment == .justify)
                .lines(firstWidth: firstWidth, width: width)
        {
            plan = lines
        }
        self.init(prepared, tabStop: tabStop, plan: plan)
    }
}
