import Foundation
import HearthCore
import HearthTestSupport
import InMemoryLogging
import Logging
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@testable import HearthServer

/// The request log: one line per request at `info`, naming method, resource, principal, status,
/// duration and what the rules made of it — through a real emulator on loopback.
@Suite("Request log")
struct RequestLogTests {
    /// A running emulator logging into memory at `level`, on a fresh directory and a free port.
    private struct Running {
        let emulator: HearthEmulator
        let logs: InMemoryLogHandler
        let base: String
        let directory: String

        init(level: Logger.Level) async throws {
            directory = NSTemporaryDirectory() + "hearth-log-" + UUID().uuidString
            var handler = InMemoryLogHandler()
            handler.logLevel = level
            logs = handler
            let logger = Logger(label: "hearth-test") { _ in handler }
            emulator = try HearthEmulator(
                configuration: ServerConfiguration(port: 0, dataDirectory: directory, syncsEachCommit: false),
                logger: logger)
            let port = try await emulator.start()
            base = "http://127.0.0.1:\(port)"
        }

        func request(_ method: String, _ path: String, token: String? = nil, body: String? = nil) async throws -> Int {
            var request = URLRequest(url: try #require(URL(string: base + path)))
            request.httpMethod = method
            if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
            if let body { request.httpBody = Data(body.utf8) }
            let (_, response) = try await URLSession.shared.data(for: request)
            return (response as? HTTPURLResponse)?.statusCode ?? -1
        }

        func stop() async {
            emulator.shutdown()
            await emulator.waitUntilStopped()
            try? FileManager.default.removeItem(atPath: directory)
        }

        /// The request lines logged so far.
        var requestLines: [InMemoryLogHandler.Entry] { logs.entries.filter { $0.metadata["principal"] != nil } }
    }

    private static let document = "/v1/projects/logp/databases/(default)/documents/users/alice"

    @Test func eachRequestIsOneLineWithPrincipalStatusDurationAndRulesOutcome() async throws {
        let server = try await Running(level: .info)
        let missing = try await server.request("GET", Self.document)
        #expect(missing == 404)
        let written = try await server.request(
            "PATCH", Self.document, token: "owner", body: #"{"fields":{"n":{"integerValue":"1"}}}"#)
        #expect(written == 200)
        let rules = """
            {"rules":{"files":[{"content":"rules_version = '2'; service cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read: if false; } } }"}]}}
            """
        #expect(try await server.request("PUT", "/emulator/v1/projects/logp:securityRules", body: rules) == 200)
        #expect(try await server.request("GET", Self.document) == 403)
        await server.stop()

        let lines = server.requestLines.filter { "\($0.message)".contains("/documents/users/alice") }
        try #require(lines.count == 3, "\(server.logs.entries)")
        #expect(lines.allSatisfy { $0.level == .info })
        #expect("\(lines[0].message)" == "REST GET \(Self.document)")
        #expect(lines[0].metadata["principal"] == "anonymous")
        #expect(lines[0].metadata["status"] == "notFound")
        #expect(lines[0].metadata["rules"] == "none loaded")
        #expect(lines[1].metadata["principal"] == "admin")
        #expect(lines[1].metadata["status"] == "ok")
        #expect(lines[1].metadata["rules"] == "bypassed (admin)")
        #expect(lines[2].metadata["status"] == "permissionDenied")
        #expect(lines[2].metadata["rules"] == "denied")
        for line in lines {
            let duration = try #require(line.metadata["duration_ms"].map { "\($0)" })
            #expect(Double(duration) != nil, "duration \(duration)")
        }
    }

    /// A REST path (`/v1/projects/<p>/…`) names its project too: a request the loaded rules
    /// allow is logged as allowed, not as "none loaded".
    @Test func restRequestAllowedByRulesSaysAllowed() async throws {
        let server = try await Running(level: .info)
        let rules = """
            {"rules":{"files":[{"content":"rules_version = '2'; service cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read: if true; } } }"}]}}
            """
        #expect(try await server.request("PUT", "/emulator/v1/projects/logp:securityRules", body: rules) == 200)
        #expect(try await server.request("GET", Self.document) == 404)
        await server.stop()
        let lines = server.requestLines.filter { "\($0.message)".contains("/documents/users/alice") }
        try #require(lines.count == 1)
        #expect(lines[0].metadata["rules"] == "allowed")
    }

    @Test func belowInfoNoRequestIsLogged() async throws {
        let server = try await Running(level: .notice)
        _ = try await server.request("GET", Self.document)
        await server.stop()
        #expect(server.requestLines.isEmpty)
    }

    @Test func rulesOutcomeFollowsPrincipalAndStatus() {
        #expect(RequestLog.outcome(access: .admin, status: .permissionDenied, rulesLoaded: true) == .bypassed)
        #expect(RequestLog.outcome(access: .unauthenticated, status: .permissionDenied, rulesLoaded: true) == .denied)
        #expect(RequestLog.outcome(access: .unauthenticated, status: .ok, rulesLoaded: true) == .allowed)
        #expect(RequestLog.outcome(access: .unauthenticated, status: .notFound, rulesLoaded: false) == .open)
        #expect(RequestLog.outcome(access: nil, status: .unauthenticated, rulesLoaded: false) == .denied)
    }

    @Test func durationsPrintAsMillisecondsWithThreeDecimals() {
        #expect(RequestLog.milliseconds(.microseconds(1_234)) == "1.234")
        #expect(RequestLog.milliseconds(.microseconds(5)) == "0.005")
        #expect(RequestLog.milliseconds(.seconds(2)) == "2000.000")
    }

    @Test("a request's duration and time come from the injected clocks, not from waiting")
    func durationsOnTheInjectedClock() throws {
        let directory = NSTemporaryDirectory() + "hearth-log-clock-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let engine = try Engine(directory: directory, options: EngineOptions(durability: .none, initialMapSize: 16 << 20))
        defer { engine.close() }
        let clock = ManualClock()
        let ring = RequestRing(capacity: 10)
        var log = RequestLog(logger: Logger(label: "hearth-test"), rules: ProjectRulesPolicy(engine: engine), ring: ring)
        log.clock = ServerClock(clock)
        log.wallTimeMilliseconds = { 1_700_000_000_000 }
        let entry = log.start(method: "GetDocument", resource: "projects/p/databases/(default)/documents/c/d")
        clock.advance(by: .milliseconds(25))
        log.finish(entry, access: .admin, status: .ok)
        let record = try #require(ring.records(after: 0, limit: 10).last)
        #expect(record.durationMs == 25)
        #expect(record.time == 1_700_000_000_000)
        #expect(record.method == "GetDocument")
    }

    @Test func restStatusesMapBackToCodes() {
        #expect(RESTRouter.code(httpStatus: 200) == .ok)
        #expect(RESTRouter.code(httpStatus: 404) == .notFound)
        #expect(RESTRouter.code(httpStatus: 403) == .permissionDenied)
    }
}
