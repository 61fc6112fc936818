/// Every document of a scope in name order: a collection's records, or a group's name entries.
struct NameScan: Sendable, Equatable, CustomStringConvertible {
    /// The collection or group.
    var scope: IndexScope
    /// The prefix of every key read: the collection's records, or the group's name entries.
    var prefix: [UInt8]
    /// Whether names are walked from last to first.
    var descending: Bool

    /// The scope's `__name__` index, in the walk's direction.
    var index: IndexDescriptor { .singleField(scope, [], descending: descending) }

    var description: String { "NameScan(\(scope.label).__name__ \(descending ? "DESC" : "ASC"))" }
}

/// One field's value entries between two keys, walked in the field's order (equal values by name).
struct FieldScan: Sendable, Equatable, CustomStringConvertible {
    /// The collection or group.
    var scope: IndexScope
    /// The field whose entries are read.
    var field: FieldPath
    /// Whether the walk goes from the highest value down.
    var descending: Bool
    /// The first key of the range.
    var from: [UInt8]
    /// The key the range ends before (nil: the end of the table).
    var to: [UInt8]?
    /// True when documents of equal value are sorted in memory (later orders differ from the
    /// name order the entries give).
    var sortsTies: Bool

    /// The field's single-field index, in the walk's direction.
    var index: IndexDescriptor {
        .singleField(scope, [IndexDescriptor.Field(field, descending ? .descending : .ascending)], descending: descending)
    }

    var description: String {
        "IndexScan(\(scope.label).\(field.canonicalString) \(descending ? "DESC" : "ASC")\(sortsTies ? ", ties sorted" : ""))"
    }
}

/// A declared composite index's entries between two keys, in query order.
struct CompositeScan: Sendable, Equatable, CustomStringConvertible {
    /// The collection or group.
    var scope: IndexScope
    /// The declared index.
    var definition: IndexDefinition
    /// The first key of the range.
    var from: [UInt8]
    /// The key the range ends before (nil: the end of the table).
    var to: [UInt8]?
    /// True when the walk goes backwards (every order of the query opposite to the index's).
    var backward: Bool

    /// The declared index, `__name__` included.
    var index: IndexDescriptor { .composite(definition) }

    var description: String { "CompositeScan(\(scope.label) \(index.properties)\(backward ? ", backward" : ""))" }
}
