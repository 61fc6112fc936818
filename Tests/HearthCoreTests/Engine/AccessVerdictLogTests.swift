import Foundation
import Synchronization
import Testing
@testable import HearthCore

/// The verdict log a request carries when its rules checks are to be told in full: the engine
/// hands it to the policy with every check (commits carry it to the writer thread), notes each
/// write it commits, and keeps a request's memory bounded.
@Suite("Access verdict log")
struct AccessVerdictLogTests {
    /// Records, per check, whether it came with a verdict log, and writes a verdict there.
    final class RecordingPolicy: AccessPolicy {
        let seen = Mutex<[String]>([])

        func authorize(_ request: AccessRequest, lookup: any DocumentLookup) -> AccessDecision {
            let tag = "\(request.method.rawValue) \(request.path.canonicalString) \(request.verdictLog == nil ? "plain" : "logged")"
            seen.withLock { $0.append(tag) }
            let allowed = request.incoming?.fields["deny"] == nil
            request.verdictLog?.append(AccessVerdict(
                method: request.method.rawValue, path: request.path.canonicalString, allowed: allowed, statements: []))
            return allowed ? .allow : .deny(detail: "")
        }
    }

    let user = AccessContext.user(uid: "alice", claims: [:])

    @Test func commitsCarryTheLogToTheWriterAndNoteTheirWrites() async throws {
        let t = try TestEngine()
        let policy = RecordingPolicy()
        t.engine.setAccessPolicy(policy)
        let log = AccessVerdictLog()
        let writes: [Write] = [
            .set(try t.key("docs/a"), fields: ["v": .integer(1)]),
            .set(try t.key("docs/b"), fields: ["v": .integer(2)]),
        ]
        try await AccessVerdictLog.$current.withValue(log) {
            _ = try await t.engine.commit(writes, in: t.database, access: user)
            _ = try await t.engine.getDocument(try t.key("docs/a"), in: t.database, access: user)
        }
        #expect(policy.seen.withLock { $0 } == ["create docs/a logged", "create docs/b logged", "get docs/a logged"])
        #expect(log.verdicts.map(\.path) == ["docs/a", "docs/b", "docs/a"])
        #expect(log.writes.map(\.path) == ["docs/a", "docs/b"])
        #expect(log.writes.allSatisfy { $0.operation == "set" && $0.status == "OK" })
        // Without a log in force nothing is traced or noted.
        _ = try await t.engine.commit([.delete(try t.key("docs/b"))], in: t.database, access: user)
        #expect(policy.seen.withLock { $0.last } == "delete docs/b plain")
        #expect(log.writes.count == 2)
    }

    @Test func aDeniedCommitIsNotedWithItsStatus() async throws {
        let t = try TestEngine()
        t.engine.setAccessPolicy(RecordingPolicy())
        let log = AccessVerdictLog()
        await AccessVerdictLog.$current.withValue(log) {
            _ = try? await t.engine.commit(
                [.set(try t.key("docs/x"), fields: ["deny": .boolean(true)])], in: t.database, access: user)
        }
        #expect(log.writes.map(\.status) == ["PERMISSION_DENIED"])
        #expect(log.verdicts.map(\.allowed) == [false])
    }

    @Test func aRequestKeepsBoundedVerdictsAndTraces() {
        let log = AccessVerdictLog()
        let step = AccessTraceStep(depth: 0, expression: "true", value: "true", state: .value)
        let statement = AccessStatementVerdict(
            methods: ["read"], match: "/x/{id}", line: 1, column: 1, outcome: .granted, message: nil,
            trace: Array(repeating: step, count: 200), traceTruncated: false)
        for index in 0..<(AccessVerdictLog.maxVerdicts + 5) {
            log.append(AccessVerdict(method: "get", path: "x/\(index)", allowed: true, statements: [statement]))
        }
        let verdicts = log.verdicts
        #expect(verdicts.count == AccessVerdictLog.maxVerdicts && log.dropped == 5)
        let kept = verdicts.reduce(0) { $0 + $1.statements[0].trace.count }
        #expect(kept <= AccessVerdictLog.maxTraceSteps && kept == 400)
        #expect(verdicts[2].statements[0].trace.isEmpty && verdicts[2].statements[0].traceTruncated)
    }
}
