import HearthCore
import Synchronization

/// Turns traced evaluations into `AccessVerdict`s: the source text of each expression, the full
/// match path of each statement, values as bounded text. Its tables are built on the first traced
/// request, so a file that is never traced never pays for them.
final class RulesExplainer: Sendable {
    /// Longest expression text in a trace step.
    static let maxExpressionText = 120
    /// Longest value text in a trace step.
    static let maxValueText = 120

    /// What the explainer needs of the file, once built.
    private struct Tables: Sendable {
        /// Each expression's source text (whitespace collapsed, bounded), by id.
        var expressions: [Int: String] = [:]
        /// Each allow statement's full match path, by the statement's source range.
        var matches: [SourceRange: String] = [:]
    }

    private let file: RulesFile
    private let source: String
    private let tables = Mutex<Tables?>(nil)

    /// An explainer for `file`, parsed from `source`.
    init(file: RulesFile, source: String) {
        self.file = file
        self.source = source
    }

    /// The verdict of one statement, from the tracer's steps for it.
    func statementVerdict(
        _ statement: AllowStatement, outcome: AccessStatementVerdict.Outcome, message: String?, tracer: RuleTracer
    ) -> AccessStatementVerdict {
        let tables = self.builtTables()
        let trace = tracer.steps.map { step in
            let expression = tables.expressions[step.id] ?? "?"
            switch step.outcome {
            case .value(let term):
                return AccessTraceStep(
                    depth: step.depth, expression: expression, value: term.traceText(limit: Self.maxValueText),
                    state: .value)
            case .error(let error):
                return AccessTraceStep(
                    depth: step.depth, expression: expression, value: Self.bounded(error.message), state: .error)
            case .skipped:
                return AccessTraceStep(depth: step.depth, expression: expression, value: "", state: .skipped)
            case .pending:
                return AccessTraceStep(
                    depth: step.depth, expression: expression, value: "evaluation stopped", state: .error)
            }
        }
        return AccessStatementVerdict(
            methods: statement.methods.map(\.rawValue), match: tables.matches[statement.range] ?? "",
            line: statement.range.start.line, column: statement.range.start.column, outcome: outcome,
            message: message, trace: trace, traceTruncated: tracer.truncated)
    }

    /// The tables, built now if this is the first traced request.
    private func builtTables() -> Tables {
        tables.withLock { built in
            if let built { return built }
            let made = makeTables()
            built = made
            return made
        }
    }

    private func makeTables() -> Tables {
        var tables = Tables()
        let indexed = CoverageSource(source: source, file: file)
        var pending = indexed.roots
        while let expression = pending.popLast() {
            let range = indexed.offset(of: expression.range.start)..<indexed.offset(of: expression.range.end)
            tables.expressions[expression.id] = Self.bounded(
                Self.collapsed(indexed.text(range.lowerBound..<max(range.lowerBound, range.upperBound))),
                limit: Self.maxExpressionText)
            pending += expression.kind.children
        }
        func visit(_ blocks: [MatchBlock], prefix: String) {
            for block in blocks {
                let path = prefix + block.pattern.description
                for statement in block.allows { tables.matches[statement.range] = path }
                visit(block.matches, prefix: path)
            }
        }
        visit(file.matches, prefix: "")
        return tables
    }

    /// `text` with every run of whitespace made one space.
    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// `text` cut to `limit` characters (ending in `…`).
    static func bounded(_ text: String, limit: Int = maxValueText) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }
}
