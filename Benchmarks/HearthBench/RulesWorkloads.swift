import BenchSupport
import Foundation
import HearthCore
import HearthRules

/// Issue "Security rules": what judging each request costs. Point gets and single-document
/// commits as a signed-in user under a typical ownership rule, beside the same work as admin
/// (which the rules skip), on one engine; non-durable so fsync does not hide the rules' cost.
enum RulesWorkloads {
    static let rules = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            function isOwner(data) { return request.auth != null && data.owner == request.auth.uid; }
            match /rooms/{room} {
              allow read: if isOwner(resource.data);
              allow create, update: if isOwner(request.resource.data) && request.resource.data.price is int;
              allow delete: if isOwner(resource.data);
            }
          }
        }
        """

    static func run(operations: Int, rounds: Int) async throws -> [BenchResult] {
        let root = NSTemporaryDirectory() + "hearth-bench-rules-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let engine = try Engine(directory: root, options: EngineOptions(durability: .none, initialMapSize: 1 << 30))
        defer { engine.close() }
        engine.setAccessPolicy(try SecurityRules(source: rules))
        let database = try DatabaseID(project: "bench")
        let user = AccessContext.user(uid: "alice", claims: [:])
        let keys = try (0..<operations).map { try DocumentKey(validating: "rooms/\(BenchData.id($0))") }
        func fields(_ index: Int) -> [String: Value] {
            ["owner": .string("alice"), "price": .integer(Int64(300 + index % 900)), "title": .string("Room \(index)")]
        }
        var adminWrite = Double.infinity
        var userWrite = Double.infinity
        for _ in 0..<rounds {
            for (access, isAdmin) in [(AccessContext.admin, true), (user, false)] {
                let (_, writeSeconds) = try await Stopwatch.time {
                    for (index, key) in keys.enumerated() {
                        _ = try await engine.commit([.set(key, fields: fields(index))], in: database, access: access)
                    }
                }
                if isAdmin { adminWrite = min(adminWrite, writeSeconds) } else { userWrite = min(userWrite, writeSeconds) }
            }
        }
        // Point gets are short passes: admin and user passes alternate back to back, many times,
        // and each side keeps its best pass, so a burst of other load on the machine cannot land
        // on one side only.
        var adminRead = Double.infinity
        var userRead = Double.infinity
        for _ in 0..<(rounds * 5) {
            for (access, isAdmin) in [(AccessContext.admin, true), (user, false)] {
                let (found, readSeconds) = try Stopwatch.time {
                    var found = 0
                    for key in keys where try engine.getDocument(key, in: database, access: access) != nil { found += 1 }
                    return found
                }
                guard found == keys.count else { throw BenchFailure(description: "rules reads found \(found)") }
                if isAdmin { adminRead = min(adminRead, readSeconds) } else { userRead = min(userRead, readSeconds) }
            }
        }
        let adminGets = "admin getDocument (rules skipped)"
        let adminCommits = "admin single-document commits (rules skipped)"
        return [
            BenchResult(name: adminGets, ops: operations, seconds: adminRead, baseline: nil),
            BenchResult(name: "user getDocument under an ownership rule", ops: operations, seconds: userRead, baseline: adminGets),
            BenchResult(name: adminCommits, ops: operations, seconds: adminWrite, baseline: nil),
            BenchResult(
                name: "user single-document commits under the rule", ops: operations, seconds: userWrite, baseline: adminCommits),
        ].withRatios()
    }
}
