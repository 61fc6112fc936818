import HearthCore

/// The path a `list` request is matched against, with the parts no single value stands for.
///
/// Every document the query can return has the path `parent/collection/<id>` — or, for a
/// collection group, `parent/<any ancestors>/collection/<id>`. The probe is that path with the
/// ancestors left out and a placeholder id; the id position is unknown, and so is the collection
/// id of a kindless query (`collectionID == nil`).
struct ListTarget: Sendable, Equatable {
    /// The full probe: `databases/<db>/documents/<parent…>/<collection>/<id>`.
    let segments: [String]
    /// Indices of `segments` whose value is unknown.
    let unknownPositions: Set<Int>
    /// For collection groups: the index before which unknown ancestors would sit.
    let insertionPoint: Int?

    /// The segments before a document path: `databases`, the database id, `documents`.
    static func documentsRoot(database: String) -> [String] {
        ["databases", database, "documents"]
    }

    /// The probe for a request: from its query when it has one, else from its path.
    init(request: AccessRequest) {
        let root = ListTarget.documentsRoot(database: request.database.database)
        let placeholder = request.path.isDocumentPath ? (request.path.lastSegment ?? "_") : "_"
        guard let query = request.query else {
            segments = root + request.path.segments
            unknownPositions = [segments.count - 1]
            insertionPoint = nil
            return
        }
        let collectionIndex = root.count + query.parent.count
        segments = root + query.parent.segments + [query.collectionID ?? "_", placeholder]
        var unknown: Set<Int> = [collectionIndex + 1]
        if query.collectionID == nil { unknown.insert(collectionIndex) }
        unknownPositions = unknown
        insertionPoint = query.allDescendants ? collectionIndex : nil
    }
}
