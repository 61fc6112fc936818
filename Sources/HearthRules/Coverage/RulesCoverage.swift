/// A coverage report: how often each expression of the rules evaluated to true, false, an error
/// or another value, across the requests judged so far (the emulator's `:ruleCoverage`).
public struct RulesCoverage: Sendable {
    /// The file name, as given to `SecurityRules`.
    public let fileName: String
    /// The rules text.
    public let source: String
    /// Counts per expression id; expressions never evaluated are absent.
    public let counts: [Int: ExpressionCounts]
    /// The parsed file the ids refer to.
    let file: RulesFile

    /// Creates a report.
    init(fileName: String, source: String, file: RulesFile, counts: [Int: ExpressionCounts]) {
        self.fileName = fileName
        self.source = source
        self.file = file
        self.counts = counts
    }

    /// The report as JSON, in the emulator's shape:
    /// `{"rules":{"files":[{"name","content"}]},"report":[{"sourcePosition":{…},"values":[…],"children":[…]}]}`.
    /// An entry without `values` was never evaluated.
    public var json: String {
        CoverageJSONWriter(fileName: fileName, source: CoverageSource(source: source, file: file), counts: counts)
            .document()
    }

    /// The report as a standalone HTML page: the source with each expression wrapped in a
    /// coloured span whose `title` gives its counts.
    public var html: String {
        CoverageHTMLWriter(fileName: fileName, source: CoverageSource(source: source, file: file), counts: counts)
            .document()
    }
}
