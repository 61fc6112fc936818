public import HearthCore

/// A Firestore Security Rules file as an access policy: parsed once, evaluated per request the
/// way the Firebase emulator does (fact sheet §2), with emulator-style denial detail (§5.1) and
/// coverage counts (§5.2).
///
/// ```swift
/// let rules = try SecurityRules(source: text)
/// switch rules.authorize(request, lookup: reader) {
/// case .allow: …
/// case .deny(let detail): throw FirestoreError.permissionDenied(detail: detail)
/// }
/// ```
///
/// Thread safety: `authorize` may run on many threads at once; each call keeps its own state and
/// counts coverage in a store of atomic counters.
public final class SecurityRules: AccessPolicy, Sendable {
    /// The file name shown in coverage reports.
    public let fileName: String
    /// The rules text as loaded.
    public let source: String
    /// The limits each request is evaluated under.
    public let limits: RulesEvaluationLimits
    /// The parsed file.
    let file: RulesFile
    /// Coverage counts across requests.
    let coverage: CoverageStore
    /// Judges requests against the file (built once; it holds only shared, thread-safe state).
    private let judge: RequestJudge

    /// Parses `source`.
    /// - Throws: `RulesSyntaxError` with the line and column of the first problem.
    public init(
        source: String, fileName: String = "firestore.rules", limits: RulesEvaluationLimits = .firestore
    ) throws(RulesSyntaxError) {
        let file = try RulesParser.parse(source)
        self.file = file
        self.coverage = CoverageStore(expressionCount: file.expressionCount)
        self.judge = RequestJudge(
            file: file, programs: RulePrograms(file: file), limits: limits, applicable: ApplicableCache(),
            auth: AuthValueCache(), coverage: coverage, explainer: RulesExplainer(file: file, source: source))
        self.source = source
        self.fileName = fileName
        self.limits = limits
    }

    /// Judges one request: `.allow`, or `.deny(detail:)` with the emulator's text (a newline, then
    /// one entry per evaluated allow statement). Admin requests are always allowed. When the
    /// request carries a `verdictLog`, the evaluation is traced and its `AccessVerdict` (the
    /// statement that granted, or why each denied, with the evaluation of each) recorded there.
    package func authorize(_ request: AccessRequest, lookup: any DocumentLookup) -> AccessDecision {
        judge.judge(request, lookup: lookup)
    }

    /// The coverage of every request judged since loading (or the last reset).
    public func coverageReport() -> RulesCoverage {
        RulesCoverage(fileName: fileName, source: source, file: file, counts: coverage.snapshot())
    }

    /// Forgets the coverage counts.
    public func resetCoverage() {
        coverage.reset()
    }
}
