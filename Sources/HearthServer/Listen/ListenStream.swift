import FirestoreWire
import Foundation
import GRPCCore
import HearthCore
import Synchronization

/// What the writer of a Listen RPC does next.
enum ListenOutput: Sendable {
    /// Send a response.
    case response(Google_Firestore_V1_ListenResponse)
    /// End the RPC with this error.
    case failure(RPCError)
}

/// One Listen RPC: its targets, the engine listeners behind them and the ordered responses.
///
/// Per target it sends ADD, the initial documents (or, when resuming, only what changed since the
/// resume token; RESET first when the token is too old), CURRENT, then per commit the changed
/// documents; after every consistent point it sends the global marker: `NO_CHANGE` with empty
/// `target_ids`, a `read_time` that never decreases, and a resume token for that time. All the
/// stream's listeners share one `ListenLane`, so after a commit the marker waits until every
/// target it reached has sent its changes: one marker per commit, never one between targets.
///
/// Isolation: `state` is guarded by its mutex; responses are yielded to `outputs` while holding
/// it, so their order is the order in which the engine's listeners reported changes.
final class ListenStream: Sendable {
    /// The responses to write, in order.
    let outputs: AsyncStream<ListenOutput>
    private let continuation: AsyncStream<ListenOutput>.Continuation
    private let engine: Engine
    private let access: AccessContext
    private let retentionMicroseconds: Int64
    private let state = Mutex(State())
    /// The delivery lane every listener of this stream shares (markers wait for it to settle).
    private let lane: ListenLane

    private struct TargetState {
        var handles: [ListenHandle] = []
        /// Documents targets: documents whose initial state has not arrived yet.
        var pending: Set<DocumentKey> = []
        /// Documents targets resumed at a version: each document's update time then (absent = missing).
        var prior: [DocumentKey: Timestamp]?
        var current = false
        var once = false
        var version: Int64 = 0
    }

    private struct State {
        var database: DatabaseID?
        var targets: [Int32: TargetState] = [:]
        var lastMarker: Int64 = 0
        /// The newest version of changes sent since the last marker, waiting for the lane to settle.
        var pendingMarker: Int64?
        var nextAssignedID: Int32 = 1_000_000
        var closed = false
    }

    /// Creates a stream for a caller; `retentionMicroseconds` is how far back resume tokens reach.
    init(engine: Engine, access: AccessContext, retentionMicroseconds: Int64) {
        self.engine = engine
        self.access = access
        self.retentionMicroseconds = retentionMicroseconds
        (outputs, continuation) = AsyncStream.makeStream(of: ListenOutput.self)
        let relay = SettleRelay()
        lane = ListenLane(label: "hearth.listen.stream") { version in relay.fire(version) }
        relay.connect { [weak self] version in self?.settled(version) }
    }

    /// Handles one request from the client.
    func handle(_ request: Google_Firestore_V1_ListenRequest) {
        let database: DatabaseID
        do {
            database = try ResourceName.database(request.database)
            try state.withLock { state throws(FirestoreError) in
                if let known = state.database, known != database {
                    throw FirestoreError(.invalidArgument, "A Listen stream must stay on one database; it started on \(known.resourceName).")
                }
                state.database = database
            }
        } catch {
            fail(WireStatus.firestoreError(error))
            return
        }
        switch request.targetChange {
        case .addTarget(let target): addTarget(target, in: database)
        case .removeTarget(let id): removeTarget(id)
        case nil: break
        }
    }

    /// The client half-closed: no more requests; the response stream ends after what is queued.
    func finishInput() { continuation.finish() }

    /// Ends the RPC with `UNAVAILABLE` (server shutdown); clients reconnect with their resume token.
    func endForShutdown() {
        continuation.yield(.failure(RPCError(code: .unavailable, message: "The Hearth emulator is shutting down.")))
        continuation.finish()
    }

    /// Stops every listener of the stream (the RPC ended).
    func close() {
        let handles = state.withLock { state in
            state.closed = true
            let handles = state.targets.values.flatMap(\.handles)
            state.targets = [:]
            return handles
        }
        for handle in handles { handle.cancel() }
        continuation.finish()
    }

    private func fail(_ error: FirestoreError) {
        continuation.yield(.failure(WireStatus.rpcError(error)))
        continuation.finish()
    }

    private func send(_ response: Google_Firestore_V1_ListenResponse) {
        continuation.yield(.response(response))
    }

    // MARK: Adding and removing targets

    private func addTarget(_ target: Google_Firestore_V1_Target, in database: DatabaseID) {
        let added: Int32? = state.withLock { state in
            guard !state.closed else { return nil }
            var id = target.targetID
            if id == 0 {
                while state.targets[state.nextAssignedID] != nil { state.nextAssignedID += 1 }
                id = state.nextAssignedID
                state.nextAssignedID += 1
            } else if state.targets[id] != nil {
                send(ListenMessages.targetChange(
                    .remove, targets: [id],
                    cause: FirestoreError(.invalidArgument, "Target id \(id) is already in use on this stream.")))
                return nil
            }
            state.targets[id] = TargetState(once: target.once)
            send(ListenMessages.targetChange(.add, targets: [id]))
            return id
        }
        guard let id = added else { return }
        var resumeVersion: Int64?
        var resumeRequested = false
        switch target.resumeType {
        case .resumeToken(let token) where !token.isEmpty:
            resumeRequested = true
            resumeVersion = ResumeToken.decode(token)
        case .readTime(let time):
            resumeRequested = true
            resumeVersion = (try? Timestamp(proto: time))?.microseconds
        default:
            break
        }
        if let version = resumeVersion, !canResume(at: version) { resumeVersion = nil }
        do {
            switch target.targetType {
            case .documents(let documents):
                var keys: [DocumentKey] = []
                for name in documents.documents {
                    let (_, key) = try ResourceName.document(name, in: database)
                    if !keys.contains(key) { keys.append(key) }
                }
                try startDocuments(keys, id: id, in: database, resumeVersion: resumeVersion, resumeRequested: resumeRequested)
            case .query(let queryTarget):
                let (queryDatabase, parent) = try ResourceName.parent(queryTarget.parent)
                guard queryDatabase == database else {
                    throw FirestoreError(.invalidArgument, "The query's parent is not in the stream's database \(database.resourceName).")
                }
                guard case .structuredQuery(let structured)? = queryTarget.queryType else {
                    throw FirestoreError(.invalidArgument, "A query target needs a structured_query.")
                }
                let query = try ProtoQuery.query(structured, parent: parent)
                if resumeRequested && resumeVersion == nil { sendReset(id) }
                let handle = try engine.listen(query, in: database, resumingAfter: resumeVersion, access: access, lane: lane) { [self] result in
                    queryEvent(id: id, result: result, database: database)
                }
                keep(handle, for: id)
            case nil:
                throw FirestoreError(.invalidArgument, "A target must be a query or a documents target.")
            }
        } catch {
            removeTarget(id, cause: WireStatus.firestoreError(error))
        }
    }

    private func startDocuments(
        _ keys: [DocumentKey], id: Int32, in database: DatabaseID, resumeVersion: Int64?, resumeRequested: Bool
    ) throws(FirestoreError) {
        var prior: [DocumentKey: Timestamp]?
        if let resumeVersion {
            let then = try? engine.getDocuments(keys, in: database, consistency: .readTime(Timestamp(microseconds: resumeVersion)))
            prior = then.map { entries in
                Dictionary(entries.compactMap { entry in entry.document.map { (entry.key, $0.updateTime) } }, uniquingKeysWith: { a, _ in a })
            }
        }
        if resumeRequested && prior == nil { sendReset(id) }
        let latest = engine.latestCommitTime.microseconds
        state.withLock { state in
            guard var target = state.targets[id] else { return }
            target.pending = Set(keys)
            target.prior = prior
            if keys.isEmpty {
                target.current = true
                target.version = latest
                send(ListenMessages.targetChange(.current, targets: [id], version: latest))
            }
            state.targets[id] = target
            if keys.isEmpty { finishConsistentPoint(&state, id: id, version: latest) }
        }
        for key in keys {
            let handle = try engine.listen(key, in: database, access: access, lane: lane) { [self] document, version in
                documentEvent(id: id, key: key, document: document, version: version, database: database)
            }
            keep(handle, for: id)
        }
    }

    /// Stores a listener's handle, or cancels it when its target is already gone.
    private func keep(_ handle: ListenHandle, for id: Int32) {
        let kept = state.withLock { state in
            guard state.targets[id] != nil else { return false }
            state.targets[id]?.handles.append(handle)
            return true
        }
        if !kept { handle.cancel() }
    }

    private func removeTarget(_ id: Int32, cause: FirestoreError? = nil) {
        let handles: [ListenHandle] = state.withLock { state in
            guard let target = state.targets.removeValue(forKey: id) else { return [] }
            send(ListenMessages.targetChange(.remove, targets: [id], cause: cause))
            return target.handles
        }
        for handle in handles { handle.cancel() }
    }

    private func sendReset(_ id: Int32) {
        state.withLock { state in
            guard state.targets[id] != nil else { return }
            send(ListenMessages.targetChange(.reset, targets: [id]))
        }
    }

    /// Whether the change log still reaches `version` (the engine's own rule, on its clock).
    private func canResume(at version: Int64) -> Bool {
        engine.canResume(at: version)
    }

    // MARK: Events from the engine's listeners

    private func documentEvent(id: Int32, key: DocumentKey, document: Document?, version: Int64, database: DatabaseID) {
        state.withLock { state in
            guard !state.closed, var target = state.targets[id] else { return }
            let wasCurrent = target.current
            target.version = max(target.version, version)
            if target.pending.remove(key) != nil {
                if let prior = target.prior {
                    if prior[key] != document?.updateTime {
                        send(document.map { ListenMessages.documentChange($0, in: database, target: id) }
                            ?? ListenMessages.documentDelete(key, in: database, target: id, version: version))
                    }
                } else if let document {
                    send(ListenMessages.documentChange(document, in: database, target: id))
                }
                if target.pending.isEmpty {
                    target.current = true
                    send(ListenMessages.targetChange(.current, targets: [id], version: target.version))
                }
            } else {
                send(document.map { ListenMessages.documentChange($0, in: database, target: id) }
                    ?? ListenMessages.documentDelete(key, in: database, target: id, version: version))
            }
            state.targets[id] = target
            if wasCurrent {
                state.pendingMarker = max(state.pendingMarker ?? 0, version)
            } else if target.current {
                finishConsistentPoint(&state, id: id, version: target.version)
            }
        }
    }

    private func queryEvent(id: Int32, result: Result<QuerySnapshotEvent, FirestoreError>, database: DatabaseID) {
        let failed: [ListenHandle]? = state.withLock { state in
            guard !state.closed, var target = state.targets[id] else { return nil }
            switch result {
            case .failure(let error):
                state.targets[id] = nil
                send(ListenMessages.targetChange(.remove, targets: [id], cause: error))
                return target.handles
            case .success(let event):
                for change in event.changes {
                    switch change.kind {
                    case .added, .modified:
                        send(ListenMessages.documentChange(change.document, in: database, target: id))
                    case .removed:
                        send(ListenMessages.documentRemove(change.document.key, in: database, target: id, version: event.version))
                    }
                }
                target.version = max(target.version, event.version)
                if target.current {
                    state.targets[id] = target
                    state.pendingMarker = max(state.pendingMarker ?? 0, event.version)
                    return nil
                }
                target.current = true
                send(ListenMessages.targetChange(.current, targets: [id], version: target.version))
                state.targets[id] = target
                finishConsistentPoint(&state, id: id, version: event.version)
                return nil
            }
        }
        for handle in failed ?? [] { handle.cancel() }
    }

    /// Every listener of the stream has handled the commit at `version`: the changes sent for it
    /// (and earlier ones) are complete across targets, so the global marker can go out.
    private func settled(_ version: Int64) {
        state.withLock { state in
            guard !state.closed, let pending = state.pendingMarker, pending <= version else { return }
            finishConsistentPoint(&state, id: nil, version: pending)
        }
    }

    /// After a target's initial changes, or once the lane settled after later ones: the global
    /// marker once every target is current, then the automatic removal of a `once` target.
    private func finishConsistentPoint(_ state: inout State, id: Int32?, version: Int64) {
        guard state.targets.values.allSatisfy(\.current) else { return }
        let marker = max(state.lastMarker, version, state.pendingMarker ?? 0)
        state.lastMarker = marker
        state.pendingMarker = nil
        send(ListenMessages.targetChange(.noChange, targets: [], version: marker))
        if let id, let target = state.targets[id], target.once {
            state.targets[id] = nil
            send(ListenMessages.targetChange(.remove, targets: [id]))
            for handle in target.handles { handle.cancel() }
        }
    }
}

/// Hands a lane's settle calls to the stream created after it (the stream is not yet `self`
/// when its lane is made).
private final class SettleRelay: Sendable {
    private let target = Mutex<(@Sendable (Int64) -> Void)?>(nil)

    /// Routes later calls to `body`.
    func connect(_ body: @escaping @Sendable (Int64) -> Void) { target.withLock { $0 = body } }

    /// Passes one call on (dropped before `connect`).
    func fire(_ version: Int64) {
        let body = target.withLock { $0 }
        body?(version)
    }
}
