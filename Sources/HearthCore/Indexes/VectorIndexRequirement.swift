/// Which declared vector index serves a vector query, and production's refusal when none does.
enum VectorIndexRequirement {
    /// The declared vector index serving `search` over `base` (the query without `find_nearest`):
    /// same collection group and scope, the searched field with the query vector's dimension, and
    /// exactly the base query's filtered fields before it. Nil when none is declared.
    static func index(
        for base: StructuredQuery, search: VectorSearch, configuration: IndexConfiguration
    ) -> VectorIndexDefinition? {
        guard let collectionID = base.collectionID else { return nil }
        let scope: IndexDefinition.QueryScope = base.allDescendants ? .collectionGroup : .collection
        let filtered = prefilterFields(base)
        return configuration.vectorIndexes.first { index in
            String.equalUTF8(index.collectionGroup, collectionID) && index.queryScope == scope
                && index.vectorField == search.field && index.dimension == search.queryVector.count
                && Set(index.fields.map(\.fieldPath)) == filtered
        }
    }

    /// With `requireIndexes`, throws production's `FAILED_PRECONDITION` when no declared vector
    /// index serves the query (kindless queries cannot be vector searches with an index at all).
    static func check(
        _ base: StructuredQuery, search: VectorSearch, configuration: IndexConfiguration, project: String
    ) throws(FirestoreError) {
        guard index(for: base, search: search, configuration: configuration) == nil else { return }
        throw VectorIndexDefinition.missingError(
            project: project, collectionGroup: base.collectionID ?? "", scope: base.allDescendants ? .collectionGroup : .collection,
            prefix: prefilterFields(base).sorted(), vectorField: search.field, dimension: search.queryVector.count)
    }

    /// The fields the base query filters on (`__name__` aside).
    private static func prefilterFields(_ base: StructuredQuery) -> Set<FieldPath> {
        guard let filter = base.filter else { return [] }
        var fields = Set<FieldPath>()
        for leaf in QueryFilters.leaves(filter) {
            switch leaf {
            case .field(let field, _, _), .unary(let field, _):
                if !field.isDocumentID { fields.insert(field) }
            case .composite: break
            }
        }
        return fields
    }
}
