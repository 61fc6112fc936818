/// Finds the allow statements that apply to a `list` request, and which wildcards have a value.
///
/// It walks the match tree like `RulesFile.applicableAllows`, but also tracks which path
/// segments each wildcard covers, so that:
/// - a wildcard covering the placeholder document id (or an unknown collection id) is unknown,
///   and so are conditions that depend on it;
/// - a literal segment can never match an unknown position;
/// - for a collection group, a statement applies only when the match reaches the collection
///   through a recursive wildcard whose span touches the ancestors' insertion point (so any run
///   of ancestors would be absorbed by it), as with `match /{path=**}/posts/{post}`; that
///   wildcard's value is unknown too. Collection groups need `rules_version = '2'`.
struct ListStatementCollector {
    /// The segments one wildcard covers in the probe, and what it bound.
    private struct Placement {
        /// The binding the matcher produced.
        let binding: MatchBinding
        /// The value conditions see: concrete, or unknown when the span holds unknown segments.
        let term: RuleTerm
    }

    /// The rules file.
    let file: RulesFile
    /// The probe path and its unknown parts.
    let target: ListTarget
    /// The method (`list`).
    let method: RulesRequestMethod

    /// The applicable statements in source order.
    func statements() -> [BoundStatement] {
        if target.insertionPoint != nil && file.version == .v1 { return [] }
        let service = FunctionScope(functions: Self.table(file.serviceFunctions), bindings: [:])
        let fileScope = FunctionScope(functions: Self.table(file.functions), bindings: [:])
        var found: [BoundStatement] = []
        collect(
            in: file.matches, rest: target.segments[...], placements: [:], scopes: [service, fileScope],
            variables: [[:], [:]], reached: false, into: &found)
        return found.enumerated()
            .sorted { lhs, rhs in
                let left = lhs.element.allow.statement.range.start
                let right = rhs.element.allow.statement.range.start
                return left == right ? lhs.offset < rhs.offset : left < right
            }
            .map(\.element)
    }

    /// Descends through every block whose pattern matches a prefix of `rest`.
    private func collect(
        in blocks: [MatchBlock], rest: ArraySlice<String>, placements: [String: Placement],
        scopes: [FunctionScope], variables: [[String: RuleTerm]], reached: Bool, into found: inout [BoundStatement]
    ) {
        for block in blocks {
            for match in block.pattern.prefixMatches(rest) {
                guard let placed = place(block.pattern, match, start: rest.startIndex) else { continue }
                let merged = placements.merging(placed.placements) { _, inner in inner }
                let chain = [FunctionScope(functions: block.functionTable, bindings: merged.mapValues(\.binding))]
                    + scopes
                let levels = [merged.mapValues(\.term)] + variables
                let reaches = reached || placed.absorbsAncestors
                if match.rest.isEmpty && (target.insertionPoint == nil || reaches) {
                    for statement in block.allows where statement.covers(method) {
                        let allow = ApplicableAllow(
                            statement: statement, bindings: merged.mapValues(\.binding), scopes: chain)
                        found.append(BoundStatement(allow: allow, variables: levels))
                    }
                }
                collect(
                    in: block.matches, rest: match.rest, placements: merged, scopes: chain, variables: levels,
                    reached: reaches, into: &found)
            }
        }
    }

    /// Places one block's pattern at `start`: the spans of its wildcards and whether a recursive
    /// one absorbs a collection group's ancestors; nil when a literal would match an unknown segment.
    private func place(
        _ pattern: MatchPattern, _ match: PatternMatch, start: Int
    ) -> (placements: [String: Placement], absorbsAncestors: Bool)? {
        var position = start
        var placements: [String: Placement] = [:]
        var absorbs = false
        for segment in pattern.segments {
            switch segment {
            case .literal:
                if target.unknownPositions.contains(position) { return nil }
                position += 1
            case .wildcard(let name):
                guard let binding = match.bindings[name] else { return nil }
                placements[name] = placement(binding, span: position..<(position + 1), absorbing: false)
                position += 1
            case .recursiveWildcard(let name):
                guard let binding = match.bindings[name], case .path(let covered) = binding else { return nil }
                let span = position..<(position + covered.count)
                let touches = target.insertionPoint.map { span.lowerBound <= $0 && $0 <= span.upperBound } ?? false
                absorbs = absorbs || touches
                placements[name] = placement(binding, span: span, absorbing: touches)
                position += covered.count
            }
        }
        return (placements, absorbs)
    }

    /// A wildcard's placement: unknown when it covers an unknown segment or absorbs ancestors.
    private func placement(_ binding: MatchBinding, span: Range<Int>, absorbing: Bool) -> Placement {
        let unknown = absorbing || span.contains { target.unknownPositions.contains($0) }
        return Placement(binding: binding, term: unknown ? .symbol(.unknown) : BoundStatement.term(of: binding))
    }

    /// Functions by name, first declaration winning.
    private static func table(_ functions: [FunctionDecl]) -> [String: FunctionDecl] {
        Dictionary(functions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
