import FirestoreWire
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

/// One Listen RPC: the shell around its `ListenStateMachine`, which decides the protocol.
///
/// Per target it sends ADD, the initial documents (or, when resuming, only what changed since the
/// resume token; RESET first when the token is too old), CURRENT, then per commit the changed
/// documents; after every consistent point it sends the global marker: `NO_CHANGE` with empty
/// `target_ids`, a `read_time` that never decreases, and a resume token for that time. All the
/// stream's listeners share one `ListenLane`, so after a commit the marker waits until every
/// target it reached has sent its changes: one marker per commit, never one between targets.
/// `ListenOutbox` leaves out markers a later one covers: those that piled up while the client
/// read slower than commits arrived, and those within the pace it keeps for large result sets.
///
/// The shell feeds the machine requests and the engine's callbacks as `ListenEvent`s, sends the
/// responses it answers with and performs the engine work it asks for, reporting the outcome as
/// further events.
///
/// Isolation: `state` (the machine and the handles of the listeners it started, by target) is
/// guarded by its mutex. Responses are queued in `outbox` while holding it, so their order is
/// the order in which the machine produced them; engine calls and `ListenHandle.cancel()` happen
/// after it is released.
final class ListenStream: Sendable {
    /// The responses to write, in order (markers a later one covers are left out there).
    let outbox: ListenOutbox
    private let engine: Engine
    private let access: AccessContext
    /// The machine and the listeners started for its targets.
    private let state: Mutex<Guarded>
    /// The delivery lane every listener of this stream shares (markers wait for it to settle).
    private let lane: ListenLane
    /// The version reported for a store never written to: just before the stream opened.
    private let emptyStoreVersion: Int64

    /// What the mutex guards.
    private struct Guarded {
        /// The protocol's state.
        var machine: ListenStateMachine
        /// The running listeners of each target.
        var handles: [Int32: [ListenHandle]] = [:]
    }

    /// Creates a stream for a caller; `retentionMicroseconds` is how far back resume tokens reach,
    /// `stallLimit` how long the client may stop reading before the stream ends.
    init(engine: Engine, access: AccessContext, retentionMicroseconds: Int64, stallLimit: Duration = ListenStallWatch.defaultLimit) {
        outbox = ListenOutbox(stallLimit: stallLimit)
        self.engine = engine
        self.access = access
        emptyStoreVersion = max(1, engine.nowMicroseconds - 1)
        state = Mutex(Guarded(machine: ListenStateMachine(retentionMicroseconds: retentionMicroseconds)))
        let relay = SettleRelay()
        lane = ListenLane(label: "hearth.listen.stream") { version in relay.fire(version) }
        relay.connect { [weak self] version in self?.feed(.laneSettled(version: version)) }
    }

    /// Handles one request from the client.
    func handle(_ request: Google_Firestore_V1_ListenRequest) {
        // The engine's clock (one clock for commit times, retention and resume tokens).
        feed(.request(request, ListenMoment(now: engine.nowMicroseconds, latestVersion: latestVersion)))
    }

    /// The version the stream's snapshots are at when nothing has changed: the newest commit, or,
    /// in a store never written to, the moment the stream opened (the JS SDK ignores a snapshot
    /// at version 0, so a listener on an empty database would never fire). Every later commit is
    /// newer than that moment, so read times still never go back.
    private var latestVersion: Int64 { visible(engine.latestCommitTime.microseconds) }

    /// `version`, or the stream's opening moment for version 0.
    private func visible(_ version: Int64) -> Int64 { version > 0 ? version : emptyStoreVersion }

    /// The client half-closed: no more requests; the response stream ends after what is queued.
    func finishInput() { feed(.inputFinished) }

    /// Ends the RPC with `UNAVAILABLE` (server shutdown); clients reconnect with their resume token.
    func endForShutdown() { feed(.shutdown) }

    /// Stops every listener of the stream (the RPC ended).
    func close() { feed(.closed) }

    // MARK: Running the machine

    /// Passes `event` to the machine, sends its responses, then stops and starts listeners as it asks.
    private func feed(_ event: ListenEvent) {
        let (work, stopped) = state.withLock { state in
            var work: [ListenAction] = []
            var stopped: [ListenHandle] = []
            for action in state.machine.handle(event) {
                switch action {
                case .send(let response):
                    outbox.send(.response(response))
                case .fail(let error):
                    outbox.send(.failure(WireStatus.rpcError(error)))
                    outbox.finish()
                case .finish:
                    outbox.finish()
                case .stopListeners(let target):
                    stopped += state.handles.removeValue(forKey: target) ?? []
                case .readDocuments, .listenToDocuments, .listenToQuery:
                    work.append(action)
                }
            }
            return (work, stopped)
        }
        for handle in stopped { handle.cancel() }
        for action in work { perform(action) }
    }

    /// Does one piece of engine work and reports its outcome to the machine.
    private func perform(_ action: ListenAction) {
        switch action {
        case .readDocuments(let target, let keys, let database, let version):
            readDocuments(target, keys: keys, in: database, at: version)
        case .listenToDocuments(let target, let keys, let database):
            listenToDocuments(target, keys: keys, in: database)
        case .listenToQuery(let target, let query, let database, let resumeVersion):
            listenToQuery(target, query: query, in: database, resumingAfter: resumeVersion)
        case .send, .fail, .finish, .stopListeners:
            break
        }
    }

    /// Reads a resumed documents target's documents at its resume version.
    private func readDocuments(_ target: Int32, keys: [DocumentKey], in database: DatabaseID, at version: Int64) {
        let entries = try? engine.getDocuments(keys, in: database, consistency: .readTime(Timestamp(microseconds: version)))
        let updateTimes = entries.map { entries in
            Dictionary(entries.compactMap { entry in entry.document.map { (entry.key, $0.updateTime) } }, uniquingKeysWith: { first, _ in first })
        }
        feed(.documentsRead(target: target, updateTimes: updateTimes, latestVersion: latestVersion))
    }

    /// Starts one listener per document; the first refusal fails the target.
    private func listenToDocuments(_ target: Int32, keys: [DocumentKey], in database: DatabaseID) {
        for key in keys {
            do throws(FirestoreError) {
                let handle = try engine.listen(key, in: database, access: access, lane: lane) { [self] document, version in
                    feed(.documentChanged(target: target, key: key, document: document, version: visible(version)))
                }
                keep(handle, for: target)
            } catch {
                feed(.engineFailed(target: target, error: error))
                return
            }
        }
    }

    /// Starts a query listener; its refusal, or a later failure, fails the target.
    private func listenToQuery(_ target: Int32, query: StructuredQuery, in database: DatabaseID, resumingAfter resumeVersion: Int64?) {
        do throws(FirestoreError) {
            let handle = try engine.listen(query, in: database, resumingAfter: resumeVersion, access: access, lane: lane) { [self] result in
                switch result {
                case .success(let event):
                    feed(.queryChanged(target: target, changes: event.changes.map(QueryResultChange.init), version: visible(event.version)))
                case .failure(let error):
                    feed(.engineFailed(target: target, error: error))
                }
            }
            keep(handle, for: target)
        } catch {
            feed(.engineFailed(target: target, error: error))
        }
    }

    /// Stores a listener's handle, or cancels it when its target is already gone.
    private func keep(_ handle: ListenHandle, for target: Int32) {
        let kept = state.withLock { state in
            guard state.machine.keepsListeners(of: target) else { return false }
            state.handles[target, default: []].append(handle)
            return true
        }
        if !kept { handle.cancel() }
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
