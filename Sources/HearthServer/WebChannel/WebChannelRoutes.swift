import Foundation
import HearthCore

/// Firestore's Listen and Write streams over WebChannel, the transport of the Firebase JS SDK:
/// `/google.firestore.v1.Firestore/{Listen,Write}/channel` on the REST port (`specs/webchannel.md`).
///
/// - a POST without `SID` is the handshake: it opens a session (its `headers=` field carries the
///   `Authorization`), passes on the messages it carries and answers `[[0,["c",SID,"",8,14,30000]]]`;
/// - a POST with `SID` carries more messages (`AID` acknowledges arrays) and is answered with
///   `[backChannel, lastArrayID, outstandingBytes]`;
/// - a GET with `RID=rpc` is the back channel: streaming (`CI=0`) until renewal, or a long poll
///   (`CI=1`, `TO=` milliseconds) answered with the first chunk; both resend what follows `AID`;
/// - `TYPE=terminate` closes the session; an unknown `SID` gets 400 `Unknown SID`, which makes the
///   client start a new session.
struct WebChannelRoutes: Sendable {
    /// The open sessions.
    let sessions: WebChannelSessions
    /// What the sessions run.
    let rpcs: WebChannelRPCs

    /// The path prefix of every WebChannel request.
    static let prefix = "/google.firestore.v1.Firestore/"

    /// The response, or nil when the path is not a channel of a stream WebChannel carries.
    func respond(to request: RESTRequest, target: RESTTarget) async -> RESTResponse? {
        let parts = target.path.dropFirst(Self.prefix.count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1] == "channel", let kind = WebChannelRPCs.Kind(rawValue: String(parts[0])) else { return nil }
        if let version = target.value("VER"), version != String(WebChannelFrame.version) {
            return RESTErrors.response(FirestoreError(.invalidArgument, "Unsupported WebChannel version \(version.prefix(20)); Hearth speaks 8."))
        }
        let sessionID = target.value("SID").flatMap { $0.isEmpty || $0 == "null" ? nil : $0 }
        if target.value("TYPE") == "terminate" {
            if let sessionID { sessions.close(sessionID) }
            return .text("")
        }
        guard let sessionID else {
            guard request.method == "POST" else { return RESTErrors.response(FirestoreError(.invalidArgument, "A WebChannel session starts with a POST.")) }
            return handshake(kind, request: request)
        }
        guard let session = sessions.session(sessionID) else { return Self.unknownSession }
        if target.value("RID") == "rpc" {
            guard request.method == "GET" else { return RESTErrors.response(FirestoreError(.invalidArgument, "The WebChannel back channel is a GET.")) }
            return await backChannel(session, target: target)
        }
        guard request.method == "POST" else { return RESTErrors.response(FirestoreError(.invalidArgument, "WebChannel messages are sent with POST.")) }
        let form: WebChannelForm
        do {
            form = try WebChannelForm(body: request.body)
        } catch {
            return RESTErrors.response(error)
        }
        let acknowledgement = session.receive(form.messages, acknowledged: target.value("AID").flatMap { Int($0) }, now: sessions.clock.now())
        return Self.channelText(acknowledgement)
    }

    /// 400 `Unknown SID`: the session expired, was terminated, or the server restarted.
    static var unknownSession: RESTResponse {
        RESTErrors.response(FirestoreError(.invalidArgument, "Unknown SID: the WebChannel session is gone; start a new one."))
    }

    /// Opens a session: the first messages are passed on; the answer is array 0.
    private func handshake(_ kind: WebChannelRPCs.Kind, request: RESTRequest) -> RESTResponse {
        let form: WebChannelForm
        do {
            form = try WebChannelForm(body: request.body)
        } catch {
            return RESTErrors.response(error)
        }
        let credentials = Result { () throws(FirestoreError) in try AuthorizationHeader.access(form.headers["authorization"]) }
        let access = (try? credentials.get()) ?? .unauthenticated
        let session = WebChannelSession(id: AutoID.generate(), access: access, limits: sessions.limits, now: sessions.clock.now())
        let listen = kind == .listen ? rpcs.makeListenStream(access: access) : nil
        guard sessions.add(session, stop: { listen?.close() }) else {
            return RESTErrors.response(FirestoreError(
                .resourceExhausted, "Too many WebChannel sessions are open (\(sessions.limits.maxSessions)); close some and retry."))
        }
        if case .failure(let error) = credentials {
            // The SDK reads the status from the stream, as Firestore answers a bad token.
            session.end(with: WebChannelRPCs.errorJSON(error))
        } else {
            let rpcs = self.rpcs
            Task { await rpcs.run(kind, session: session, listen: listen) }
        }
        _ = session.receive(form.messages, acknowledged: nil, now: sessions.clock.now())
        var response = Self.channelText(WebChannelFrame.handshake(sessionID: session.id))
        response.headers.append(("X-HTTP-Session-Id", AutoID.generate()))
        return response
    }

    /// Serves a back channel: streamed until renewal, or one long-poll answer.
    private func backChannel(_ session: WebChannelSession, target: RESTTarget) async -> RESTResponse {
        let acknowledged = target.value("AID").flatMap { Int($0) } ?? 0
        let streaming = target.value("CI") != "1"
        let pollTimeout = target.value("TO").flatMap { Int64($0) }.map { Duration.milliseconds(min(max($0, 1_000), 300_000)) }
        let clock = sessions.clock
        switch session.attachBackChannel(acknowledged: acknowledged, streaming: streaming, pollTimeout: pollTimeout, now: clock.now()) {
        case .lost:
            sessions.close(session.id)
            return Self.unknownSession
        case .attached(let channel):
            let now: @Sendable () -> Duration = { clock.now() }
            guard streaming else {
                let chunk = await session.nextChunk(channel: channel, now: now)
                session.detach(channel: channel, now: clock.now())
                return Self.channelText(chunk ?? "")
            }
            var response = Self.channelText("")
            response.stream = AsyncStream(unfolding: {
                if let chunk = await session.nextChunk(channel: channel, now: now) { return Data(chunk.utf8) }
                session.detach(channel: channel, now: clock.now())
                return nil
            }, onCancel: {
                session.detach(channel: channel, now: nil)
            })
            return response
        }
    }

    /// A WebChannel answer: plain text, never cached or sniffed.
    private static func channelText(_ text: String) -> RESTResponse {
        var response = RESTResponse.text(text)
        response.headers = [("Cache-Control", "no-cache, no-store, max-age=0, must-revalidate"), ("X-Content-Type-Options", "nosniff")]
        return response
    }
}
