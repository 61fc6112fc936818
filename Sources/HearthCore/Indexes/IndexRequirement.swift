internal import Foundation

/// Decides, as production Firestore does, whether a query needs an index beyond the automatic
/// collection-scope single-field ones (fact sheet §6.3), and names the index to add.
enum IndexRequirement {
    /// What a query lacks.
    enum Missing: Equatable {
        /// A composite index.
        case composite(IndexDefinition)
        /// A single-field index (a `fieldOverrides` entry), e.g. collection-group scope.
        case singleField(collectionGroup: String, field: FieldPath, FieldOverride.SingleFieldIndex)
    }

    /// Throws `FAILED_PRECONDITION` with production's message and the definition to add when
    /// `configuration` lacks an index the query needs.
    static func check(_ target: QueryTarget, configuration: IndexConfiguration) throws(FirestoreError) {
        guard let missing = missing(for: target, configuration: configuration) else { return }
        throw error(for: missing, project: target.database.project)
    }

    /// The first index the query needs that `configuration` lacks, or nil.
    static func missing(for target: QueryTarget, configuration: IndexConfiguration) -> Missing? {
        let query = target.query
        guard let collectionID = query.collectionID else { return nil }
        let scope: IndexDefinition.QueryScope = query.allDescendants ? .collectionGroup : .collection
        for leaves in disjunctiveNormalForm(query.filter) {
            var disjunct = query
            disjunct.filter = leaves.isEmpty ? nil : .composite(.and, leaves)
            let orders = QueryTarget.effectiveOrder(of: disjunct).filter { !$0.field.isDocumentID }
            var prefix: [IndexDefinition.Field] = []
            for leaf in leaves {
                guard case .field(let field, let op, _) = leaf, !field.isDocumentID else {
                    if case .unary(let field, let op) = leaf, !field.isDocumentID, op == .isNull || op == .isNaN {
                        prefix.append(IndexDefinition.Field(field, .ascending))
                    }
                    continue
                }
                switch op {
                case .equal, .in: prefix.append(IndexDefinition.Field(field, .ascending))
                case .arrayContains, .arrayContainsAny: prefix.append(IndexDefinition.Field(field, .arrayContains))
                default: continue
                }
            }
            var seen = Set<FieldPath>()
            prefix = prefix.filter { field in
                seen.insert(field.fieldPath).inserted && !orders.contains { $0.field == field.fieldPath }
            }
                .sorted { $0.fieldPath < $1.fieldPath }
            let tail = orders.map { IndexDefinition.Field($0.field, $0.descending ? .descending : .ascending) }
            if let missing = missing(prefix: prefix, tail: tail, collectionID: collectionID, scope: scope, configuration) {
                return missing
            }
        }
        return nil
    }

    /// The index a conjunction with equality-like fields `prefix` and orders `tail` lacks.
    private static func missing(
        prefix: [IndexDefinition.Field], tail: [IndexDefinition.Field], collectionID: String,
        scope: IndexDefinition.QueryScope, _ configuration: IndexConfiguration
    ) -> Missing? {
        let fields = prefix + tail
        let singleField = tail.isEmpty || (prefix.isEmpty && tail.count == 1)
        if singleField {
            // Automatic indexes (collection scope) or index merging answer it; per field, the
            // single-field index must exist in the query's scope (overrides may add or remove them).
            for field in fields {
                let needed = FieldOverride.SingleFieldIndex(queryScope: scope, mode: field.mode)
                if !hasSingleField(collectionID, field.fieldPath, needed, configuration) {
                    return .singleField(collectionGroup: collectionID, field: field.fieldPath, needed)
                }
            }
            return nil
        }
        let declared = configuration.indexes(for: collectionID).contains { definition in
            definition.queryScope == scope && definition.fields.count == fields.count
                && Set(definition.fields.prefix(prefix.count).map(\.fieldPath)) == Set(prefix.map(\.fieldPath))
                && zip(definition.fields.prefix(prefix.count), prefix).allSatisfy { pair in
                    prefix.first { $0.fieldPath == pair.0.fieldPath }.map { wanted in
                        wanted.mode == .arrayContains ? pair.0.mode == .arrayContains : pair.0.mode != .arrayContains
                    } ?? false
                }
                && Array(definition.fields.dropFirst(prefix.count)) == tail
        }
        if declared { return nil }
        return .composite(IndexDefinition(collectionGroup: collectionID, queryScope: scope, fields: fields))
    }

    /// Whether a single-field index exists: automatic in collection scope unless an override
    /// (for the field, or `*`) leaves it out; in collection-group scope only when one adds it.
    private static func hasSingleField(
        _ collectionID: String, _ field: FieldPath, _ needed: FieldOverride.SingleFieldIndex,
        _ configuration: IndexConfiguration
    ) -> Bool {
        let overrides = configuration.fieldOverrides.filter { String.equalUTF8($0.collectionGroup, collectionID) }
        let specific = overrides.first { override in
            (try? FieldPath(serverFormat: override.fieldPath)).map { $0 == field || $0.isPrefix(of: field) } ?? false
        } ?? overrides.first { $0.fieldPath == "*" }
        guard let specific else { return needed.queryScope == .collection }
        return specific.indexes.contains { index in
            index.queryScope == needed.queryScope
                && (index.mode == needed.mode || (needed.mode != .arrayContains && index.mode != .arrayContains))
        }
    }

    /// The filter as an OR of ANDs of leaves (one empty conjunction for no filter).
    static func disjunctiveNormalForm(_ filter: QueryFilter?) -> [[QueryFilter]] {
        guard let filter else { return [[]] }
        switch filter {
        case .field, .unary: return [[filter]]
        case .composite(.or, let parts): return parts.flatMap(disjunctiveNormalForm)
        case .composite(.and, let parts):
            return parts.reduce([[]]) { partial, part in
                let expanded = disjunctiveNormalForm(part)
                return partial.flatMap { left in expanded.map { left + $0 } }
            }
        }
    }

    /// Production's error, with the definition to add in `firestore.indexes.json` form.
    static func error(for missing: Missing, project: String) -> FirestoreError {
        let link = "https://console.firebase.google.com/v1/r/project/\(project)/firestore/indexes"
        switch missing {
        case .composite(let definition):
            let token = Data(definition.json.utf8).base64EncodedString()
            return FirestoreError(
                .failedPrecondition,
                "The query requires an index. You can create it here: \(link)?create_composite=\(token)\n"
                    + "Add it to firestore.indexes.json under \"indexes\": \(definition.json)")
        case .singleField(let group, let field, let index):
            let key = index.mode == .arrayContains ? "arrayConfig" : "order"
            let json = "{ \"collectionGroup\": \(JSONString.quoted(group)), \"fieldPath\": "
                + "\(JSONString.quoted(field.canonicalString)), \"indexes\": [ { \"\(key)\": \"\(index.mode.rawValue)\", "
                + "\"queryScope\": \"\(index.queryScope.rawValue)\" } ] }"
            let token = Data(json.utf8).base64EncodedString()
            return FirestoreError(
                .failedPrecondition,
                "The query requires an index. You can create it here: \(link)?create_exemption=\(token)\n"
                    + "Add it to firestore.indexes.json under \"fieldOverrides\": \(json)")
        }
    }
}
