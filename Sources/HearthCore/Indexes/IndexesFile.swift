import Foundation

/// `firestore.indexes.json` as `Decodable` values, before the checks Firebase's tools make
/// (`IndexConfiguration.init(json:)` runs those, naming the entry at fault).
struct IndexesFile: Decodable {
    /// Composite index entries.
    let indexes: [IndexEntry]?
    /// Single-field override entries.
    let fieldOverrides: [OverrideEntry]?

    /// One composite index: its collection group, scope and fields.
    struct IndexEntry: Decodable {
        let collectionGroup: String?
        let queryScope: String?
        let fields: [FieldEntry]?

        /// The vector index this entry declares when its last field has `vectorConfig`, else nil.
        /// - Throws: `INVALID_ARGUMENT` naming `path` and what is wrong.
        func vectorDefinition(at path: String) throws(FirestoreError) -> VectorIndexDefinition? {
            let entries = fields ?? []
            guard entries.contains(where: { $0.vectorConfig != nil }) else { return nil }
            guard let last = entries.last, let config = last.vectorConfig,
                  entries.dropLast().allSatisfy({ $0.vectorConfig == nil }) else {
                throw IndexesFile.invalid("\(path) may have one vectorConfig field, and only as its last field.")
            }
            let vectorPath = "\(path).fields[\(entries.count - 1)]"
            guard last.order == nil, last.arrayConfig == nil, last.mode == nil else {
                throw IndexesFile.invalid("\(vectorPath) needs exactly one of order, arrayConfig or vectorConfig.")
            }
            guard let dimension = config.dimension, dimension >= 1, dimension <= VectorSearch.maxDimensions else {
                throw IndexesFile.invalid("\(vectorPath).vectorConfig.dimension must be a number from 1 to \(VectorSearch.maxDimensions).")
            }
            guard config.flat != nil else {
                throw IndexesFile.invalid("\(vectorPath).vectorConfig needs \"flat\": {} (the only vector index type).")
            }
            let group = try IndexesFile.nonEmpty(collectionGroup, "collectionGroup", at: path)
            let vectorField = try FieldPath(serverFormat: try IndexesFile.nonEmpty(last.fieldPath, "fieldPath", at: vectorPath))
            var prefix: [IndexDefinition.Field] = []
            for (position, field) in entries.dropLast().enumerated() {
                let fieldPath = "\(path).fields[\(position)]"
                let name = try FieldPath(serverFormat: try IndexesFile.nonEmpty(field.fieldPath, "fieldPath", at: fieldPath))
                let mode = try field.mode(at: fieldPath)
                guard mode != .arrayContains else {
                    throw IndexesFile.invalid("\(fieldPath): a vector index's other fields need an order, not arrayConfig.")
                }
                prefix.append(IndexDefinition.Field(name, mode))
            }
            guard Set(prefix.map(\.fieldPath) + [vectorField]).count == prefix.count + 1 else {
                throw IndexesFile.invalid("\(path) names a field twice.")
            }
            return VectorIndexDefinition(
                collectionGroup: group, queryScope: try IndexesFile.scope(queryScope, at: path), fields: prefix,
                vectorField: vectorField, dimension: dimension)
        }

        /// The index definition this entry declares.
        /// - Throws: `INVALID_ARGUMENT` naming `path` and what is wrong.
        func definition(at path: String) throws(FirestoreError) -> IndexDefinition {
            let group = try IndexesFile.nonEmpty(collectionGroup, "collectionGroup", at: path)
            var result: [IndexDefinition.Field] = []
            for (position, field) in (fields ?? []).enumerated() {
                let fieldPath = "\(path).fields[\(position)]"
                let name = try FieldPath(serverFormat: try IndexesFile.nonEmpty(field.fieldPath, "fieldPath", at: fieldPath))
                result.append(IndexDefinition.Field(name, try field.mode(at: fieldPath)))
            }
            if result.last?.fieldPath.isDocumentID == true, result.count > 1 { result.removeLast() }
            guard result.count >= 2 || (result.count == 1 && queryScope == "COLLECTION_GROUP") else {
                throw IndexesFile.invalid("\(path) must index at least two fields.")
            }
            guard result.filter({ $0.mode == .arrayContains }).count <= 1 else {
                throw IndexesFile.invalid("\(path) may contain at most one array field.")
            }
            guard Set(result.map(\.fieldPath)).count == result.count else {
                throw IndexesFile.invalid("\(path) names a field twice.")
            }
            return IndexDefinition(
                collectionGroup: group, queryScope: try IndexesFile.scope(queryScope, at: path), fields: result)
        }
    }

    /// One field of an index: its path and exactly one of `order`, `arrayConfig`, `vectorConfig`
    /// or legacy `mode`.
    struct FieldEntry: Decodable {
        let fieldPath: String?
        let order: String?
        let arrayConfig: String?
        let mode: String?
        var vectorConfig: VectorConfigEntry? = nil

        /// The mode this entry gives.
        /// - Throws: `INVALID_ARGUMENT` when none or several are given, or the value is unknown.
        func mode(at path: String) throws(FirestoreError) -> IndexDefinition.Mode {
            let given = [("order", order), ("arrayConfig", arrayConfig), ("mode", mode)].compactMap { key, value in
                value.map { (key, $0) }
            }
            guard given.count == 1, let (key, text) = given.first else {
                throw IndexesFile.invalid("\(path) needs exactly one of order or arrayConfig.")
            }
            switch (key, text) {
            case ("order", "ASCENDING"), ("mode", "ASCENDING"): return .ascending
            case ("order", "DESCENDING"), ("mode", "DESCENDING"): return .descending
            case ("arrayConfig", "CONTAINS"), ("mode", "ARRAY_CONTAINS"): return .arrayContains
            default: throw IndexesFile.invalid("\(path).\(key) has an unknown value \"\(text)\".")
            }
        }
    }

    /// A field's `vectorConfig`: the dimension and the index type (`flat`, an empty object).
    struct VectorConfigEntry: Decodable {
        let dimension: Int?
        let flat: FlatEntry?

        /// `"flat": {}`: no settings.
        struct FlatEntry: Decodable {}
    }

    /// One single-field override: the field and the indexes it keeps.
    struct OverrideEntry: Decodable {
        let collectionGroup: String?
        let fieldPath: String?
        let indexes: [SingleFieldEntry]?
        var ttl: Bool? = nil

        /// The override this entry declares.
        func fieldOverride(at path: String) throws(FirestoreError) -> FieldOverride {
            var result: [FieldOverride.SingleFieldIndex] = []
            for (position, index) in (indexes ?? []).enumerated() {
                let at = "\(path).indexes[\(position)]"
                result.append(FieldOverride.SingleFieldIndex(
                    queryScope: try IndexesFile.scope(index.queryScope, at: at), mode: try index.field.mode(at: at)))
            }
            let field = try IndexesFile.nonEmpty(fieldPath, "fieldPath", at: path)
            if ttl == true, field == "*" {
                throw IndexesFile.invalid("\(path): a TTL policy needs one field, not \"*\".")
            }
            return FieldOverride(
                collectionGroup: try IndexesFile.nonEmpty(collectionGroup, "collectionGroup", at: path),
                fieldPath: field, indexes: result, ttl: ttl ?? false)
        }
    }

    /// One index of an override: a scope and a mode.
    struct SingleFieldEntry: Decodable {
        let queryScope: String?
        let order: String?
        let arrayConfig: String?
        let mode: String?

        /// The mode keys, as a field entry has them.
        var field: FieldEntry { FieldEntry(fieldPath: nil, order: order, arrayConfig: arrayConfig, mode: mode) }
    }

    /// `INVALID_ARGUMENT` with the file's name before `detail`.
    static func invalid(_ detail: String) -> FirestoreError {
        FirestoreError(.invalidArgument, "firestore.indexes.json: \(detail)")
    }

    /// `value` when it is a non-empty string.
    static func nonEmpty(_ value: String?, _ key: String, at path: String) throws(FirestoreError) -> String {
        guard let value, !value.isEmpty else { throw invalid("\(path).\(key) must be a non-empty string.") }
        return value
    }

    /// The scope a `queryScope` names (absent: collection).
    static func scope(_ text: String?, at path: String) throws(FirestoreError) -> IndexDefinition.QueryScope {
        guard let text else { return .collection }
        guard let scope = IndexDefinition.QueryScope(rawValue: text) else {
            throw invalid("\(path).queryScope must be COLLECTION or COLLECTION_GROUP.")
        }
        return scope
    }

    /// A decoding failure in words: what was expected where (`indexes[0].fields: a list`).
    static func describe(_ error: DecodingError) -> String { DecodingErrorText.describe(error) }
}
