internal import Foundation

/// The indexes a database is configured with: `firestore.indexes.json`'s composite indexes and
/// single-field overrides. Hearth keeps every automatic single-field index whatever the overrides
/// say; overrides and composites matter for plans and for `requireIndexes`.
public struct IndexConfiguration: Sendable, Equatable {
    /// Composite indexes.
    public var indexes: [IndexDefinition]
    /// Single-field overrides.
    public var fieldOverrides: [FieldOverride]

    /// Creates a configuration.
    public init(indexes: [IndexDefinition] = [], fieldOverrides: [FieldOverride] = []) {
        self.indexes = indexes
        self.fieldOverrides = fieldOverrides
    }

    /// Reads `firestore.indexes.json` text.
    /// - Throws: `INVALID_ARGUMENT` naming the first entry that is not Firebase's format.
    public init(json: String) throws(FirestoreError) {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(json.utf8))
        } catch {
            throw FirestoreError(.invalidArgument, "firestore.indexes.json is not valid JSON: \(error.localizedDescription)")
        }
        guard let object = root as? [String: Any] else {
            throw FirestoreError(.invalidArgument, "firestore.indexes.json must hold a JSON object.")
        }
        var indexes: [IndexDefinition] = []
        for (position, entry) in try Self.list(object["indexes"], "indexes").enumerated() {
            indexes.append(try Self.index(entry, at: "indexes[\(position)]"))
        }
        var overrides: [FieldOverride] = []
        for (position, entry) in try Self.list(object["fieldOverrides"], "fieldOverrides").enumerated() {
            overrides.append(try Self.fieldOverride(entry, at: "fieldOverrides[\(position)]"))
        }
        self.init(indexes: indexes, fieldOverrides: overrides)
    }

    /// The composite indexes over collection id `collectionID`.
    func indexes(for collectionID: String) -> [IndexDefinition] {
        indexes.filter { String.equalUTF8($0.collectionGroup, collectionID) }
    }

    private static func list(_ value: Any?, _ name: String) throws(FirestoreError) -> [Any] {
        guard let value else { return [] }
        guard let list = value as? [Any] else {
            throw FirestoreError(.invalidArgument, "firestore.indexes.json: \(name) must be a list.")
        }
        return list
    }

    private static func string(_ object: [String: Any], _ key: String, at path: String) throws(FirestoreError) -> String {
        guard let text = object[key] as? String, !text.isEmpty else {
            throw FirestoreError(.invalidArgument, "firestore.indexes.json: \(path).\(key) must be a non-empty string.")
        }
        return text
    }

    private static func scope(_ object: [String: Any], at path: String) throws(FirestoreError) -> IndexDefinition.QueryScope {
        guard let raw = object["queryScope"] else { return .collection }
        guard let text = raw as? String, let scope = IndexDefinition.QueryScope(rawValue: text) else {
            throw FirestoreError(
                .invalidArgument, "firestore.indexes.json: \(path).queryScope must be COLLECTION or COLLECTION_GROUP.")
        }
        return scope
    }

    /// The mode of a field entry: exactly one of `order`, `arrayConfig` or the legacy `mode`.
    private static func mode(_ object: [String: Any], at path: String) throws(FirestoreError) -> IndexDefinition.Mode {
        let given = ["order", "arrayConfig", "mode"].filter { object[$0] != nil }
        guard given.count == 1, let text = object[given[0]] as? String else {
            throw FirestoreError(
                .invalidArgument, "firestore.indexes.json: \(path) needs exactly one of order or arrayConfig.")
        }
        switch (given[0], text) {
        case ("order", "ASCENDING"), ("mode", "ASCENDING"): return .ascending
        case ("order", "DESCENDING"), ("mode", "DESCENDING"): return .descending
        case ("arrayConfig", "CONTAINS"), ("mode", "ARRAY_CONTAINS"): return .arrayContains
        default:
            throw FirestoreError(.invalidArgument, "firestore.indexes.json: \(path).\(given[0]) has an unknown value \"\(text)\".")
        }
    }

    private static func index(_ entry: Any, at path: String) throws(FirestoreError) -> IndexDefinition {
        guard let object = entry as? [String: Any] else {
            throw FirestoreError(.invalidArgument, "firestore.indexes.json: \(path) must be an object.")
        }
        let group = try string(object, "collectionGroup", at: path)
        var fields: [IndexDefinition.Field] = []
        for (position, raw) in try list(object["fields"], "\(path).fields").enumerated() {
            let fieldPath = "\(path).fields[\(position)]"
            guard let field = raw as? [String: Any] else {
                throw FirestoreError(.invalidArgument, "firestore.indexes.json: \(fieldPath) must be an object.")
            }
            let name = try FieldPath(serverFormat: try string(field, "fieldPath", at: fieldPath))
            fields.append(IndexDefinition.Field(name, try mode(field, at: fieldPath)))
        }
        if fields.last?.fieldPath.isDocumentID == true, fields.count > 1 { fields.removeLast() }
        guard fields.count >= 2 || (fields.count == 1 && (object["queryScope"] as? String) == "COLLECTION_GROUP") else {
            throw FirestoreError(.invalidArgument, "firestore.indexes.json: \(path) must index at least two fields.")
        }
        guard fields.filter({ $0.mode == .arrayContains }).count <= 1 else {
            throw FirestoreError(.invalidArgument, "firestore.indexes.json: \(path) may contain at most one array field.")
        }
        guard Set(fields.map(\.fieldPath)).count == fields.count else {
            throw FirestoreError(.invalidArgument, "firestore.indexes.json: \(path) names a field twice.")
        }
        return IndexDefinition(collectionGroup: group, queryScope: try scope(object, at: path), fields: fields)
    }

    private static func fieldOverride(_ entry: Any, at path: String) throws(FirestoreError) -> FieldOverride {
        guard let object = entry as? [String: Any] else {
            throw FirestoreError(.invalidArgument, "firestore.indexes.json: \(path) must be an object.")
        }
        var indexes: [FieldOverride.SingleFieldIndex] = []
        for (position, raw) in try list(object["indexes"], "\(path).indexes").enumerated() {
            guard let index = raw as? [String: Any] else {
                throw FirestoreError(.invalidArgument, "firestore.indexes.json: \(path).indexes[\(position)] must be an object.")
            }
            let at = "\(path).indexes[\(position)]"
            indexes.append(FieldOverride.SingleFieldIndex(queryScope: try scope(index, at: at), mode: try mode(index, at: at)))
        }
        return FieldOverride(
            collectionGroup: try string(object, "collectionGroup", at: path),
            fieldPath: try string(object, "fieldPath", at: path), indexes: indexes)
    }
}
