import Foundation
import Synchronization
import Testing
@testable import Hearth
import HearthCore
import HearthTestSupport

/// Retries in these tests wait milliseconds, not the default 100 ms doubling.
private let quick = TriggerOptions(maxAttempts: 3, initialBackoff: .milliseconds(5), maxBackoff: .milliseconds(20))

@Suite("Embedded Firestore triggers")
struct TriggerTests {
    @Test func createdUpdatedDeletedAndWrittenCarryTheirDataAndParams() async throws {
        let t = try TestFirestore()
        let created = EventLog<(String, [String: String], Int?)>()
        let updated = EventLog<(Int?, Int?)>()
        let deleted = EventLog<(String, Int?)>()
        let written = EventLog<(Bool, Bool)>()
        let pattern = "groups/{groupId}/members/{memberId}"
        try await t.db.onDocumentCreated(pattern) { event in
            created.append((event.document, event.params, event.data.data()["age"] as? Int))
        }
        try await t.db.onDocumentUpdated(pattern) { event in
            updated.append((event.data.before.data()["age"] as? Int, event.data.after.data()["age"] as? Int))
        }
        try await t.db.onDocumentDeleted(pattern) { event in
            deleted.append((event.data.documentID, event.data.data()["age"] as? Int))
        }
        try await t.db.onDocumentWritten(pattern) { event in
            written.append((event.data.before.exists, event.data.after.exists))
        }
        let member = t.db.document("groups/g1/members/ana")
        try await member.setData(["age": 30])
        try await member.updateData(["age": 31])
        try await member.delete()
        try await t.db.document("groups/g1").setData(["name": "not a member"])

        let creation = await created.wait(for: 1, seconds: 60)
        #expect(creation.count == 1)
        #expect(creation.first?.0 == "groups/g1/members/ana")
        #expect(creation.first?.1 == ["groupId": "g1", "memberId": "ana"])
        #expect(creation.first?.2 == 30)
        let update = await updated.wait(for: 1, seconds: 60)
        #expect(update.count == 1 && update[0].0 == 30 && update[0].1 == 31)
        let deletion = await deleted.wait(for: 1, seconds: 60)
        #expect(deletion.count == 1 && deletion[0].0 == "ana" && deletion[0].1 == 31)
        let writes = await written.wait(for: 3, seconds: 60)
        #expect(writes.map(\.0) == [false, true, true])
        #expect(writes.map(\.1) == [true, true, false])
    }

    @Test func aFailingHandlerIsRetriedUntilItSucceeds() async throws {
        let t = try TestFirestore()
        let attempts = Mutex(0)
        let handled = EventLog<String>()
        let registration = try await t.db.onDocumentCreated("orders/{id}", options: quick) { event in
            let attempt = attempts.withLock { count -> Int in
                count += 1
                return count
            }
            if attempt <= 2 { throw FirestoreError(.unavailable, "down for attempt \(attempt)") }
            handled.append(event.params["id"] ?? "")
        }
        try await t.db.document("orders/o1").setData(["total": 5])
        #expect(await handled.wait(for: 1, seconds: 60) == ["o1"])
        #expect(attempts.withLock { $0 } == 3)
        // The count is noted once the handler has returned; the runner is done with the commit after that.
        try await t.db.waitForTriggers()
        #expect(registration.deliveredCount == 1)
        #expect(try registration.deadLetters().isEmpty)
    }

    @Test func anEventThatKeepsFailingIsDeadLetteredAndCanBeReplayed() async throws {
        let t = try TestFirestore()
        let healthy = Mutex(false)
        let handled = EventLog<String>()
        let registration = try await t.db.onDocumentCreated("orders/{id}", name: "bill", options: quick) { event in
            guard healthy.withLock({ $0 }) else { throw FirestoreError(.internal, "billing is down") }
            handled.append(event.document)
        }
        try await t.db.document("orders/o1").setData(["total": 5])
        try await t.db.document("orders/o2").setData(["total": 6])
        try await t.db.waitForTriggers()
        let letters = try registration.deadLetters()
        #expect(letters.map(\.document) == ["orders/o1", "orders/o2"])
        #expect(letters.allSatisfy { $0.attempts == 3 && $0.error.contains("billing is down") })
        healthy.withLock { $0 = true }
        try await registration.replay(letters[0])
        #expect(handled.all == ["orders/o1"])
        #expect(try registration.deadLetters().map(\.document) == ["orders/o2"])
        try await t.db.document("orders/o3").setData(["total": 7])
        #expect(await handled.wait(for: 2, seconds: 60) == ["orders/o1", "orders/o3"])
    }

    @Test func aHandlersWritesFireTheirOwnTriggers() async throws {
        let t = try TestFirestore()
        let logged = EventLog<String>()
        try await t.db.onDocumentCreated("groups/{groupId}") { event in
            try await event.firestore.document("groups/\(event.params["groupId"] ?? "")/log/created").setData(["by": "trigger"])
        }
        try await t.db.onDocumentCreated("groups/{groupId}/log/{entry}") { event in
            logged.append(event.document)
        }
        try await t.db.document("groups/g7").setData(["name": "Seven"])
        #expect(await logged.wait(for: 1, seconds: 60) == ["groups/g7/log/created"])
        let stored = try await t.db.document("groups/g7/log/created").getDocument()
        #expect(stored.data()?["by"] as? String == "trigger")
    }

    @Test func theLoopGuardStopsAHandlerThatKeepsTriggeringItself() async throws {
        let t = try TestFirestore()
        let runs = EventLog<Int>()
        let options = TriggerOptions(maxAttempts: 1, maxDepth: 3)
        let registration = try await t.db.onDocumentWritten("loop/{n}", name: "loop", options: options) { event in
            let n = Int(event.params["n"] ?? "") ?? 0
            runs.append(n)
            try await event.firestore.document("loop/\(n + 1)").setData(["n": n + 1])
        }
        try await t.db.document("loop/0").setData(["n": 0])
        try await t.db.waitForTriggers()
        let letters = try registration.deadLetters()
        #expect(runs.all == [0, 1, 2], "depths 0, 1 and 2 run; the write made at depth 3 is stopped")
        #expect(letters.map(\.document) == ["loop/3"])
        #expect(letters.first?.error.contains("Loop guard") == true)
    }

    @Test func aTriggerRegisteredAgainResumesWithExactlyTheEventsItMissed() async throws {
        let directory = NSTemporaryDirectory() + "hearth-trigger-resume-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let options = EngineOptions(durability: .none, initialMapSize: 64 << 20)
        let first = EventLog<String>()
        do {
            let db = try Firestore(directory: directory, projectID: "p", options: options)
            let registration = try await db.onDocumentWritten("items/{id}", name: "audit") { event in first.append(event.document) }
            try await db.document("items/a").setData(["v": 1])
            #expect(await first.wait(for: 1, seconds: 60) == ["items/a"])
            let written = try #require(try await db.document("items/a").getDocument().updateTime)
            try await db.waitForTriggers()
            #expect(try #require(registration.cursor) >= written)
            registration.remove()
            for id in ["b", "c"] { try await db.document("items/\(id)").setData(["v": 2]) }
            try await db.document("items/b").updateData(["v": 3])
            db.close()
        }
        let second = EventLog<String>()
        let db = try Firestore(directory: directory, projectID: "p", options: options)
        defer { db.close() }
        try await db.onDocumentWritten("items/{id}", name: "audit") { event in
            second.append("\(event.document)=\(event.data.after.data()?["v"] as? Int ?? -1)")
        }
        #expect(await second.wait(for: 3, seconds: 60) == ["items/b=2", "items/c=2", "items/b=3"])
        try await db.document("items/d").setData(["v": 4])
        #expect(await second.wait(for: 4, seconds: 60).last == "items/d=4")
        #expect(second.all.count == 4, "items/a was not delivered again")
    }

    @Test func twoTriggersOfTheSameNameAreRefused() async throws {
        let t = try TestFirestore()
        try await t.db.onDocumentCreated("a/{id}") { _ in }
        await expectFirestoreError(.alreadyExists) { try await t.db.onDocumentCreated("a/{id}") { _ in } }
        await expectFirestoreError(.invalidArgument) { try await t.db.onDocumentCreated("a") { _ in } }
        await expectFirestoreError(.invalidArgument) { try await t.db.onDocumentCreated("a/{id=**}/b") { _ in } }
    }
}
