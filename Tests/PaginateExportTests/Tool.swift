import TestSupport

/// qpdf, poppler's tools and the repository's check scripts for the PDF tests, run through the
/// shared runner; `errors` is everything the tool printed on stderr.
enum Tool {
    static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        // A path (a script of the repository) is run as it is; a bare name is one of the PDF tools.
        let result = name.contains("/") ? try ChildProcess.run([name] + arguments) : try PDFTools.run(name, arguments)
        return (result.status, result.output, PDFTools.complaints(of: result))
    }
}
