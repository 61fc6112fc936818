/// A composite index, as declared in `firestore.indexes.json` (Firebase's format).
public struct IndexDefinition: Sendable, Hashable, CustomStringConvertible {
    /// Which collections an index covers.
    public enum QueryScope: String, Sendable, Hashable {
        /// The collections with the id, each on its own (`COLLECTION`).
        case collection = "COLLECTION"
        /// All collections with the id together (`COLLECTION_GROUP`).
        case collectionGroup = "COLLECTION_GROUP"
    }

    /// How one field is indexed.
    public enum Mode: String, Sendable, Hashable {
        /// `order: ASCENDING`.
        case ascending = "ASCENDING"
        /// `order: DESCENDING`.
        case descending = "DESCENDING"
        /// `arrayConfig: CONTAINS`.
        case arrayContains = "CONTAINS"
    }

    /// One field of an index.
    public struct Field: Sendable, Hashable {
        /// The field path.
        package var fieldPath: FieldPath
        /// Its mode.
        public var mode: Mode

        /// Creates a field.
        package init(_ fieldPath: FieldPath, _ mode: Mode) {
            self.fieldPath = fieldPath
            self.mode = mode
        }
    }

    /// The collection id the index applies to.
    public var collectionGroup: String
    /// Collection or collection-group scope.
    public var queryScope: QueryScope
    /// The indexed fields, in order (`__name__` is implicit at the end).
    public var fields: [Field]

    /// Creates a definition.
    public init(collectionGroup: String, queryScope: QueryScope, fields: [Field]) {
        self.collectionGroup = collectionGroup
        self.queryScope = queryScope
        self.fields = fields
    }

    /// The definition as `firestore.indexes.json` writes it (one entry of `indexes`).
    public var json: String {
        let fieldsJSON = fields.map { field in
            let key = field.mode == .arrayContains ? "arrayConfig" : "order"
            return "{ \"fieldPath\": \(JSONString.quoted(field.fieldPath.canonicalString)), \"\(key)\": \"\(field.mode.rawValue)\" }"
        }
        return "{ \"collectionGroup\": \(JSONString.quoted(collectionGroup)), \"queryScope\": \"\(queryScope.rawValue)\", "
            + "\"fields\": [ \(fieldsJSON.joined(separator: ", ")) ] }"
    }

    public var description: String { json }

    /// The number naming this index's entries in the `composite` table (a hash of its definition).
    package var storageID: UInt64 {
        let fieldsText = fields.map { "\($0.fieldPath.canonicalString) \($0.mode.rawValue)" }.joined(separator: ",")
        return IndexKeys.nameHash("\(queryScope.rawValue)|\(collectionGroup)|\(fieldsText)")
    }
}

/// A single-field index setting of `fieldOverrides`: which single-field indexes a field has.
public struct FieldOverride: Sendable, Hashable {
    /// One single-field index the override enables.
    public struct SingleFieldIndex: Sendable, Hashable {
        /// Its scope.
        public var queryScope: IndexDefinition.QueryScope
        /// Its mode.
        public var mode: IndexDefinition.Mode

        /// Creates a setting.
        public init(queryScope: IndexDefinition.QueryScope, mode: IndexDefinition.Mode) {
            self.queryScope = queryScope
            self.mode = mode
        }
    }

    /// The collection id (`*`-free; Firebase's form).
    public var collectionGroup: String
    /// The field (`*` for every field of the collection group).
    public var fieldPath: String
    /// The single-field indexes the field keeps; empty disables them all.
    public var indexes: [SingleFieldIndex]

    /// Whether the field is the collection group's TTL field (`"ttl": true`): documents whose
    /// value there is a timestamp in the past are deleted by the TTL sweep.
    public var ttl: Bool

    /// Creates an override.
    public init(collectionGroup: String, fieldPath: String, indexes: [SingleFieldIndex], ttl: Bool = false) {
        self.collectionGroup = collectionGroup
        self.fieldPath = fieldPath
        self.indexes = indexes
        self.ttl = ttl
    }
}
