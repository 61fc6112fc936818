/// How an access policy judged one request (or one write of a batch), told in full: which allow
/// statements it evaluated, which one granted or why each denied, and how the deciding expressions
/// evaluated. Policies produce it only for a request that carries an `AccessVerdictLog`.
package struct AccessVerdict: Sendable, Equatable, Encodable {
    /// The rules method the request was judged as (`get`, `list`, `create`, `update`, `delete`).
    package var method: String
    /// The document path judged, relative to the database (for `list`, the collection's path).
    package var path: String
    /// Whether the request was allowed.
    package var allowed: Bool
    /// The statements evaluated, in evaluation order; when allowed, the last one granted.
    package var statements: [AccessStatementVerdict]
    /// A verdict not tied to a statement (`No matching allow statements`, a query too complex).
    package var note: String?

    /// Creates a verdict.
    package init(method: String, path: String, allowed: Bool, statements: [AccessStatementVerdict], note: String? = nil) {
        self.method = method
        self.path = path
        self.allowed = allowed
        self.statements = statements
        self.note = note
    }
}

/// One allow statement as it was evaluated for a request.
package struct AccessStatementVerdict: Sendable, Equatable, Encodable {
    /// What evaluating the statement gave.
    package enum Outcome: String, Sendable, Equatable, Encodable {
        /// The condition held: the statement granted the request.
        case granted
        /// The condition was false (or not a boolean).
        case denied
        /// The condition failed with an error (a missing field, a bad type, a limit).
        case error
    }

    /// The methods the statement names, as written (`read`, `write`, `get`, …).
    package var methods: [String]
    /// The full match path of the statement's block (`/databases/{database}/documents/users/{uid}`).
    package var match: String
    /// The 1-based line of the `allow` keyword.
    package var line: Int
    /// The 1-based column of the `allow` keyword.
    package var column: Int
    /// The outcome.
    package var outcome: Outcome
    /// For a denial or an error: the emulator's entry (`false for 'get' @ L9`, an error message).
    package var message: String?
    /// The evaluation of the condition, node by node in evaluation order (bounded).
    package var trace: [AccessTraceStep]
    /// True when the trace was cut at its bound.
    package var traceTruncated: Bool

    /// Creates a statement verdict.
    package init(
        methods: [String], match: String, line: Int, column: Int, outcome: Outcome, message: String?,
        trace: [AccessTraceStep], traceTruncated: Bool
    ) {
        self.methods = methods
        self.match = match
        self.line = line
        self.column = column
        self.outcome = outcome
        self.message = message
        self.trace = trace
        self.traceTruncated = traceTruncated
    }
}

/// One evaluated (or skipped) sub-expression of a condition.
package struct AccessTraceStep: Sendable, Equatable, Encodable {
    /// What became of the expression.
    package enum State: String, Sendable, Equatable, Encodable {
        /// It gave `value`.
        case value
        /// It failed; `value` is the error message.
        case error
        /// It was not evaluated (`&&`/`||` decided by its left operand).
        case skipped
    }

    /// Nesting depth: 0 for the condition, children one deeper than their parent.
    package var depth: Int
    /// The expression's source text (whitespace collapsed, bounded).
    package var expression: String
    /// The value as rules text (`"alice"`, `true`, `{a: 1}`), the error message, or empty when skipped.
    package var value: String
    /// The state.
    package var state: State

    /// Creates a step.
    package init(depth: Int, expression: String, value: String, state: State) {
        self.depth = depth
        self.expression = expression
        self.value = value
        self.state = state
    }
}
