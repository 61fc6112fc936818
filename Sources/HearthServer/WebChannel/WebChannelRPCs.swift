import FirestoreWire
import Foundation
import HearthCore
import SwiftProtobuf

/// What a WebChannel session runs: the same Listen and Write code paths as gRPC, fed the client's
/// ProtoJSON messages and answering through the session's queue.
struct WebChannelRPCs: Sendable {
    /// The transport-independent operations (engine and usage counters).
    let operations: FirestoreOperations
    /// The Listen streams running now (shutdown ends them with `UNAVAILABLE`).
    let listens: ListenRegistry
    /// Where Write streams keep what they need to resume.
    let writeStreams: WriteStreamHistory
    /// One log line per Listen stream and per Write message, as over gRPC.
    let log: RequestLog
    /// How far back resume tokens reach.
    let retentionMicroseconds: Int64
    /// How long a Listen client may stop reading.
    let listenStallLimit: Duration

    /// The Firestore streams WebChannel carries.
    enum Kind: String, Sendable {
        case listen = "Listen"
        case write = "Write"
    }

    /// Runs `kind` for `session` until its messages end (the session closed) or the RPC fails.
    func run(_ kind: Kind, session: WebChannelSession, listen: ListenStream?) async {
        switch kind {
        case .listen:
            if let listen { await runListen(session: session, stream: listen) }
        case .write:
            await runWrite(session: session)
        }
    }

    /// A Listen stream for a session's caller (made before the session is added, so that
    /// closing the session can stop it).
    func makeListenStream(access: AccessContext) -> ListenStream {
        ListenStream(
            engine: operations.engine, access: access, retentionMicroseconds: retentionMicroseconds, stallLimit: listenStallLimit)
    }

    /// The error array the SDK reads: `{"error": {"code": <http>, "message": …, "status": "<CODE>"}}`.
    static func errorJSON(_ error: FirestoreError) -> String {
        String(decoding: RESTErrors.response(error).body, as: UTF8.self)
    }

    // MARK: Listen

    private func runListen(session: WebChannelSession, stream: ListenStream) async {
        let entry = log.start(method: "Listen", resource: "")
        let access = session.access
        var status = FirestoreError.Code.ok
        defer { log.finish(entry, access: access, status: status) }
        guard listens.add(stream) else {
            session.end(with: Self.errorJSON(FirestoreError(.unavailable, "The Hearth emulator is shutting down.")))
            return
        }
        defer {
            stream.close()
            listens.remove(stream)
        }
        let usage = operations.usage
        let log = self.log
        let failure = await withTaskGroup(of: FirestoreError?.self) { group in
            group.addTask {
                for await json in session.inbound {
                    do throws(FirestoreError) {
                        let request = try Self.decode(Google_Firestore_V1_ListenRequest.self, json)
                        await log.tracing(entry) { stream.handle(request) }
                    } catch {
                        return error
                    }
                }
                stream.finishInput()
                return nil
            }
            group.addTask {
                let watch = stream.outbox.stallWatch
                defer { watch.end() }
                while let batch = await stream.outbox.take() {
                    for output in batch {
                        switch output {
                        case .response(let response):
                            usage?.listened(response)
                            guard let json = try? response.jsonString(), await session.deliver(json) else { return nil }
                            watch.wrote()
                        case .failure(let error):
                            return WireStatus.firestoreError(error)
                        }
                    }
                }
                return nil
            }
            group.addTask {
                for await _ in stream.outbox.stallWatch.stalls {
                    return FirestoreError(.resourceExhausted, ListenStallWatch.message)
                }
                return nil
            }
            // The first task to end ends the RPC: its error (if any) is the stream's status.
            let first = await group.next() ?? nil
            group.cancelAll()
            stream.close()
            return first
        }
        status = failure?.code ?? .ok
        session.end(with: failure.map(Self.errorJSON))
    }

    // MARK: Write

    private func runWrite(session: WebChannelSession) async {
        var writer = WriteStreamSession(engine: operations.engine, access: session.access, history: writeStreams)
        for await json in session.inbound {
            let decoded = Result { () throws(FirestoreError) in try Self.decode(Google_Firestore_V1_WriteRequest.self, json) }
            let entry = log.start(method: "Write", resource: (try? decoded.get()).map { RequestResource.name(of: $0) } ?? "")
            do {
                let message = try decoded.get()
                let responses = try await log.tracing(entry) { try await writer.handle(message) }
                log.finish(entry, access: session.access, status: .ok)
                for response in responses {
                    guard let text = try? response.jsonString(), await session.deliver(text) else { return }
                }
            } catch {
                let failure = WireStatus.firestoreError(error)
                if failure.code == .internal { log.internalError(error, method: "Write") }
                log.finish(entry, access: session.access, status: failure.code, detail: failure.message)
                session.end(with: Self.errorJSON(failure))
                return
            }
        }
    }

    /// Decodes one client message.
    /// - Throws: `INVALID_ARGUMENT` with the parser's complaint.
    static func decode<M: SwiftProtobuf.Message>(_ type: M.Type, _ json: String) throws(FirestoreError) -> M {
        do {
            return try M(jsonString: json)
        } catch {
            throw FirestoreError(.invalidArgument, "Invalid JSON payload received. \(error)")
        }
    }
}
