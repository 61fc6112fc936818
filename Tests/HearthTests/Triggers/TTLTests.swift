import Foundation
import Testing
@testable import Hearth

import HearthTestSupport

@Suite("TTL policies")
struct TTLTests {
    private static let indexes = """
        {"indexes": [], "fieldOverrides": [
          {"collectionGroup": "sessions", "fieldPath": "expireAt", "ttl": true, "indexes": []}
        ]}
        """

    @Test func theSweepDeletesExpiredDocumentsThroughCommitsThatTriggersSee() async throws {
        let directory = NSTemporaryDirectory() + "hearth-ttl-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = EngineOptions(
            durability: .none, initialMapSize: 64 << 20, indexes: try IndexConfiguration(json: Self.indexes))
        options.ttlSweepInterval = nil
        let db = try Firestore(directory: directory, projectID: "p", options: options)
        defer { db.close() }
        #expect(db.ttlPolicies == [TTLPolicy(collectionGroup: "sessions", fieldPath: "expireAt")])
        let deleted = EventLog<String>()
        try await db.onDocumentDeleted("{path=**}") { event in deleted.append(event.document) }
        let now = Date()
        try await db.document("sessions/old").setData(["expireAt": Timestamp(date: now.addingTimeInterval(-60))])
        try await db.document("users/u1/sessions/older").setData(["expireAt": Timestamp(date: now.addingTimeInterval(-3_600))])
        try await db.document("sessions/future").setData(["expireAt": Timestamp(date: now.addingTimeInterval(3_600))])
        try await db.document("sessions/text").setData(["expireAt": "yesterday"])
        try await db.document("sessions/none").setData(["user": "u1"])
        try await db.document("logs/old").setData(["expireAt": Timestamp(date: now.addingTimeInterval(-60))])

        #expect(try await db.sweepExpiredDocuments() == 2)
        #expect(try await db.document("sessions/old").getDocument().exists == false)
        #expect(try await db.document("users/u1/sessions/older").getDocument().exists == false)
        for kept in ["sessions/future", "sessions/text", "sessions/none", "logs/old"] {
            #expect(try await db.document(kept).getDocument().exists, "\(kept) is not expired or not covered")
        }
        #expect(Set(await deleted.wait(for: 2, seconds: 60)) == ["sessions/old", "users/u1/sessions/older"])
        #expect(try await db.sweepExpiredDocuments() == 0)
    }

    @Test func theScheduledSweepRunsOnItsOwn() async throws {
        let directory = NSTemporaryDirectory() + "hearth-ttl-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = EngineOptions(
            durability: .none, initialMapSize: 64 << 20, indexes: try IndexConfiguration(json: Self.indexes))
        options.ttlSweepInterval = .milliseconds(20)
        let db = try Firestore(directory: directory, projectID: "p", options: options)
        defer { db.close() }
        let deleted = EventLog<String>()
        try await db.onDocumentDeleted("sessions/{id}") { event in deleted.append(event.document) }
        try await db.document("sessions/s").setData(["expireAt": Timestamp(date: Date().addingTimeInterval(-1))])
        // No call sweeps: the delete the trigger sees is the scheduled sweep's.
        #expect(await deleted.wait(for: 1, seconds: 120) == ["sessions/s"])
        #expect(try await db.document("sessions/s").getDocument().exists == false)
    }

    @Test func aTTLOverrideOnEveryFieldIsRefused() {
        #expect(throws: FirestoreError.self) {
            try IndexConfiguration(json: #"{"fieldOverrides": [{"collectionGroup": "s", "fieldPath": "*", "ttl": true}]}"#)
        }
    }
}
