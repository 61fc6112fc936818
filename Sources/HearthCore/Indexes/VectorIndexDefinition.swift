/// A vector index, as `firestore.indexes.json` declares it: a composite entry whose last field
/// carries `vectorConfig` (`{"dimension": N, "flat": {}}`), after any fields a vector query may
/// pre-filter on with equality.
///
/// Production's flat vector index compares every candidate exactly, as Hearth's vector search
/// does; the declaration decides whether a vector query is allowed under `requireIndexes` and what
/// Query Explain names as the index used.
public struct VectorIndexDefinition: Sendable, Hashable {
    /// The collection id the index applies to.
    public var collectionGroup: String
    /// Collection or collection-group scope.
    public var queryScope: IndexDefinition.QueryScope
    /// The fields before the vector field (equality pre-filters), in order.
    public var fields: [IndexDefinition.Field]
    /// The field holding the vectors.
    package var vectorField: FieldPath
    /// The vectors' dimension.
    public var dimension: Int

    /// Creates a definition.
    package init(
        collectionGroup: String, queryScope: IndexDefinition.QueryScope, fields: [IndexDefinition.Field],
        vectorField: FieldPath, dimension: Int
    ) {
        self.collectionGroup = collectionGroup
        self.queryScope = queryScope
        self.fields = fields
        self.vectorField = vectorField
        self.dimension = dimension
    }

    /// The index as Query Explain prints it: its fields, `__name__ ASC` before the vector field
    /// (production inserts it), e.g. `(color ASC, __name__ ASC, embedding VECTOR<3>)`.
    package var explainProperties: String {
        let prefix = fields.map { "\($0.fieldPath.canonicalString) \($0.mode == .descending ? "DESC" : "ASC")" }
        return "(" + (prefix + ["__name__ ASC", "\(vectorField.canonicalString) VECTOR<\(dimension)>"]).joined(separator: ", ") + ")"
    }

    /// Production's `FAILED_PRECONDITION` for a vector query no declared index serves: the
    /// `gcloud` command creating the index it needs (production gives no console link).
    static func missingError(
        project: String, collectionGroup: String, scope: IndexDefinition.QueryScope, prefix: [FieldPath],
        vectorField: FieldPath, dimension: Int
    ) -> FirestoreError {
        let prefixConfig = prefix.map { " --field-config=order=ASCENDING,field-path=\($0.canonicalString)" }.joined()
        return FirestoreError(
            .failedPrecondition,
            "Missing vector index configuration. Please create the required index with the following gcloud command: "
                + "gcloud firestore indexes composite create --project=\(project) --collection-group=\(collectionGroup) "
                + "--query-scope=\(scope.rawValue)\(prefixConfig) --field-config=vector-config='{\"dimension\":\"\(dimension)\","
                + "\"flat\": \"{}\"}',field-path=\(vectorField.canonicalString)")
    }
}
