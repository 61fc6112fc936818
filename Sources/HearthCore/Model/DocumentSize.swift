/// Firestore's storage-size arithmetic for documents, names and values, and the 1 MiB document limit.
///
/// A string counts its UTF-8 bytes plus one; a document name is the sum of its segments' string
/// sizes plus 16; a document is its name plus each field's name and value plus 32.
package enum DocumentSize {
    /// The largest document, in bytes (1 MiB).
    package static let maxDocumentBytes = 1_048_576
    /// The largest string or bytes value, in bytes (1 MiB − 89).
    package static let maxValueBytes = 1_048_487

    /// The stored size of a string: its UTF-8 bytes plus one.
    package static func string(_ s: String) -> Int { s.utf8.count + 1 }

    /// The stored size of a field value.
    ///
    /// null and booleans 1; integers, doubles and timestamps 8; geopoints 16; strings their string
    /// size; bytes their length; references the name size of the referenced document; arrays the
    /// sum of their elements; vectors 8 per dimension; maps the sum of key string sizes and values.
    package static func value(_ v: Value) -> Int {
        switch v {
        case .null, .boolean: return 1
        case .integer, .double, .timestamp: return 8
        case .geoPoint: return 16
        case .string(let s): return string(s)
        case .bytes(let b): return b.count
        case .reference(let reference): return name(reference.key)
        case .array(let elements):
            var total = 0
            for element in elements { total += value(element) }
            return total
        case .map(let fields):
            if v.isVector { return 8 * (fields["value"]?.arrayValue?.count ?? 0) }
            return self.fields(fields)
        }
    }

    /// The size of a document name: the string sizes of every segment plus 16.
    package static func name(_ key: DocumentKey) -> Int { name(path: key.path) }

    /// The size of a document name for any path: the string sizes of every segment plus 16.
    package static func name(path: ResourcePath) -> Int {
        var total = 16
        for segment in path.segments { total += string(segment) }
        return total
    }

    /// The sum of field sizes of a map or document: Σ (string size of the name + value size).
    package static func fields(_ fields: [String: Value]) -> Int {
        var total = 0
        for (name, fieldValue) in fields { total += string(name) + value(fieldValue) }
        return total
    }

    /// The size of a document: its name size, plus the size of every field, plus 32.
    package static func document(key: DocumentKey, fields: [String: Value]) -> Int {
        name(key) + self.fields(fields) + 32
    }

    /// Throws unless the document fits in 1 MiB.
    /// - Throws: `INVALID_ARGUMENT` with Firestore's message naming the document and both sizes.
    package static func check(key: DocumentKey, database: DatabaseID, fields: [String: Value]) throws(FirestoreError) {
        let size = document(key: key, fields: fields)
        guard size <= maxDocumentBytes else {
            throw FirestoreError(
                .invalidArgument,
                "Document '\(key.resourceName(in: database))' cannot be written because its size "
                    + "(\(MessageText.withThousandsSeparators(size)) bytes) exceeds the maximum allowed size of "
                    + "\(MessageText.withThousandsSeparators(maxDocumentBytes)) bytes.")
        }
    }
}
