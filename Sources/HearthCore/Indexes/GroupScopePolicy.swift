/// Which fields keep collection-group-scope single-field entries. As in Firestore, none do by
/// default; a `fieldOverrides` entry with a `COLLECTION_GROUP` index turns them on for its field
/// (and the field's sub-fields, unless a more specific override says otherwise; `*` covers every
/// field of the collection group). Collection-scope entries are always kept.
package struct GroupScopePolicy: Sendable, Equatable {
    /// Per collection id: override paths (nil for `*`) with whether they enable group scope,
    /// most specific first.
    private let overrides: [String: [(path: FieldPath?, enabled: Bool)]]

    /// The policy `configuration`'s overrides describe.
    package init(_ configuration: IndexConfiguration) {
        var byGroup: [String: [(path: FieldPath?, enabled: Bool)]] = [:]
        for override in configuration.fieldOverrides {
            let path = override.fieldPath == "*" ? nil : try? FieldPath(serverFormat: override.fieldPath)
            if override.fieldPath != "*" && path == nil { continue }
            let enabled = override.indexes.contains { $0.queryScope == .collectionGroup }
            byGroup[override.collectionGroup, default: []].append((path, enabled))
        }
        overrides = byGroup.mapValues { entries in
            entries.sorted { ($0.path?.segments.count ?? -1) > ($1.path?.segments.count ?? -1) }
        }
    }

    /// Whether `field` of collection id `collectionID` has collection-group entries.
    func isEnabled(_ field: FieldPath, in collectionID: String) -> Bool {
        guard let entries = overrides[collectionID] else { return false }
        for entry in entries {
            guard let path = entry.path else { return entry.enabled }
            if path == field || path.isPrefix(of: field) { return entry.enabled }
        }
        return false
    }

    /// Whether any field of `collectionID` has collection-group entries.
    func hasAny(in collectionID: String) -> Bool {
        overrides[collectionID]?.contains { $0.enabled } ?? false
    }

    /// A canonical text of the policy, kept in `meta` so a changed policy re-indexes on open.
    var signature: String {
        overrides.keys.sorted().map { group in
            let entries = (overrides[group] ?? []).map { "\($0.path?.canonicalString ?? "*")=\($0.enabled)" }
            return "\(group):" + entries.joined(separator: ",")
        }.joined(separator: ";")
    }

    package static func == (lhs: GroupScopePolicy, rhs: GroupScopePolicy) -> Bool { lhs.signature == rhs.signature }
}
