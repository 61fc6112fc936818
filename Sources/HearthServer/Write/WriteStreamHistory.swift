import FirestoreWire
import HearthCore
import Synchronization

/// The recent Write streams and their unacknowledged responses, so that a client can resume a
/// stream on a new connection (first message `{database, stream_id, stream_token}`) and receive
/// what it missed. Bounded: the newest `maxStreams` streams, the last `maxResponses` responses each.
final class WriteStreamHistory: Sendable {
    /// One stream's identity and its latest responses.
    struct Record: Sendable {
        /// The database its first message named.
        let database: DatabaseID
        /// The caller that opened it (only the same caller may resume it).
        let access: AccessContext
        /// The sequence number of the last token issued.
        var sequence: UInt64
        /// The latest responses, oldest first, with the sequence number of each one's token.
        var responses: [(sequence: UInt64, response: Google_Firestore_V1_WriteResponse)]
    }

    /// Most streams remembered.
    static let maxStreams = 256
    /// Most responses remembered per stream.
    static let maxResponses = 64

    private struct State {
        var records: [String: Record] = [:]
        /// Stream ids, oldest first (for eviction).
        var order: [String] = []
    }

    private let state = Mutex(State())

    /// Creates an empty history.
    init() {}

    /// The record of `streamID`, if it is still remembered.
    func record(_ streamID: String) -> Record? {
        state.withLock { $0.records[streamID] }
    }

    /// Starts remembering a new stream.
    func open(_ streamID: String, database: DatabaseID, access: AccessContext) {
        state.withLock { state in
            state.records[streamID] = Record(database: database, access: access, sequence: 0, responses: [])
            state.order.append(streamID)
            if state.order.count > Self.maxStreams {
                let evicted = state.order.removeFirst()
                state.records[evicted] = nil
            }
        }
    }

    /// Records a response carrying the token of `sequence`.
    func append(_ response: Google_Firestore_V1_WriteResponse, sequence: UInt64, to streamID: String) {
        state.withLock { state in
            guard var record = state.records[streamID] else { return }
            record.sequence = sequence
            record.responses.append((sequence, response))
            if record.responses.count > Self.maxResponses { record.responses.removeFirst() }
            state.records[streamID] = record
        }
    }
}
