/// An index a plan reads, in the terms Query Explain reports it: its scope, its fields with
/// directions (ending with `__name__`, as Firestore writes them), and whether it is an automatic
/// single-field index or a declared composite one.
struct IndexDescriptor: Sendable, Equatable, CustomStringConvertible {
    /// Where an index comes from.
    enum Kind: String, Sendable, Equatable {
        /// Kept automatically for every field (or enabled by a `fieldOverrides` entry).
        case singleField = "single-field"
        /// Declared in `firestore.indexes.json` under `indexes`.
        case composite
    }

    /// One field of the index and how it is ordered.
    struct Field: Sendable, Equatable, CustomStringConvertible {
        /// The field (`__name__` for the document name).
        var path: FieldPath
        /// Ascending, descending, or array-contains.
        var mode: IndexDefinition.Mode

        /// Creates a field.
        init(_ path: FieldPath, _ mode: IndexDefinition.Mode) {
            self.path = path
            self.mode = mode
        }

        /// The field as Firestore prints it, e.g. `city ASC`.
        var description: String { "\(path.canonicalString) \(Self.modeName(mode))" }

        /// The short name of a mode: `ASC`, `DESC` or `CONTAINS`.
        static func modeName(_ mode: IndexDefinition.Mode) -> String {
            switch mode {
            case .ascending: return "ASC"
            case .descending: return "DESC"
            case .arrayContains: return "CONTAINS"
            }
        }
    }

    /// Single-field or composite.
    var kind: Kind
    /// Collection or collection-group scope.
    var scope: IndexDefinition.QueryScope
    /// The collection id the index belongs to.
    var collectionGroup: String
    /// The fields in index order, `__name__` last.
    var fields: [Field]

    /// The fields as Firestore's Query Explain writes them: `(city ASC, population DESC, __name__ DESC)`.
    var properties: String { "(" + fields.map(\.description).joined(separator: ", ") + ")" }

    var description: String { "\(collectionGroup) \(properties) \(scope.rawValue) \(kind.rawValue)" }

    /// A single-field index of `scope` read in one direction: `leading` fields, then `__name__`
    /// in that direction (Firestore keeps each single-field index ascending and descending).
    static func singleField(_ scope: IndexScope, _ leading: [Field], descending: Bool) -> IndexDescriptor {
        IndexDescriptor(
            kind: .singleField, scope: scope.queryScope, collectionGroup: scope.collectionID,
            fields: leading + [Field(.documentID, descending ? .descending : .ascending)])
    }

    /// A declared composite index with its implicit `__name__` (in the direction of its last field).
    static func composite(_ definition: IndexDefinition) -> IndexDescriptor {
        let namesDescending = definition.fields.last?.mode == .descending
        return IndexDescriptor(
            kind: .composite, scope: definition.queryScope, collectionGroup: definition.collectionGroup,
            fields: definition.fields.map { Field($0.fieldPath, $0.mode) }
                + [Field(.documentID, namesDescending ? .descending : .ascending)])
    }
}
