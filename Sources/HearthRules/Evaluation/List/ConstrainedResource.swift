import HearthCore

/// Builds the symbolic `resource` a `list` request is judged against: "any document one
/// conjunction of the query's filters can return".
///
/// - A field fixed by `==` (or one value of `in`) is concrete — except numbers, kept as the point
///   range `[v, v]` since Firestore's `x == 5` also matches `5.0`.
/// - Ranges, `!=`/`not-in`, `array-contains` and `IS NOT NULL` become `FieldFacts`.
/// - `resource.data` is an open map: any other field is "undefined" (the emulator's
///   `Property f is undefined on object.`), so a condition reading it cannot grant.
/// - `resource.id` and `resource.__name__` are unknown.
enum ConstrainedResource {
    /// The `resource` term for one conjunction.
    static func term(for conjunction: [QueryConstraint]) -> RuleTerm {
        let data = dataMap(for: conjunction)
        let resource = PartialMap(
            entries: ["data": .symbol(.partialMap(data)), "id": .symbol(.unknown), "__name__": .symbol(.unknown)],
            isClosed: true)
        return .symbol(.partialMap(resource))
    }

    /// The open map of known fields, nested along field paths.
    static func dataMap(for conjunction: [QueryConstraint]) -> PartialMap {
        var fields: [FieldPath: RuleTerm] = [:]
        for (path, term) in fieldTerms(for: conjunction) { fields[path] = term }
        var root = PartialMap.open
        for path in fields.keys.sorted(by: { $0.count < $1.count }) {
            guard let term = fields[path] else { continue }
            insert(term, at: path.segments[...], into: &root)
        }
        return root
    }

    /// Each constrained field's term: concrete for a non-numeric equality, facts otherwise.
    private static func fieldTerms(for conjunction: [QueryConstraint]) -> [FieldPath: RuleTerm] {
        var equalities: [FieldPath: Value] = [:]
        var facts: [FieldPath: FieldFacts] = [:]
        for constraint in conjunction {
            switch constraint {
            case .equal(let path, let value):
                if equalities[path] == nil { equalities[path] = value }
            case .range(let path, let op, let value):
                apply(op, RuleValue(value), to: &facts[path, default: FieldFacts()])
            case .notEqual(let path, let values):
                facts[path, default: FieldFacts()].excluded += values.map { RuleValue($0) }
                facts[path, default: FieldFacts()].isPresent = true
            case .arrayContains(let path, let value):
                facts[path, default: FieldFacts()].contained.append(RuleValue(value))
                facts[path, default: FieldFacts()].isPresent = true
            case .present(let path):
                facts[path, default: FieldFacts()].isPresent = true
            }
        }
        var terms: [FieldPath: RuleTerm] = facts.mapValues { RuleTerm.symbol(.constrained($0)) }
        for (path, value) in equalities {
            let rule = RuleValue(value)
            if case .float(let number) = rule, number.isNaN {
                terms[path] = .value(rule)
            } else if rule.isType(.number) {
                var pinned = facts[path] ?? FieldFacts()
                pinned.lower = FieldFacts.Bound(value: rule, inclusive: true)
                pinned.upper = FieldFacts.Bound(value: rule, inclusive: true)
                pinned.isPresent = true
                terms[path] = .symbol(.constrained(pinned))
            } else {
                terms[path] = .value(rule)
            }
        }
        return terms
    }

    /// Adds a range filter to a field's facts.
    private static func apply(_ op: QueryFilter.FieldOperator, _ value: RuleValue, to facts: inout FieldFacts) {
        switch op {
        case .greaterThan: facts.raiseLower(to: FieldFacts.Bound(value: value, inclusive: false))
        case .greaterThanOrEqual: facts.raiseLower(to: FieldFacts.Bound(value: value, inclusive: true))
        case .lessThan: facts.lowerUpper(to: FieldFacts.Bound(value: value, inclusive: false))
        case .lessThanOrEqual: facts.lowerUpper(to: FieldFacts.Bound(value: value, inclusive: true))
        default: break
        }
    }

    /// Stores `term` at `path` inside `map`, creating open maps along the way; a concrete value
    /// already stored on a prefix wins (its equality fixes the whole sub-map).
    private static func insert(_ term: RuleTerm, at path: ArraySlice<String>, into map: inout PartialMap) {
        guard let first = path.first else { return }
        let rest = path.dropFirst()
        if rest.isEmpty {
            if map.entries[first] == nil { map.entries[first] = term }
            return
        }
        var child: PartialMap
        switch map.entries[first] {
        case nil: child = .open
        case .symbol(.partialMap(let existing))?: child = existing
        default: return
        }
        insert(term, at: rest, into: &child)
        map.entries[first] = .symbol(.partialMap(child))
    }
}
