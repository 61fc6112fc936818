import HearthCore

/// Builds `rules.firestore.Resource` values: the `resource` object, `request.resource`, `get()` results.
enum RuleResource {
    /// The resource map of `document` (`data`, `id`, `__name__`), or `null` when it does not exist.
    static func value(of document: Document?, database: String) -> RuleValue {
        guard let document else { return .null }
        return .map(fields(of: document, database: database))
    }

    /// The resource map's entries: `data` (the fields), `id` (last segment) and `__name__` (full path).
    static func fields(of document: Document, database: String) -> [String: RuleValue] {
        [
            "data": .map(RuleValue.fields(document.fields)),
            "id": .string(document.key.documentID),
            "__name__": .path(documentPath(database: database, path: document.key.path)),
        ]
    }

    /// The full rules path of a document: `/databases/<database>/documents/<path>`.
    static func documentPath(database: String, path: ResourcePath) -> RulePath {
        RulePath.document(database: database, segments: path.segments)
    }
}
