/// A stored document: its key, its fields and Firestore's two timestamps.
///
/// A document read from storage keeps its fields encoded until they are first asked for (see
/// `EncodedFields`): a point get then costs about what copying the stored bytes costs, and code
/// that only needs the key or the times never pays for building the map.
package struct Document: Sendable, Equatable {
    /// Where the document lives.
    package var key: DocumentKey
    /// When the document was created (the commit time of its creation).
    package var createTime: Timestamp
    /// When the document last changed (the commit time of its last effective write).
    package var updateTime: Timestamp
    /// The fields, as a map or still encoded.
    private var storage: FieldStorage

    /// The two forms the fields can be held in.
    private enum FieldStorage: Sendable {
        case decoded([String: Value])
        case encoded(EncodedFields)
    }

    /// The document's fields (the top-level map).
    package var fields: [String: Value] {
        get {
            switch storage {
            case .decoded(let fields): fields
            case .encoded(let encoded): encoded.fields
            }
        }
        set { storage = .decoded(newValue) }
        _modify {
            // Take the map out first, so an in-place change does not copy it.
            var fields = self.fields
            storage = .decoded([:])
            defer { storage = .decoded(fields) }
            yield &fields
        }
    }

    /// Creates a document.
    package init(key: DocumentKey, fields: [String: Value], createTime: Timestamp, updateTime: Timestamp) {
        self.key = key
        self.createTime = createTime
        self.updateTime = updateTime
        self.storage = .decoded(fields)
    }

    /// Creates a document whose fields stay encoded until first read.
    init(key: DocumentKey, encodedFields: EncodedFields, createTime: Timestamp, updateTime: Timestamp) {
        self.key = key
        self.createTime = createTime
        self.updateTime = updateTime
        self.storage = .encoded(encodedFields)
    }

    /// Equal when key, times and fields are equal, however each side holds its fields.
    package static func == (left: Document, right: Document) -> Bool {
        guard left.key == right.key, left.createTime == right.createTime, left.updateTime == right.updateTime else {
            return false
        }
        if case .encoded(let a) = left.storage, case .encoded(let b) = right.storage,
           let bytes = a.undecodedBytes, bytes == b.undecodedBytes {
            return true  // the codec is deterministic: equal bytes are equal maps
        }
        return left.fields == right.fields
    }
}
