import Foundation
import HearthCore
import Logging

/// The server's request log: one line per request at `info` (method, resource, principal, status,
/// duration, rules outcome), the same for gRPC and REST; internal errors at `error` with their cause.
struct RequestLog: Sendable {
    /// Where the lines go.
    let logger: Logger
    /// The rules in force, to tell "allowed by rules" from "no rules loaded".
    let rules: ProjectRulesPolicy
    /// The console's ring of recent requests, if the console keeps one.
    var ring: RequestRing? = nil
    /// The clock requests are timed on.
    var clock: ServerClock = .suspending
    /// The wall time recorded with each request, in milliseconds since 1970.
    var wallTimeMilliseconds: @Sendable () -> Double = { Date().timeIntervalSince1970 * 1_000 }

    /// What the security rules made of a request, as the log line says it.
    enum RulesOutcome: String, Sendable {
        /// An admin request: rules do not apply.
        case bypassed = "bypassed (admin)"
        /// No rules are loaded for the project: everything is allowed.
        case open = "none loaded"
        /// Rules are loaded and the request went through them.
        case allowed
        /// The rules (or a missing sign-in) refused the request.
        case denied
    }

    /// A request's start, to be finished with `finish`.
    struct Entry: Sendable {
        let method: String
        let resource: String
        let started: Duration
        /// Collects the rules verdicts told in full and the writes, while a console watches the
        /// ring (else nil, and rules evaluate untraced).
        let verdicts: AccessVerdictLog?
    }

    /// Starts timing a request of `method` on `resource`.
    func start(method: String, resource: String) -> Entry {
        let watched = ring?.isWatched ?? false
        return Entry(method: method, resource: resource, started: clock.now(), verdicts: watched ? AccessVerdictLog() : nil)
    }

    /// Runs `body` with the entry's verdict log in force, so every rules check of the request
    /// records its verdict there (nothing is traced while no console watches).
    func tracing<Result>(
        _ entry: Entry, isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async rethrows -> Result {
        guard let verdicts = entry.verdicts else { return try await body() }
        return try await AccessVerdictLog.$current.withValue(verdicts, operation: body)
    }

    /// Logs the finished request: `status` is `.ok` or the code it failed with.
    /// `detail` is the error message of a failure (kept in the console's ring).
    func finish(_ entry: Entry, access: AccessContext?, status: FirestoreError.Code, detail: String? = nil) {
        let elapsed = clock.now() - entry.started
        if let ring { record(entry, in: ring, access: access, status: status, detail: detail, elapsed: elapsed) }
        guard logger.logLevel <= .info else { return }
        let outcome = Self.outcome(access: access, status: status, rulesLoaded: rulesLoaded(for: entry.resource))
        logger.info(
            "\(entry.method) \(entry.resource.isEmpty ? "-" : entry.resource)",
            metadata: [
                "principal": "\(Self.principal(access))",
                "status": "\(status)",
                "duration_ms": "\(Self.milliseconds(elapsed))",
                "rules": "\(outcome.rawValue)",
            ])
    }

    private func record(
        _ entry: Entry, in ring: RequestRing, access: AccessContext?, status: FirestoreError.Code, detail: String?,
        elapsed: Duration
    ) {
        let outcome = Self.outcome(access: access, status: status, rulesLoaded: rulesLoaded(for: entry.resource))
        let (seconds, attoseconds) = elapsed.components
        ring.append(RequestRecord(
            sequence: 0, time: wallTimeMilliseconds(), method: entry.method, path: entry.resource,
            principal: Self.principal(access), status: status.name,
            durationMs: Double(seconds) * 1_000 + Double(attoseconds) / 1e15, rules: outcome.rawValue,
            detail: status == .ok ? nil : detail, verdicts: entry.verdicts?.verdicts ?? [],
            verdictsDropped: entry.verdicts?.dropped ?? 0, writes: entry.verdicts?.writes ?? [],
            writesDropped: entry.verdicts?.writesDropped ?? 0))
    }

    /// Logs an internal error (a bug or a storage failure): the client saw only `INTERNAL`.
    func internalError(_ error: any Error, method: String) {
        logger.error("internal error in \(method): \(error)")
    }

    /// `admin`, `uid:<uid>` or `anonymous`; `-` when the credentials could not be read.
    static func principal(_ access: AccessContext?) -> String {
        switch access {
        case .admin: "admin"
        case .user(let uid, _): "uid:\(uid)"
        case .unauthenticated: "anonymous"
        case nil: "-"
        }
    }

    /// The rules outcome of a request that ended with `status`.
    static func outcome(access: AccessContext?, status: FirestoreError.Code, rulesLoaded: Bool) -> RulesOutcome {
        if access == .admin { return .bypassed }
        if status == .permissionDenied || status == .unauthenticated { return .denied }
        return rulesLoaded ? .allowed : .open
    }

    /// Milliseconds with three decimals.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let micros = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
        let whole = micros / 1_000
        let fraction = String(micros % 1_000)
        return "\(whole)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// Whether rules are loaded for the project a resource name (`projects/<p>/…`, or a REST
    /// path `/v1/projects/<p>/…`) belongs to.
    private func rulesLoaded(for resource: String) -> Bool {
        var name = Substring(resource)
        if name.hasPrefix("/v1/") { name = name.dropFirst(4) }
        let parts = name.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "projects" else { return false }
        return rules.rules(for: String(parts[1])) != nil
    }
}
