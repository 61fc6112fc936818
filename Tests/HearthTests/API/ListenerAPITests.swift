import Foundation
import Synchronization
import Testing
@testable import Hearth
import HearthCore
import HearthTestSupport

@Suite("Snapshot listeners through the Swift API")
struct ListenerAPITests {
    @Test func documentListenerSeesCreationUpdateAndDeletion() async throws {
        let t = try TestFirestore()
        let ref = t.db.document("rooms/r1")
        let seen = EventLog<[String: Int]?>()
        let registration = ref.addSnapshotListener { snapshot, error in
            #expect(error == nil)
            seen.append(snapshot?.exists == true ? snapshot?.data()?.compactMapValues { $0 as? Int } : nil)
        }
        _ = await seen.wait(for: 1)
        try await ref.setData(["price": 300])
        try await ref.updateData(["price": 320])
        try await ref.delete()
        let values = await seen.wait(for: 4)
        #expect(values.count == 4)
        #expect(values[0] == nil && values[1] == ["price": 300] && values[2] == ["price": 320] && values[3] == nil)
        registration.remove()
        try await ref.setData(["price": 1])
        await (registration as? EngineListenerRegistration)?.settled()
        #expect(seen.all.count == 4, "no callback after remove()")
    }

    @Test func queryListenerReportsDocumentChanges() async throws {
        let t = try TestFirestore()
        let chat = t.db.collection("Chats/alice/bob")
        try await chat.document("m1").setData(["text": "hola", "at": 1])
        let snapshots = EventLog<QuerySnapshot>()
        let registration = chat.order(by: "at").addSnapshotListener { snapshot, _ in if let snapshot { snapshots.append(snapshot) } }
        defer { registration.remove() }
        let first = await snapshots.wait(for: 1)[0]
        #expect(first.documentChanges.map(\.type) == [.added])
        try await t.db.batch()
            .setData(["text": "qué tal", "at": 2], forDocument: chat.document("m2"))
            .setData(["text": "bien", "at": 3], forDocument: chat.document("m3"))
            .commit()
        let second = await snapshots.wait(for: 2)[1]
        #expect(second.documents.map(\.documentID) == ["m1", "m2", "m3"], "a batch arrives as one snapshot")
        #expect(second.documentChanges.map(\.type) == [.added, .added])
        #expect(second.documentChanges.map(\.newIndex) == [1, 2])
        #expect(second.documentChanges.allSatisfy { $0.oldIndex == UInt(NSNotFound) })
    }

    @Test func limitToLastListenerShowsTheLastDocumentsInQueryOrder() async throws {
        let t = try TestFirestore()
        for at in 1...4 { try await t.db.document("m/\(at)").setData(["at": at]) }
        let snapshots = EventLog<QuerySnapshot>()
        let registration = t.db.collection("m").order(by: "at").limit(toLast: 2).addSnapshotListener { snapshot, _ in
            if let snapshot { snapshots.append(snapshot) }
        }
        defer { registration.remove() }
        #expect(await snapshots.wait(for: 1)[0].documents.map(\.documentID) == ["3", "4"])
        try await t.db.document("m/5").setData(["at": 5])
        let latest = await snapshots.wait(for: 2)[1]
        #expect(latest.documents.map(\.documentID) == ["4", "5"])
        #expect(latest.documentChanges.map(\.type) == [.removed, .added])
        #expect(latest.documentChanges.map(\.oldIndex) == [0, UInt(NSNotFound)])
        #expect(latest.documentChanges.map(\.newIndex) == [UInt(NSNotFound), 1])
    }

    @Test func snapshotsSequenceEndsWhenItsTaskIsCancelled() async throws {
        let t = try TestFirestore()
        let ref = t.db.document("c/d")
        let received = EventLog<Bool>()
        let task = Task {
            for try await snapshot in ref.snapshots() { received.append(snapshot.exists) }
        }
        _ = await received.wait(for: 1)
        try await ref.setData(["v": 1])
        _ = await received.wait(for: 2)
        task.cancel()
        // The loop has ended once the task has a result: nothing can be received after this.
        _ = await task.result
        try await ref.setData(["v": 2])
        #expect(received.all == [false, true], "iteration ended with the task")
    }

    @Test func invalidQueryListenerGetsTheErrorOnce() async throws {
        let t = try TestFirestore()
        let errors = EventLog<String>()
        let registration = t.db.collection("c").whereField("x", in: []).addSnapshotListener { snapshot, error in
            #expect(snapshot == nil)
            errors.append(String(describing: error))
        }
        registration.remove()
        #expect(errors.all.count == 1)
        #expect(errors.all.first?.contains("INVALID_ARGUMENT") == true)
    }
}
