import FirestoreWire
import Foundation
import HearthCore

/// One Write stream (the mobile and web SDKs' way to commit): a handshake, then one atomic commit
/// per message, each answered with a fresh stream token, the write results and the commit time.
///
/// Tokens are 8-byte big-endian sequence numbers, issued in order. A client acknowledges by
/// sending back the last token it received; a token Hearth never issued is `INVALID_ARGUMENT`.
/// A failed commit ends the stream with its status (as Firestore does), nothing of it applied.
struct WriteStreamSession {
    /// Where commits go.
    let engine: Engine
    /// Who is writing.
    let access: AccessContext
    /// Where resumable state is kept.
    let history: WriteStreamHistory

    /// The stream id, once the first message has been handled.
    private(set) var streamID: String?
    /// The database the first message named.
    private var database: DatabaseID?
    /// The sequence number of the last token issued.
    private var sequence: UInt64 = 0

    /// Creates the session of a new gRPC stream.
    init(engine: Engine, access: AccessContext, history: WriteStreamHistory) {
        self.engine = engine
        self.access = access
        self.history = history
    }

    /// The responses to one client message, in order.
    /// - Throws: the status that ends the stream.
    mutating func handle(_ message: Google_Firestore_V1_WriteRequest) async throws(FirestoreError) -> [Google_Firestore_V1_WriteResponse] {
        guard let streamID, let database else { return try start(message) }
        if !message.database.isEmpty, try ResourceName.database(message.database) != database {
            throw FirestoreError(.invalidArgument, "A Write stream writes to one database: \(database.resourceName).")
        }
        try checkToken(message.streamToken)
        if message.writes.isEmpty { return [issue(streamID: streamID, results: [], commitTime: nil)] }
        let writes = try message.writes.map { write throws(FirestoreError) in try ProtoWrite.write(write, in: database) }
        let result = try await engine.commit(writes, in: database, access: access)
        return [issue(streamID: streamID, results: result.writeResults.map(ProtoWrite.proto), commitTime: result.commitTime)]
    }

    /// The first message: a handshake for a new stream, or the resumption of a remembered one.
    private mutating func start(_ message: Google_Firestore_V1_WriteRequest) throws(FirestoreError) -> [Google_Firestore_V1_WriteResponse] {
        guard !message.database.isEmpty else {
            throw FirestoreError(.invalidArgument, "The first message of a Write stream must name the database.")
        }
        let database = try ResourceName.database(message.database)
        guard message.writes.isEmpty else {
            throw FirestoreError(.invalidArgument, "The first message of a Write stream must not contain writes.")
        }
        self.database = database
        if message.streamID.isEmpty {
            let id = AutoID.generate()
            streamID = id
            history.open(id, database: database, access: access)
            var handshake = issue(streamID: id, results: [], commitTime: nil)
            handshake.streamID = id
            return [handshake]
        }
        return try resume(message, database: database)
    }

    /// Resumes a remembered stream: the responses after the client's token, then a fresh token.
    private mutating func resume(
        _ message: Google_Firestore_V1_WriteRequest, database: DatabaseID
    ) throws(FirestoreError) -> [Google_Firestore_V1_WriteResponse] {
        guard let record = history.record(message.streamID), record.access == access, record.database == database else {
            throw FirestoreError(.invalidArgument, "Unknown Write stream: \(message.streamID).")
        }
        let acknowledged = message.streamToken.isEmpty ? 0 : try Self.sequence(of: message.streamToken, below: record.sequence)
        let missed = record.responses.filter { $0.sequence > acknowledged }
        if let oldest = missed.first, oldest.sequence != acknowledged + 1 {
            throw FirestoreError(.failedPrecondition, "The Write stream can no longer resume from this token.")
        }
        if missed.isEmpty && acknowledged < record.sequence {
            throw FirestoreError(.failedPrecondition, "The Write stream can no longer resume from this token.")
        }
        streamID = message.streamID
        sequence = record.sequence
        var responses = missed.map(\.response)
        var fresh = issue(streamID: message.streamID, results: [], commitTime: nil)
        fresh.streamID = message.streamID
        responses.append(fresh)
        return responses
    }

    /// Checks an acknowledgement: empty, or a token this stream issued.
    private func checkToken(_ token: Data) throws(FirestoreError) {
        guard !token.isEmpty else { return }
        _ = try Self.sequence(of: token, below: sequence)
    }

    /// A response with the next token, remembered for resumption.
    private mutating func issue(
        streamID: String, results: [Google_Firestore_V1_WriteResult], commitTime: Timestamp?
    ) -> Google_Firestore_V1_WriteResponse {
        sequence += 1
        var response = Google_Firestore_V1_WriteResponse()
        response.streamToken = Self.token(sequence)
        response.writeResults = results
        if let commitTime { response.commitTime = commitTime.proto }
        history.append(response, sequence: sequence, to: streamID)
        return response
    }

    /// The token of sequence number `sequence`.
    static func token(_ sequence: UInt64) -> Data {
        Data((0..<8).reversed().map { UInt8(truncatingIfNeeded: sequence >> (8 * UInt64($0))) })
    }

    /// The sequence number of a token issued so far (at most `latest`).
    /// - Throws: `INVALID_ARGUMENT` for anything else.
    static func sequence(of token: Data, below latest: UInt64) throws(FirestoreError) -> UInt64 {
        guard token.count == 8 else { throw FirestoreError(.invalidArgument, "Invalid stream token.") }
        let value = token.reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
        guard value >= 1, value <= latest else { throw FirestoreError(.invalidArgument, "Invalid stream token.") }
        return value
    }
}
