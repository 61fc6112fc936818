import Foundation
import HearthCore
import Testing
@testable import HearthServer

@Suite("WebChannel: forms, frames, sessions")
struct WebChannelTests {
    // MARK: Forms

    @Test("a handshake form yields its headers and its messages by id")
    func handshakeForm() throws {
        let body = "headers=" + WebChannelForm.escape("X-Goog-Api-Client:gl-js/ fire/12.9.0\r\nAuthorization:Bearer owner\r\n")
            + "&count=2&ofs=4&req0___data__=" + WebChannelForm.escape(#"{"database":"projects/p/databases/(default)"}"#)
            + "&req1___data__=" + WebChannelForm.escape(#"{"a":"b&c=d+e"}"#)
        let form = try WebChannelForm(body: Data(body.utf8))
        #expect(form.headers == ["x-goog-api-client": "gl-js/ fire/12.9.0", "authorization": "Bearer owner"])
        #expect(form.messages == [
            .init(id: 4, json: #"{"database":"projects/p/databases/(default)"}"#), .init(id: 5, json: #"{"a":"b&c=d+e"}"#),
        ])
    }

    @Test("an encoded form parses back to itself; a bad map keeps its id without data")
    func formRoundTrip() throws {
        let form = WebChannelForm(headers: ["authorization": "Bearer x"], messages: [
            .init(id: 7, json: #"{"π":"ü 𝄞 +&="}"#), .init(id: 8, json: nil), .init(id: 9, json: "{}"),
        ])
        #expect(try WebChannelForm(body: Data(form.encoded.utf8)) == form)
    }

    @Test("malformed forms are INVALID_ARGUMENT", arguments: [
        "count=2&ofs=0&req0___data__=%7B%7D", "count=x", "ofs=-3&count=0", "count=1&ofs=0&req0_foo=bar",
        "count=1&ofs=0&req0___data__=%E0%A4%A", "count=0&ofs=99999999999",
    ])
    func malformedForms(body: String) {
        #expect(throws: FirestoreError.self) { try WebChannelForm(body: Data(body.utf8)) }
        do {
            _ = try WebChannelForm(body: Data(body.utf8))
        } catch {
            #expect(error.code == .invalidArgument)
        }
    }

    @Test("an empty body and unknown fields are no messages")
    func emptyForms() throws {
        #expect(try WebChannelForm(body: Data()).messages.isEmpty)
        #expect(try WebChannelForm(body: Data("zx=abc&t=1".utf8)).messages.isEmpty)
    }

    // MARK: Frames

    @Test("chunk lengths count UTF-16 code units, as the browser does")
    func chunkLengths() {
        #expect(WebChannelFrame.chunk("[1]") == "3\n[1]")
        #expect(WebChannelFrame.chunk("é𝄞") == "3\né𝄞")
        #expect(WebChannelFrame.handshake(sessionID: "S1") == "30\n" + #"[[0,["c","S1","",8,14,30000]]]"#)
        #expect(WebChannelFrame.acknowledgement(backChannel: true, lastArrayID: 5, outstandingBytes: 12) == "8\n[1,5,12]")
    }

    // MARK: Sessions

    private func session(_ limits: WebChannelLimits = WebChannelLimits()) -> WebChannelSession {
        WebChannelSession(id: "S", access: .admin, limits: limits, now: .zero)
    }

    private static let now: @Sendable () -> Duration = { .zero }

    @Test("messages reach the RPC once and in order; a retried POST repeats none")
    func inboundOrder() async {
        let session = session()
        _ = session.receive([.init(id: 0, json: "a"), .init(id: 1, json: "b")], acknowledged: nil, now: .zero)
        _ = session.receive([.init(id: 1, json: "b"), .init(id: 2, json: nil), .init(id: 3, json: "d")], acknowledged: nil, now: .zero)
        session.close()
        var seen: [String] = []
        for await message in session.inbound { seen.append(message) }
        #expect(seen == ["a", "b", "d"])
    }

    @Test("the acknowledgement says whether a back channel is attached, the last array queued and the bytes unsent")
    func acknowledgements() async {
        let session = session()
        #expect(await session.deliver(#"{"x":1}"#))
        #expect(session.receive([], acknowledged: 0, now: .zero) == WebChannelFrame.acknowledgement(backChannel: false, lastArrayID: 1, outstandingBytes: 13))
        guard case .attached(let channel) = session.attachBackChannel(acknowledged: 0, streaming: false, pollTimeout: nil, now: .zero) else {
            Issue.record("not attached")
            return
        }
        #expect(await session.nextChunk(channel: channel, now: Self.now) == WebChannelFrame.chunk(#"[[1,[{"x":1}]]]"#))
        #expect(session.receive([], acknowledged: 0, now: .zero) == WebChannelFrame.acknowledgement(backChannel: true, lastArrayID: 1, outstandingBytes: 0))
    }

    @Test("a new back channel resends what follows its AID, and nothing acknowledged")
    func resending() async {
        let session = session()
        for n in 1...3 { #expect(await session.deliver("\(n)")) }
        guard case .attached(let first) = session.attachBackChannel(acknowledged: 0, streaming: false, pollTimeout: nil, now: .zero) else { return }
        #expect(await session.nextChunk(channel: first, now: Self.now) == WebChannelFrame.chunk("[[1,[1]],[2,[2]],[3,[3]]]"))
        session.detach(channel: first, now: .zero)
        // The client saw only array 1: 2 and 3 come again.
        guard case .attached(let second) = session.attachBackChannel(acknowledged: 1, streaming: false, pollTimeout: nil, now: .zero) else { return }
        #expect(await session.nextChunk(channel: second, now: Self.now) == WebChannelFrame.chunk("[[2,[2]],[3,[3]]]"))
        #expect(session.queued.arrays == 2)
        _ = session.receive([], acknowledged: 3, now: .zero)
        #expect(session.queued.arrays == 0)
    }

    @Test("a streaming back channel with nothing to send starts with a no-op")
    func streamingStartsWithNoop() async {
        let session = session()
        guard case .attached(let channel) = session.attachBackChannel(acknowledged: 0, streaming: true, pollTimeout: nil, now: .zero) else { return }
        #expect(await session.nextChunk(channel: channel, now: Self.now) == WebChannelFrame.chunk(#"[[1,["noop"]]]"#))
    }

    @Test("sent arrays past the retention are dropped; a back channel asking for them is refused")
    func retention() async {
        var limits = WebChannelLimits()
        limits.maxRetainedBytes = 20
        limits.maxChunkBytes = 10
        let session = session(limits)
        for n in 1...6 { #expect(await session.deliver("\(n)")) }
        guard case .attached(let channel) = session.attachBackChannel(acknowledged: 0, streaming: false, pollTimeout: nil, now: .zero) else { return }
        for _ in 1...6 { _ = await session.nextChunk(channel: channel, now: Self.now) }
        #expect(session.queued.arrays == 2)
        #expect(session.attachBackChannel(acknowledged: 2, streaming: false, pollTimeout: nil, now: .zero) == .lost)
        #expect(session.attachBackChannel(acknowledged: 4, streaming: false, pollTimeout: nil, now: .zero) != .lost)
    }

    @Test("the RPC waits while too much is unsent, goes on once the client reads, and stops when the session closes")
    func backpressure() async {
        var limits = WebChannelLimits()
        limits.maxUnsentBytes = 30
        let session = session(limits)
        #expect(await session.deliver(String(repeating: "a", count: 40)))
        // Parked or not yet started, this one queues only once the first array is taken.
        let blocked = Task { await session.deliver("next") }
        guard case .attached(let channel) = session.attachBackChannel(acknowledged: 0, streaming: false, pollTimeout: nil, now: .zero) else { return }
        _ = await session.nextChunk(channel: channel, now: Self.now)
        #expect(await blocked.value)
        #expect(session.queued.lastArrayID == 2)
        #expect(await session.deliver(String(repeating: "b", count: 40)))
        let waiting = Task { await session.deliver("never") }
        session.close()
        #expect(await waiting.value == false)
    }

    @Test("the sweep renews streaming back channels, answers quiet long polls, sends keep-alives and expires idle sessions")
    func sweeping() async {
        var limits = WebChannelLimits()
        limits.backChannelRenewal = .seconds(10)
        limits.keepAlive = .seconds(3)
        limits.idleTimeout = .seconds(60)
        let session = session(limits)
        guard case .attached(let stream) = session.attachBackChannel(acknowledged: 0, streaming: true, pollTimeout: nil, now: .zero) else { return }
        _ = await session.nextChunk(channel: stream, now: Self.now)  // the opening no-op
        let keepAlive = Task { await session.nextChunk(channel: stream, now: Self.now) }
        while !(await sweepUntilQueued(session, now: .seconds(4), lastArrayID: 2)) { await Task.yield() }
        #expect(await keepAlive.value == WebChannelFrame.chunk(#"[[2,["noop"]]]"#))
        let renewed = Task { await session.nextChunk(channel: stream, now: { .seconds(4) }) }
        await Task.yield()
        #expect(session.sweep(now: .seconds(10)) == .alive)
        #expect(await renewed.value == nil)
        // A long poll with a 2 s timeout gets a no-op when nothing came.
        guard case .attached(let poll) = session.attachBackChannel(acknowledged: 2, streaming: false, pollTimeout: .seconds(2), now: .seconds(10)) else { return }
        let answer = Task { await session.nextChunk(channel: poll, now: { .seconds(12) }) }
        while !(await sweepUntilQueued(session, now: .seconds(12), lastArrayID: 3)) { await Task.yield() }
        #expect(await answer.value == WebChannelFrame.chunk(#"[[3,["noop"]]]"#))
        session.detach(channel: poll, now: .seconds(12))
        #expect(session.sweep(now: .seconds(71)) == .alive)
        #expect(session.sweep(now: .seconds(73)) == .expired)
    }

    /// Sweeps at `now` and says whether array `lastArrayID` is queued (the waiting reader may not yet be parked).
    private func sweepUntilQueued(_ session: WebChannelSession, now: Duration, lastArrayID: Int) async -> Bool {
        _ = session.sweep(now: now)
        return session.queued.lastArrayID >= lastArrayID
    }

    // MARK: CORS

    @Test("loopback origins are allowed with any port; look-alikes are not", arguments: [
        ("http://localhost:5173", true), ("http://127.0.0.1", true), ("http://[::1]:8080", true), ("https://localhost:3000", true),
        ("http://app.localhost:5173", true), ("http://localhost.evil.com", false), ("http://127.0.0.1.nip.io:80", false),
        ("http://localhost:abc", false), ("file://", false), ("null", false), ("http://192.168.1.2:5173", false),
    ])
    func loopbackOrigins(origin: String, allowed: Bool) {
        #expect(CORSPolicy(configured: []).allows(origin: origin, host: "127.0.0.1:8080") == allowed)
    }

    @Test("configured origins, '*' and the server's own origin are allowed")
    func configuredOrigins() {
        let lan = CORSPolicy(configured: ["http://192.168.1.2:5173/"])
        #expect(lan.allows(origin: "http://192.168.1.2:5173", host: nil))
        #expect(!lan.allows(origin: "http://192.168.1.3:5173", host: nil))
        #expect(CORSPolicy(configured: [], boundHost: "0.0.0.0").allows(origin: "http://10.0.0.5:8080", host: "10.0.0.5:8080"))
        // A page whose name was rebound to this machine is not the server's own origin.
        #expect(!lan.allows(origin: "http://evil.example:8080", host: "evil.example:8080"))
        #expect(CORSPolicy(configured: ["*"]).allows(origin: "https://anything.example", host: nil))
        let refusal = lan.refusal(origin: "http://evil.example")
        #expect(refusal.status == 403)
        #expect(String(decoding: refusal.body, as: UTF8.self).contains("--cors-origin http://evil.example"))
    }

    @Test("a preflight echoes the requested headers and the origin, with credentials")
    func preflight() {
        let request = RESTRequest(
            method: "OPTIONS", uri: "/v1/x", authorization: nil, body: Data(), origin: "http://localhost:5173",
            headers: [("Access-Control-Request-Headers", "authorization, x-goog-api-client"), ("Access-Control-Request-Private-Network", "true")])
        let response = CORSPolicy(configured: []).preflight(origin: "http://localhost:5173", request: request)
        let headers = Dictionary(response.headers, uniquingKeysWith: { first, _ in first })
        #expect(response.status == 204)
        #expect(headers["Access-Control-Allow-Origin"] == "http://localhost:5173")
        #expect(headers["Access-Control-Allow-Credentials"] == "true")
        #expect(headers["Access-Control-Allow-Headers"] == "authorization, x-goog-api-client")
        #expect(headers["Access-Control-Allow-Private-Network"] == "true")
    }
}
