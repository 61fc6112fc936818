import Foundation
import FirestoreWire
import GRPCCore
import Synchronization

/// A Listen client on collection `soak` of the first database, as an SDK keeps one: the view
/// (document names) as of the last consistent snapshot and that snapshot's resume token. Across
/// a kill it resumes with the token; the check then compares its view with a fresh query.
final class SoakListener: Sendable {
    /// A consistent snapshot: its resume token and the documents in view.
    struct Checkpoint: Sendable {
        var token = Data()
        var view: Set<String> = []
    }

    /// The target id used on every stream.
    static let target: Int32 = 1
    private let checkpoint = Mutex(Checkpoint())
    /// Snapshots received (every consistent snapshot on every stream).
    let snapshots = Atomic(0)
    /// Streams that resumed from a token.
    let resumes = Atomic(0)

    /// The last consistent snapshot.
    var current: Checkpoint { checkpoint.withLock { $0 } }

    /// Forgets everything (a fresh data directory).
    func reset() { checkpoint.withLock { $0 = Checkpoint() } }

    /// Listens from the last checkpoint, recording each consistent snapshot, until the stream ends
    /// (the kill) or, with `untilSnapshot`, until the first consistent snapshot.
    func listen(port: Int, untilSnapshot: Bool) async throws {
        let start = current
        if !start.token.isEmpty { resumes.add(1, ordering: .relaxed) }
        var request = Google_Firestore_V1_ListenRequest()
        request.database = SoakWire.databasePath(SoakWire.databases[0])
        var target = Google_Firestore_V1_Target()
        target.targetID = Self.target
        target.query.parent = request.database + "/documents"
        target.query.structuredQuery = SoakWire.query("soak")
        if !start.token.isEmpty { target.resumeToken = start.token }
        request.addTarget = target
        let opening = request
        try await SoakWire.withClient(port: port) { client in
            try await client.listen(
                metadata: SoakWire.metadata,
                options: .defaults,
                requestProducer: { writer in
                    try await writer.write(opening)
                    try await Task.sleep(for: .seconds(3_600))
                },
                onResponse: { response in
                    var view = start.view
                    var current = false
                    for try await message in response.messages {
                        if self.apply(message, to: &view, current: &current), untilSnapshot { return }
                    }
                })
        }
    }

    /// Applies one response to `view`; returns true when it completed a consistent snapshot.
    private func apply(_ message: Google_Firestore_V1_ListenResponse, to view: inout Set<String>, current: inout Bool) -> Bool {
        switch message.responseType {
        case .documentChange(let change):
            if change.targetIds.contains(Self.target) { view.insert(change.document.name) }
            if change.removedTargetIds.contains(Self.target) { view.remove(change.document.name) }
        case .documentDelete(let delete): view.remove(delete.document)
        case .documentRemove(let remove): view.remove(remove.document)
        case .targetChange(let change):
            switch change.targetChangeType {
            case .reset: view = []
            case .current: current = true
            case .noChange where change.targetIds.isEmpty && !change.resumeToken.isEmpty && current:
                let snapshot = Checkpoint(token: change.resumeToken, view: view)
                checkpoint.withLock { $0 = snapshot }
                snapshots.add(1, ordering: .relaxed)
                return true
            default: break
            }
        default: break
        }
        return false
    }
}
