import HearthCore
/// The result of `a.diff(b)`: compares the new map `a` with the old map `b` by top-level key.
struct RuleMapDiff: Sendable, Hashable {
    /// The receiver of `diff` (typically `request.resource.data`).
    let newer: [String: RuleValue]
    /// The argument of `diff` (typically `resource.data`).
    let older: [String: RuleValue]

    /// Keys in the new map only.
    var addedKeys: [String] { newer.keys.filter { older[$0] == nil }.sorted(by: UTF8KeyOrder.precedes) }

    /// Keys in the old map only.
    var removedKeys: [String] { older.keys.filter { newer[$0] == nil }.sorted(by: UTF8KeyOrder.precedes) }

    /// Keys in both maps whose values differ (deep comparison).
    var changedKeys: [String] {
        newer.compactMap { key, value in
            guard let old = older[key], old != value else { return nil }
            return key
        }.sorted(by: UTF8KeyOrder.precedes)
    }

    /// Keys in both maps whose values are equal.
    var unchangedKeys: [String] {
        newer.compactMap { key, value in
            guard let old = older[key], old == value else { return nil }
            return key
        }.sorted(by: UTF8KeyOrder.precedes)
    }

    /// Added, removed and changed keys together.
    var affectedKeys: [String] { (addedKeys + removedKeys + changedKeys).sorted(by: UTF8KeyOrder.precedes) }


    /// Equal when both sides are equal maps.
    static func == (lhs: RuleMapDiff, rhs: RuleMapDiff) -> Bool {
        RuleValue.map(lhs.newer) == RuleValue.map(rhs.newer) && RuleValue.map(lhs.older) == RuleValue.map(rhs.older)
    }

    /// Hashes both maps, consistently with `==`.
    func hash(into hasher: inout Hasher) {
        hasher.combine(RuleValue.map(newer))
        hasher.combine(RuleValue.map(older))
    }
}
