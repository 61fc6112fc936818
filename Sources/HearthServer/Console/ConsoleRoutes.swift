import Foundation
import HearthCore

/// The console under `/console`: its page and assets, and a small admin API where Firestore's
/// REST API has no answer (databases in the data directory, recursive deletes, live changes,
/// recent requests, rules with coverage, usage counters). Every API request passes the guard.
struct ConsoleRoutes: Sendable {
    /// The engine, the rules and the listens.
    let controls: EmulatorControls
    /// Recent requests.
    let ring: RequestRing
    /// Reads, writes and deletes counted since start.
    let usage: UsageCounters
    /// Host and origin checks.
    let guardian: ConsoleGuard
    /// Whether queries lacking a composite index are refused (shown in the query panel).
    let requireIndexes: Bool
    /// The project named by `--project`, opened first.
    var project: String? = nil

    /// The response to a request under `/console`.
    func respond(to request: RESTRequest, target: RESTTarget) async -> RESTResponse {
        if let refusal = guardian.refusal(request) {
            return RESTErrors.response(status: 403, code: "PERMISSION_DENIED", message: refusal)
        }
        if !target.path.hasPrefix("/console/api/") {
            guard request.method == "GET" || request.method == "HEAD" else { return Self.notFound(request) }
            return ConsoleAssets.response(for: target.path) ?? Self.notFound(request)
        }
        do {
            return try await api(request, target: target, endpoint: String(target.path.dropFirst("/console/api/".count)))
                ?? Self.notFound(request)
        } catch {
            return RESTErrors.response(error)
        }
    }

    private func api(_ request: RESTRequest, target: RESTTarget, endpoint: String) async throws(FirestoreError) -> RESTResponse? {
        let data = ConsoleDataOperations(engine: controls.engine)
        switch (request.method, endpoint) {
        case ("GET", "info"):
            return try Self.json(Info(project: project, requireIndexes: requireIndexes, requestRingSize: ring.capacity))
        case ("GET", "databases"):
            return try Self.json(try data.databases())
        case ("GET", "count"):
            let (database, path) = try Self.location(target)
            return try Self.json(["documents": try data.countRecursively(collection: path, in: database)])
        case ("POST", "delete-collection"):
            let (database, path) = try Self.location(target)
            return try Self.json(["deleted": try await data.deleteRecursively(collection: path, in: database)])
        case ("GET", "watch"):
            let (database, path) = try Self.location(target)
            return try ConsoleEventStream.response(engine: controls.engine, database: database, path: path)
        case ("GET", "requests"):
            let after = Int(target.value("after") ?? "") ?? 0
            let limit = Int(target.value("limit") ?? "") ?? ring.capacity
            ring.noteReader()
            return try Self.json(RequestsPage(capacity: ring.capacity, records: ring.records(after: after, limit: limit)))
        case ("GET", "rules"):
            return try ConsoleRulesReport.response(project: target.value("project") ?? "", policy: controls.rules)
        case ("GET", "usage"):
            let snapshot = usage.snapshot()
            return try Self.json(UsageReport(since: snapshot.since.timeIntervalSince1970 * 1_000, databases: snapshot.databases))
        case ("POST", "usage/reset"):
            usage.reset()
            return .json("{}")
        case ("GET", "triggers"):
            return try Self.json(try ConsoleTriggerReport(engine: controls.engine))
        case ("POST", "triggers/replay"), ("POST", "triggers/dismiss"):
            guard let trigger = target.value("trigger"), let id = target.value("id") else {
                throw FirestoreError(.invalidArgument, "Expected ?trigger=<name>&id=<dead letter id>.")
            }
            let letter = try ConsoleTriggerReport.letterID(id)
            if endpoint.hasSuffix("replay") {
                try await controls.engine.replayDeadLetter(trigger: trigger, id: letter)
            } else {
                try await controls.engine.dismissDeadLetter(trigger: trigger, id: letter)
            }
            return .json("{}")
        case ("POST", "ttl/sweep"):
            return try Self.json(["deleted": try await controls.engine.sweepExpiredDocuments()])
        default:
            return nil
        }
    }

    /// The `database` (`projects/p/databases/d`) and `path` (a collection or document path) parameters.
    static func location(_ target: RESTTarget) throws(FirestoreError) -> (DatabaseID, ResourcePath) {
        let name = target.value("database") ?? ""
        let parts = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[0] == "projects", parts[2] == "databases" else {
            throw FirestoreError(.invalidArgument, "Expected database=projects/<project>/databases/<database>, got '\(name)'.")
        }
        let database = try DatabaseID(project: parts[1], database: parts[3])
        let path = try ResourcePath(validating: target.value("path") ?? "")
        guard path.count > 0 else { throw FirestoreError(.invalidArgument, "Expected a path naming a collection or document.") }
        return (database, path)
    }

    /// A 200 JSON response for an encodable value.
    static func json(_ value: some Encodable) throws(FirestoreError) -> RESTResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return RESTResponse(status: 200, contentType: "application/json; charset=utf-8", body: try encoder.encode(value))
        } catch {
            throw FirestoreError(.internal, "Could not encode the console's answer: \(error)")
        }
    }

    private static func notFound(_ request: RESTRequest) -> RESTResponse {
        RESTErrors.response(status: 404, code: "NOT_FOUND", message: "No such console endpoint: \(request.method) \(request.uri)")
    }

    private struct Info: Encodable {
        let project: String?
        let requireIndexes: Bool
        let requestRingSize: Int
    }

    private struct RequestsPage: Encodable {
        let capacity: Int
        let records: [RequestRecord]
    }

    private struct UsageReport: Encodable {
        let since: Double
        let databases: [UsageCounters.DatabaseUsage]
    }
}
