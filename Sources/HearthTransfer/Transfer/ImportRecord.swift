package import HearthCore

/// One document read from an import source, with where it came from (for errors and skips).
package struct ImportRecord: Sendable {
    /// The document's key.
    package var key: DocumentKey
    /// The document's fields.
    package var fields: [String: Value]
    /// The database the source names for it, when it names one.
    package var sourceDatabase: DatabaseID?
    /// The create and update times the source keeps (JSON Lines does; Firestore's format does not).
    package var times: PreservedTimes?
    /// The file it was read from.
    package var file: String
    /// The byte offset of its record or line.
    package var offset: Int64

    /// Creates a record.
    package init(
        key: DocumentKey, fields: [String: Value], sourceDatabase: DatabaseID?, times: PreservedTimes? = nil,
        file: String, offset: Int64
    ) {
        self.key = key
        self.fields = fields
        self.sourceDatabase = sourceDatabase
        self.times = times
        self.file = file
        self.offset = offset
    }
}
