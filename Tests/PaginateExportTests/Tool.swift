import TestSupport

/// qpdf and poppler's tools for the PDF tests, run through the shared runner, with poppler's
/// known noise left out of the errors (a test may require a tool to have complained of nothing).
enum Tool {
    static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let result = try PDFTools.run(name, arguments)
        return (result.status, result.output, PDFTools.complaints(of: result))
    }
}
