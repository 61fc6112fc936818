internal import HearthCore
import Foundation

/// A running snapshot listener; `remove()` stops it (the SDK's `ListenerRegistration`).
public protocol ListenerRegistration: Sendable {
    /// Stops the listener: no callback runs after this returns (one already running finishes).
    func remove()
}

/// A registration backed by an engine listener (or by nothing, after an error).
struct EngineListenerRegistration: ListenerRegistration {
    let handle: ListenHandle?
    func remove() { handle?.cancel() }

    /// Returns once every commit completed before the call has reached the listener (tests'
    /// barrier instead of a sleep; see `ListenHandle.settled()`).
    func settled() async { await handle?.settled() }
}

/// How a document changed between two query snapshots (the SDK's `DocumentChangeType`).
public enum DocumentChangeType: Sendable, Equatable {
    /// The document entered the results.
    case added
    /// The document stayed, with new contents.
    case modified
    /// The document left the results.
    case removed
}

/// One change of a query's results (the SDK's `DocumentChange`).
public final class DocumentChange: Sendable {
    /// What happened.
    public let type: DocumentChangeType
    /// The document (its last state when removed).
    public let document: QueryDocumentSnapshot
    /// Its index before this change, all earlier changes applied; `UInt(NSNotFound)` when added.
    public let oldIndex: UInt
    /// Its index after this change; `UInt(NSNotFound)` when removed.
    public let newIndex: UInt

    init(type: DocumentChangeType, document: QueryDocumentSnapshot, oldIndex: Int, newIndex: Int) {
        self.type = type
        self.document = document
        self.oldIndex = oldIndex < 0 ? UInt(NSNotFound) : UInt(oldIndex)
        self.newIndex = newIndex < 0 ? UInt(NSNotFound) : UInt(newIndex)
    }

    convenience init(_ event: DocumentChangeEvent, firestore: Firestore) {
        let type: DocumentChangeType = switch event.kind {
        case .added: .added
        case .modified: .modified
        case .removed: .removed
        }
        let document = QueryDocumentSnapshot(
            reference: DocumentReference(firestore: firestore, key: event.document.key), document: event.document)
        self.init(type: type, document: document, oldIndex: event.oldIndex, newIndex: event.newIndex)
    }
}

extension DocumentReference {
    /// Listens to the document: the callback gets its current state, then a snapshot after every
    /// commit that changes it, in commit order, on a background serial queue (hop to the main
    /// actor for UI). A missing document gives snapshots with `exists == false`.
    public func addSnapshotListener(
        _ listener: @escaping @Sendable (DocumentSnapshot?, (any Error)?) -> Void
    ) -> any ListenerRegistration {
        addSnapshotListener(includeMetadataChanges: false, listener: listener)
    }

    /// As `addSnapshotListener(_:)`; metadata never changes in Hearth (no cache, no pending writes),
    /// so `includeMetadataChanges` adds no events.
    public func addSnapshotListener(
        includeMetadataChanges: Bool, listener: @escaping @Sendable (DocumentSnapshot?, (any Error)?) -> Void
    ) -> any ListenerRegistration {
        do {
            let key = try key()
            let handle = try firestore.openEngine().listen(key, in: firestore.databaseID, access: firestore.access) { [self] document, _ in
                listener(DocumentSnapshot(reference: self, document: document), nil)
            }
            return EngineListenerRegistration(handle: handle)
        } catch {
            listener(nil, error)
            return EngineListenerRegistration(handle: nil)
        }
    }

    /// The document's snapshots as an async sequence; it ends with an error if listening fails,
    /// and the listener is removed when the consuming task is cancelled or stops iterating.
    public func snapshots(includeMetadataChanges: Bool = false) -> AsyncThrowingStream<DocumentSnapshot, any Error> {
        snapshotStream { addSnapshotListener(includeMetadataChanges: includeMetadataChanges, listener: $0) }
    }
}

extension Query {
    /// Listens to the query: the first snapshot has every result as `added` in `documentChanges`;
    /// later ones only what one commit changed, with indexes. Callbacks run on a background
    /// serial queue, in commit order.
    public func addSnapshotListener(
        _ listener: @escaping @Sendable (QuerySnapshot?, (any Error)?) -> Void
    ) -> any ListenerRegistration {
        addSnapshotListener(includeMetadataChanges: false, listener: listener)
    }

    /// As `addSnapshotListener(_:)`; `includeMetadataChanges` adds no events in Hearth.
    public func addSnapshotListener(
        includeMetadataChanges: Bool, listener: @escaping @Sendable (QuerySnapshot?, (any Error)?) -> Void
    ) -> any ListenerRegistration {
        do {
            var structured = try structuredQuery()
            let reversed = state.limitToLast
            if reversed { structured = Query.reversed(structured) }
            let original = try QueryTarget(try structuredQuery(), database: firestore.databaseID)
            let previous = LimitToLastWindow()
            let handle = try firestore.openEngine().listen(structured, in: firestore.databaseID, access: firestore.access) { [firestore] result in
                switch result {
                case .failure(let error):
                    listener(nil, error)
                case .success(let event):
                    var documents = event.documents
                    var changes = event.changes
                    if reversed {
                        // The engine ran the flipped query: present it in the query's own order.
                        documents.reverse()
                        changes = ViewChanges.between(previous.swap(documents), documents) { original.compare($0, $1) }
                    }
                    listener(QuerySnapshot(firestore: firestore, documents: documents, changes: changes), nil)
                }
            }
            return EngineListenerRegistration(handle: handle)
        } catch {
            listener(nil, error)
            return EngineListenerRegistration(handle: nil)
        }
    }

    /// The query's snapshots as an async sequence (removed when the consuming task stops).
    public func snapshots(includeMetadataChanges: Bool = false) -> AsyncThrowingStream<QuerySnapshot, any Error> {
        snapshotStream { addSnapshotListener(includeMetadataChanges: includeMetadataChanges, listener: $0) }
    }
}

/// The last window a `limit(toLast:)` listener showed; touched only on the listener's serial queue.
final class LimitToLastWindow: @unchecked Sendable {
    private var documents: [Document] = []

    /// Stores `next` and returns the previous window.
    func swap(_ next: [Document]) -> [Document] {
        defer { documents = next }
        return documents
    }
}

/// A listener as an async sequence: snapshots are yielded, an error ends it, and ending the
/// iteration (or cancelling its task) removes the listener.
func snapshotStream<Snapshot: Sendable>(
    _ register: (@escaping @Sendable (Snapshot?, (any Error)?) -> Void) -> any ListenerRegistration
) -> AsyncThrowingStream<Snapshot, any Error> {
    AsyncThrowingStream { continuation in
        let registration = register { snapshot, error in
            if let snapshot { continuation.yield(snapshot) } else { continuation.finish(throwing: error) }
        }
        continuation.onTermination = { _ in registration.remove() }
    }
}
