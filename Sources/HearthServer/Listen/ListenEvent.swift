import FirestoreWire
import HearthCore

/// Something that happens to a Listen stream: a client request, news from the engine's
/// listeners, or the end of the RPC. `ListenStateMachine` turns each into `ListenAction`s.
enum ListenEvent: Sendable {
    /// A request from the client, judged against the clock and the engine as they stand now.
    case request(Google_Firestore_V1_ListenRequest, ListenMoment)
    /// A resumed documents target's documents as they stood at its resume version (the update
    /// time of each one that existed then), or nil when that version could not be read; with the
    /// newest committed version once the read was done.
    case documentsRead(target: Int32, updateTimes: [DocumentKey: Timestamp]?, latestVersion: Int64)
    /// One document of a documents target: its state at `version` (nil when missing).
    case documentChanged(target: Int32, key: DocumentKey, document: Document?, version: Int64)
    /// A query target's results at `version`: all of them first, then what one commit changed.
    case queryChanged(target: Int32, changes: [QueryResultChange], version: Int64)
    /// The engine refused to start, or could not keep running, a target's listener.
    case engineFailed(target: Int32, error: FirestoreError)
    /// Every listener of the stream's lane has handled the commit at `version`.
    case laneSettled(version: Int64)
    /// The client half-closed: no more requests will come.
    case inputFinished
    /// The server is shutting down.
    case shutdown
    /// The RPC ended: every listener must stop.
    case closed
}

/// The clock and the engine when a request arrives, both in microseconds.
struct ListenMoment: Sendable, Equatable {
    /// The wall clock.
    var now: Int64
    /// The newest committed version.
    var latestVersion: Int64
}

/// One change of a query target's results, in the order the engine reported it.
enum QueryResultChange: Sendable, Equatable {
    /// The document entered the results or changed in them.
    case present(Document)
    /// The document left the results (it may still exist).
    case left(DocumentKey)

    /// The change a query listener's `DocumentChangeEvent` describes.
    init(_ event: DocumentChangeEvent) {
        switch event.kind {
        case .added, .modified: self = .present(event.document)
        case .removed: self = .left(event.document.key)
        }
    }
}
