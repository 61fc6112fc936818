import FirestoreWire
import HearthCore

/// What a Listen stream does in answer to a `ListenEvent`, in order.
///
/// Engine work (`readDocuments`, `listenToDocuments`, `listenToQuery`) always comes after the
/// responses of the same answer, so a shell may send every response first and start that work
/// afterwards; its outcome comes back as further events.
enum ListenAction: Sendable, Equatable {
    /// Send this response to the client.
    case send(Google_Firestore_V1_ListenResponse)
    /// Read `keys` as they stood at version `at`, then report them as `documentsRead`.
    case readDocuments(target: Int32, keys: [DocumentKey], in: DatabaseID, at: Int64)
    /// Start one document listener per key for `target`, reporting `documentChanged` events.
    case listenToDocuments(target: Int32, keys: [DocumentKey], in: DatabaseID)
    /// Start a query listener for `target` (resuming after a version when one is given),
    /// reporting `queryChanged` events.
    case listenToQuery(target: Int32, query: StructuredQuery, in: DatabaseID, resumingAfter: Int64?)
    /// Stop every listener started for `target`.
    case stopListeners(target: Int32)
    /// End the RPC with this error (nothing more is sent).
    case fail(FirestoreError)
    /// End the response stream after what was sent.
    case finish
}
