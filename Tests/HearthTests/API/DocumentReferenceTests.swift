import Foundation
import Testing
@testable import Hearth
import HearthCore

@Suite("DocumentReference and CollectionReference")
struct DocumentReferenceTests {
    @Test func setGetUpdateDelete() async throws {
        let t = try TestFirestore()
        let alice = t.db.collection("users").document("alice")
        try await alice.setData(["name": "Alice", "age": 30, "tags": ["a", "b"], "address": ["city": "Madrid"]])
        var snapshot = try await alice.getDocument()
        #expect(snapshot.exists)
        #expect(snapshot.documentID == "alice")
        #expect(snapshot.get("name") as? String == "Alice")
        #expect(snapshot.get("age") as? Int == 30)
        #expect(snapshot.get("address.city") as? String == "Madrid")
        #expect(snapshot.get(FieldPath(["address", "city"])) as? String == "Madrid")
        #expect(snapshot["tags"] as? [String] == ["a", "b"])

        try await alice.updateData(["age": FieldValue.increment(Int64(1)), "address.zip": "28001"])
        snapshot = try await alice.getDocument()
        #expect(snapshot.get("age") as? Int == 31)
        #expect(snapshot.data()?["address"] as? [String: String] == ["city": "Madrid", "zip": "28001"])

        try await alice.delete()
        snapshot = try await alice.getDocument()
        #expect(!snapshot.exists)
        #expect(snapshot.data() == nil)
    }

    @Test func mergeKeepsOtherFieldsAndDeleteRemoves() async throws {
        let t = try TestFirestore()
        let doc = t.db.document("rooms/r1")
        try await doc.setData(["price": 400, "city": "Sevilla", "extras": ["wifi": true, "pool": false]])
        try await doc.setData(["price": 450, "extras": ["pool": FieldValue.delete()]], merge: true)
        let data = try #require(try await doc.getDocument().data())
        #expect(data["price"] as? Int == 450)
        #expect(data["city"] as? String == "Sevilla")
        #expect(data["extras"] as? [String: Bool] == ["wifi": true])
    }

    @Test func mergeFieldsWritesOnlyListedPaths() async throws {
        let t = try TestFirestore()
        let doc = t.db.document("rooms/r1")
        try await doc.setData(["a": 1, "b": 1])
        try await doc.setData(["a": 2, "b": 2], mergeFields: ["a"])
        let data = try #require(try await doc.getDocument().data())
        #expect(data["a"] as? Int == 2)
        #expect(data["b"] as? Int == 1)
        await expectFirestoreError(.invalidArgument) { try await doc.setData(["a": 3], mergeFields: ["missing"]) }
    }

    @Test func updateWithFieldPathKeyAddressesDottedName() async throws {
        let t = try TestFirestore()
        let doc = t.db.document("c/d")
        try await doc.setData(["a.b": 1, "a": ["b": 2]])
        try await doc.updateData([FieldPath(["a.b"]): 10])
        let data = try #require(try await doc.getDocument().data())
        #expect(data["a.b"] as? Int == 10)
        #expect(data["a"] as? [String: Int] == ["b": 2])
    }

    @Test func updateOfMissingDocumentIsNotFound() async throws {
        let t = try TestFirestore()
        let error = await expectFirestoreError(.notFound) {
            try await t.db.document("users/nobody").updateData(["a": 1])
        }
        #expect(error?.message == "No document to update: projects/test-project/databases/(default)/documents/users/nobody")
    }

    @Test func addDocumentUsesAutoID() async throws {
        let t = try TestFirestore()
        let ref = try await t.db.collection("messages").addDocument(data: ["text": "hola", "at": FieldValue.serverTimestamp()])
        #expect(ref.documentID.count == 20)
        #expect(ref.documentID.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        let snapshot = try await ref.getDocument()
        let at = snapshot.get("at")
        #expect(at is Hearth.Timestamp)
        #expect(snapshot.get("text") as? String == "hola")
    }

    @Test func pathsAndParents() throws {
        let t = try TestFirestore()
        let message = t.db.collection("Chats").document("alice").collection("bob").document("m1")
        #expect(message.path == "Chats/alice/bob/m1")
        #expect(message.parent.path == "Chats/alice/bob")
        #expect(message.parent.collectionID == "bob")
        #expect(message.parent.parent?.path == "Chats/alice")
        #expect(t.db.collection("Chats").parent == nil)
        #expect(message == t.db.document("Chats/alice/bob/m1"))
    }

    @Test func invalidPathsFailOnUseWithoutCrashing() async throws {
        let t = try TestFirestore()
        await expectFirestoreError(.invalidArgument) { try await t.db.document("users").setData([:]) }
        await expectFirestoreError(.invalidArgument) { _ = try await t.db.collection("users/alice").getDocuments() }
        await expectFirestoreError(.invalidArgument) { try await t.db.document("a//b/c").delete() }
        await expectFirestoreError(.invalidArgument) { _ = try await t.db.collection("c").document("__bad__").getDocument() }
    }

    @Test func listingACollectionReturnsDocumentsInIDOrder() async throws {
        let t = try TestFirestore()
        for id in ["b", "c", "a"] { try await t.db.document("items/\(id)").setData(["id": id]) }
        try await t.db.document("items/a/sub/x").setData([:])
        let snapshot = try await t.db.collection("items").getDocuments()
        #expect(snapshot.documents.map(\.documentID) == ["a", "b", "c"])
        #expect(snapshot.documents.map { $0.data()["id"] as? String } == ["a", "b", "c"])
    }

    @Test func valueTypesRoundTripThroughTheAPI() async throws {
        let t = try TestFirestore()
        let target = t.db.document("users/bob")
        let date = Date(timeIntervalSince1970: 1_700_000_000.123456)
        try await t.db.document("c/d").setData([
            "null": NSNull(), "bool": true, "int": Int64.max, "double": 1.5, "string": "héllo",
            "bytes": Data([0, 1, 255]), "date": date, "timestamp": try Timestamp(seconds: 5, nanoseconds: 6_000),
            "geo": try GeoPoint(latitude: 40.4, longitude: -3.7), "ref": target, "nested": ["list": [1, "x", ["k": false]]],
        ])
        let data = try #require(try await t.db.document("c/d").getDocument().data())
        #expect(data["null"] is NSNull)
        #expect(data["bool"] as? Bool == true)
        #expect(data["int"] as? Int == Int.max)
        #expect(data["double"] as? Double == 1.5)
        #expect(data["string"] as? String == "héllo")
        #expect(data["bytes"] as? Data == Data([0, 1, 255]))
        #expect((data["date"] as? Timestamp)?.dateValue().timeIntervalSince1970 ?? 0 > 1_700_000_000.12)
        #expect(data["timestamp"] as? Timestamp == (try Timestamp(seconds: 5, nanoseconds: 6_000)))
        #expect(data["geo"] as? GeoPoint == (try GeoPoint(latitude: 40.4, longitude: -3.7)))
        #expect((data["ref"] as? DocumentReference) == target)
        let list = try #require((data["nested"] as? [String: Any])?["list"] as? [Any])
        #expect(list.count == 3)
        #expect((list[2] as? [String: Bool]) == ["k": false])
    }

    @Test func independentInstancesShareTheDataDirectory() async throws {
        let t = try TestFirestore()
        let second = try Firestore(directory: t.directory, projectID: "test-project")
        try await t.db.document("c/d").setData(["v": 1])
        #expect(try await second.document("c/d").getDocument().get("v") as? Int == 1)
        second.close()
        #expect(try await t.db.document("c/d").getDocument().exists, "closing one instance leaves the others working")
        let named = try t.db.database(database: "second-db")
        #expect(try await !named.document("c/d").getDocument().exists, "databases are separate")
        named.close()
    }

    @Test("a second instance with other options is refused, not silently given the first one's engine")
    func mismatchedOptionsAreRefused() async throws {
        let t = try TestFirestore()
        let other = EngineOptions(durability: .full, initialMapSize: 64 << 20, requireIndexes: true)
        let error = try #require(throws: FirestoreError.self) {
            try Firestore(directory: t.directory, projectID: "test-project", options: other)
        }
        #expect(error.code == .failedPrecondition)
        #expect(error.message.contains("already open in this process with different options (durability, requireIndexes)"))
        // The same options as the open engine, or none at all, join it.
        let joined = try Firestore(directory: t.directory, projectID: "test-project")
        try await joined.document("c/d").setData(["v": 2])
        #expect(try await t.db.document("c/d").getDocument().get("v") as? Int == 2)
        joined.close()
    }
}

@Suite("Queries before issue 4: whole collections and collection groups")
struct CollectionGroupTests {
    @Test func collectionGroupReadsEveryCollectionWithTheIDInPathOrder() async throws {
        let t = try TestFirestore()
        try await t.db.document("Chats/bob/alice/m2").setData(["text": "2"])
        try await t.db.document("Chats/alice/bob/m1").setData(["text": "1"])
        try await t.db.document("bob/top").setData(["text": "top"])
        try await t.db.document("Chats/alice/carol/m3").setData(["text": "3"])
        let snapshot = try await t.db.collectionGroup("bob").getDocuments()
        #expect(snapshot.documents.map(\.reference.path) == ["Chats/alice/bob/m1", "bob/top"])
        let alice = try await t.db.collectionGroup("alice").getDocuments()
        #expect(alice.documents.map(\.reference.path) == ["Chats/bob/alice/m2"])
        #expect(try await t.db.collectionGroup("nobody").getDocuments().isEmpty)
        await expectFirestoreError(.invalidArgument) { _ = try await t.db.collectionGroup("a/b").getDocuments() }
    }

    @Test func aCollectionReferenceIsAQuery() async throws {
        let t = try TestFirestore()
        try await t.db.document("rooms/r1").setData(["n": 1])
        let query: Query = t.db.collection("rooms")
        #expect(try await query.getDocuments().documents.map(\.documentID) == ["r1"])
    }
}
