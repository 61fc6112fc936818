import HearthCore

/// Builds `rules.firestore.Resource` values: the `resource` object, `request.resource`, `get()` results.
enum RuleResource {
    /// The resource map of `document` (`data`, `id`, `__name__`), or `null` when it does not exist.
    static func value(of document: Document?, database: String) -> RuleValue {
        guard let document else { return .null }
        return .map(fields(of: document, database: database))
    }

    /// The keys of a resource map.
    enum Member: String, CaseIterable {
        case data, id
        case name = "__name__"
    }

    /// One entry of `document`'s resource map: `data` (the fields), `id` (last segment) or
    /// `__name__` (full path).
    static func member(_ member: Member, of document: Document, database: String) -> RuleValue {
        switch member {
        case .data: .map(RuleValue.fields(document.fields))
        case .id: .string(document.key.documentID)
        case .name: .path(documentPath(database: database, path: document.key.path))
        }
    }

    /// The resource map's entries.
    static func fields(of document: Document, database: String) -> [String: RuleValue] {
        var fields: [String: RuleValue] = [:]
        for name in Member.allCases { fields[name.rawValue] = member(name, of: document, database: database) }
        return fields
    }

    /// The full rules path of a document: `/databases/<database>/documents/<path>`.
    static func documentPath(database: String, path: ResourcePath) -> RulePath {
        RulePath.document(database: database, segments: path.segments)
    }
}
