/// Finding the allow statements that apply to a document path and method (fact sheet §2.2).
extension RulesFile {
    /// The statements of every block whose composed pattern matches all of `path`, covering `method`,
    /// in source order. `path` is the full path: `["databases", "(default)", "documents", "cities", "SF"]`.
    func applicableAllows(forDocumentPath path: [String], method: RulesRequestMethod) -> [ApplicableAllow] {
        var found: [ApplicableAllow] = []
        Self.collect(in: matches, path: path[...], bindings: [:], scopes: outerScopes, method: method, into: &found)
        if found.count < 2 { return found }
        return found.enumerated()
            .sorted { lhs, rhs in
                let left = lhs.element.statement.range.start
                let right = rhs.element.statement.range.start
                return left == right ? lhs.offset < rhs.offset : left < right
            }
            .map(\.element)
    }

    /// Same, for `documentPath` (e.g. `["cities", "SF"]`) under `/databases/{database}/documents`.
    func applicableAllows(
        database: String, documentPath: [String], method: RulesRequestMethod
    ) -> [ApplicableAllow] {
        applicableAllows(forDocumentPath: ["databases", database, "documents"] + documentPath, method: method)
    }

    /// Walks the match tree, descending through every partial match.
    private static func collect(
        in blocks: [MatchBlock], path: ArraySlice<String>, bindings: [String: MatchBinding],
        scopes: [FunctionScope], method: RulesRequestMethod, into found: inout [ApplicableAllow]
    ) {
        for block in blocks {
            for match in block.pattern.prefixMatches(path) {
                let merged = bindings.isEmpty ? match.bindings
                    : match.bindings.isEmpty ? bindings : bindings.merging(match.bindings) { _, inner in inner }
                let chain = [FunctionScope(functions: block.functionTable, bindings: merged)] + scopes
                if match.rest.isEmpty {
                    for statement in block.allows where statement.covers(method) {
                        found.append(ApplicableAllow(statement: statement, bindings: merged, scopes: chain))
                    }
                }
                collect(in: block.matches, path: match.rest, bindings: merged, scopes: chain, method: method, into: &found)
            }
        }
    }
}

/// An allow statement that applies to a request, with what its condition can see (a class: it is
/// handed from the statement cache to every evaluation, and copying its parts each time showed).
final class ApplicableAllow: Sendable {
    /// The statement to evaluate.
    let statement: AllowStatement
    /// Every wildcard bound along the path to its block (inner names shadow outer ones).
    let bindings: [String: MatchBinding]
    /// Lexical scopes, innermost (the statement's block) first, then enclosing blocks, service, file.
    let scopes: [FunctionScope]
    /// True when a wildcard named `request` or `resource` shadows the request-wide objects.
    let bindsRootNames: Bool

    /// A statement with what its condition can see.
    init(statement: AllowStatement, bindings: [String: MatchBinding], scopes: [FunctionScope]) {
        self.statement = statement
        self.bindings = bindings
        self.scopes = scopes
        self.bindsRootNames = scopes.contains { scope in
            scope.bindings["request"] != nil || scope.bindings["resource"] != nil
        }
    }
}

/// One lexical level: the functions declared there and the wildcards visible to them.
struct FunctionScope: Sendable, Equatable {
    /// Functions declared at this level, by name.
    let functions: [String: FunctionDecl]
    /// Wildcards visible to code at this level (those of this block and every enclosing one).
    let bindings: [String: MatchBinding]

    /// The function `name` as seen from the first of `scopes` looking outwards, and how many
    /// levels out it is declared.
    static func resolve(_ name: String, in scopes: ArraySlice<FunctionScope>) -> (function: FunctionDecl, offset: Int)? {
        for (offset, scope) in scopes.enumerated() {
            if let function = scope.functions[name] { return (function, offset) }
        }
        return nil
    }
}
