import FirestoreWire
import GRPCCore
import HearthCore

extension FirestoreGRPCService {
    /// Listen: runs a `ListenStream` until the client half-closes or goes away (its listeners are
    /// then stopped), or until shutdown ends it with `UNAVAILABLE`.
    func listen(
        request: StreamingServerRequest<Google_Firestore_V1_ListenRequest>, context: ServerContext
    ) async throws -> StreamingServerResponse<Google_Firestore_V1_ListenResponse> {
        let access: AccessContext
        do {
            access = try request.metadata.accessContext()
        } catch let error as RPCError {
            return StreamingServerResponse(error: error)
        }
        let stream = ListenStream(
            engine: operations.engine, access: access, retentionMicroseconds: retentionMicroseconds, stallLimit: listenStallLimit)
        let listens = self.listens
        let log = self.log
        let usage = operations.usage
        return StreamingServerResponse { writer in
            // One log line per Listen stream, when it ends (its status is how it ended).
            let entry = log.start(method: "Listen", resource: "")
            var status = FirestoreError.Code.ok
            defer { log.finish(entry, access: access, status: status) }
            guard listens.add(stream) else {
                throw RPCError(code: .unavailable, message: "The Hearth emulator is shutting down.")
            }
            defer {
                stream.close()
                listens.remove(stream)
            }
            // Listen targets are judged as they are added: the stream's row tells each verdict.
            try await log.tracing(entry) { try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        for try await message in request.messages { stream.handle(message) }
                    } catch {
                        // The client went away; the writer ends as the stream finishes.
                    }
                    stream.finishInput()
                }
                group.addTask {
                    let watch = stream.outbox.stallWatch
                    defer { watch.end() }
                    while let batch = await stream.outbox.take() {
                        try await Self.write(batch, to: writer, usage: usage, watch: watch)
                    }
                }
                // A client that stopped reading ends the RPC (cancelling the write it blocks).
                group.addTask {
                    for await _ in stream.outbox.stallWatch.stalls {
                        throw RPCError(code: .resourceExhausted, message: ListenStallWatch.message)
                    }
                }
                do {
                    while try await group.next() != nil {}
                } catch {
                    status = WireStatus.firestoreError(error).code
                    throw error
                }
            } }
            return [:]
        }
    }

    /// The most responses handed to the transport in one write.
    static let listenWriteChunk = 64

    /// Writes a batch of the outbox in order, up to `listenWriteChunk` responses per transport
    /// write: one write (one serialising pass, one flush) per response cost the server about as
    /// much as building them. A failure in the batch ends the RPC after what precedes it is written.
    private static func write(
        _ batch: [ListenOutput], to writer: RPCWriter<Google_Firestore_V1_ListenResponse>, usage: UsageCounters?,
        watch: ListenStallWatch
    ) async throws {
        var pending: [Google_Firestore_V1_ListenResponse] = []
        pending.reserveCapacity(min(batch.count, listenWriteChunk))
        func flush() async throws {
            guard !pending.isEmpty else { return }
            usage?.listened(pending)
            try await writer.write(contentsOf: pending)
            pending.removeAll(keepingCapacity: true)
            watch.wrote()
        }
        for output in batch {
            switch output {
            case .response(let response):
                pending.append(response)
                if pending.count == listenWriteChunk { try await flush() }
            case .failure(let error):
                try await flush()
                throw error
            }
        }
        try await flush()
    }
}
