/// A rules `set`: distinct values, remembered in first-insertion order for stable output.
struct RuleSet: Sendable, Hashable {
    /// The members, each once, in the order they were first added.
    private(set) var elements: [RuleValue]
    /// The members again, for constant-time lookups.
    private var members: Set<RuleValue>

    /// Creates a set from `values`; among equal values the first is kept.
    init(_ values: [RuleValue] = []) {
        elements = []
        members = []
        elements.reserveCapacity(values.count)
        for value in values where members.insert(value).inserted {
            elements.append(value)
        }
    }

    /// The number of members.
    var count: Int { elements.count }

    /// Whether `value` is a member (by the rules' `==`).
    func contains(_ value: RuleValue) -> Bool { members.contains(value) }

    /// Sets are equal when they hold the same members, in any order.
    static func == (lhs: RuleSet, rhs: RuleSet) -> Bool {
        lhs.count == rhs.count && lhs.elements.allSatisfy { rhs.contains($0) }
    }

    /// Hashes the members independently of their order.
    func hash(into hasher: inout Hasher) {
        hasher.combine(RuleValue.unorderedHash(elements.map { $0.hashValue }))
    }
}
