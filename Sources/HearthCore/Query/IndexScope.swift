/// The slice of the index a query reads: one collection, or one collection group (under a parent).
struct IndexScope: Sendable, Equatable {
    /// Collection or collection group.
    var scope: IndexKeys.Scope
    /// The collection number or group id.
    var id: UInt64
    /// For groups under a parent document: the encoded parent segments every name starts with.
    var namePrefix: [UInt8]
    /// For collection scope: the collection's path.
    var collection: ResourcePath?
    /// The collection id the query names (the collection group its indexes belong to).
    var collectionID: String

    /// The scope in `firestore.indexes.json` terms.
    var queryScope: IndexDefinition.QueryScope { scope == .group ? .collectionGroup : .collection }

    /// The scope as plans print it: the collection id, prefixed with `**/` for a collection group.
    var label: String { scope == .group ? "**/" + collectionID : collectionID }
}
