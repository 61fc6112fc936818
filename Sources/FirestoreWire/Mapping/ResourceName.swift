package import HearthCore

/// Parses the resource names requests carry: databases, parents and documents.
package enum ResourceName {
    /// Parses `projects/{p}/databases/{d}`.
    /// - Throws: `INVALID_ARGUMENT` naming the string when it has another shape.
    package static func database(_ name: String) throws(FirestoreError) -> DatabaseID {
        let parts = split(name)
        guard parts.count == 4, parts[0] == "projects", parts[2] == "databases" else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid database name \"\(name)\". Database names must have the form "
                    + "projects/{project_id}/databases/{database_id}.")
        }
        return try DatabaseID(project: parts[1], database: parts[3])
    }

    /// Parses a parent: `projects/{p}/databases/{d}/documents` (the root) or a document name under it.
    /// - Throws: `INVALID_ARGUMENT` when the name is malformed or names a collection.
    package static func parent(_ name: String) throws(FirestoreError) -> (DatabaseID, ResourcePath) {
        if name.utf8.count > 1, name.utf8.last == UInt8(ascii: "/") {
            throw FirestoreError(.invalidArgument, "Document parent name \"\(name)\" has invalid trailing \"/\".")
        }
        let parts = split(name)
        guard parts.count >= 5, parts[0] == "projects", parts[2] == "databases", parts[4] == "documents" else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid parent \"\(name)\". Parents must have the form "
                    + "projects/{project_id}/databases/{database_id}/documents[/{document_path}].")
        }
        let database = try DatabaseID(project: parts[1], database: parts[3])
        let path = try ResourcePath(validatingSegments: Array(parts.dropFirst(5)))
        guard path.isEmpty || path.isDocumentPath else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid parent \"\(name)\": a parent must be the documents root or a document, not a collection.")
        }
        return (database, path)
    }

    /// Parses a full document name and checks that it lives in `database` when one is given.
    /// - Throws: `INVALID_ARGUMENT` for a malformed name or a name in another database.
    package static func document(_ name: String, in database: DatabaseID? = nil) throws(FirestoreError) -> (DatabaseID, DocumentKey) {
        let (found, key) = try DocumentKey.parse(resourceName: name)
        if let database, found != database {
            throw FirestoreError(
                .invalidArgument,
                "Document \"\(name)\" is not in database \"\(database.resourceName)\"; every document of a "
                    + "request must be in the request's database.")
        }
        return (found, key)
    }


    private static func split(_ name: String) -> [String] {
        name.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
    }
}
