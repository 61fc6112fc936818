import Foundation
import HearthCore
import Testing

@testable import Hearth

@Suite("Codable through the API: setData(from:), addDocument(from:), data(as:)")
struct CodableAPITests {
    struct Profile: Codable, Equatable {
        @DocumentID var id: String?
        var name: String
        var age: Int
        var tags: [String]
        var manager: DocumentReference?
        @ServerTimestamp var joined: Timestamp?
    }

    @Test("setData(from:) stores the encoded fields; data(as:) reads them back with the id and server time")
    func setAndRead() async throws {
        let scratch = try ScratchFirestore()
        defer { scratch.close() }
        let db = scratch.db
        let before = Timestamp()
        let reference = db.document("people/ada")
        try await reference.setData(
            from: Profile(
                id: "not-written", name: "Ada", age: 36, tags: ["math"], manager: db.document("people/babbage")))

        let snapshot = try await reference.getDocument()
        let stored = try #require(snapshot.data())
        #expect(stored["id"] == nil)
        #expect(stored["name"] as? String == "Ada")
        #expect((stored["joined"] as? Timestamp) != nil)

        let profile = try snapshot.data(as: Profile.self)
        #expect(profile.id == "ada")
        #expect(profile.name == "Ada")
        #expect(profile.age == 36)
        #expect(profile.tags == ["math"])
        #expect(profile.manager?.path == "people/babbage")
        let joined = try #require(profile.joined)
        #expect(joined >= before.truncatedToMicroseconds)
    }

    @Test("setData(from:merge: true) changes only the encoded fields")
    func merge() async throws {
        let scratch = try ScratchFirestore()
        defer { scratch.close() }
        let reference = scratch.db.document("people/grace")
        try await reference.setData(["name": "Grace", "rank": "admiral"])
        try await reference.setData(from: ["name": "Grace Hopper"], merge: true)
        let data = try #require(try await reference.getDocument().data())
        #expect(data["name"] as? String == "Grace Hopper")
        #expect(data["rank"] as? String == "admiral")

        try await reference.setData(from: ["name": "G"])
        let replaced = try #require(try await reference.getDocument().data())
        #expect(replaced["rank"] == nil)
    }

    struct Deleting: Encodable {
        var gone = FieldValue.delete()
    }

    @Test("FieldValue.delete() is only accepted by a merging setData(from:)")
    func deleteSentinel() async throws {
        let scratch = try ScratchFirestore()
        defer { scratch.close() }
        let reference = scratch.db.document("things/t")
        try await reference.setData(["gone": 1, "kept": 2])
        await #expect(throws: FirestoreError.self) { try await reference.setData(from: Deleting()) }
        try await reference.setData(from: Deleting(), merge: true)
        let data = try #require(try await reference.getDocument().data())
        #expect(data["gone"] == nil)
        #expect(data["kept"] as? Int == 2)
    }

    @Test("setData(from:) reports encoding problems as EncodingError and bad paths as FirestoreError")
    func failures() async throws {
        let scratch = try ScratchFirestore()
        defer { scratch.close() }
        await #expect(throws: EncodingError.self) {
            try await scratch.db.document("a/b").setData(from: ["grid": [[1]]])
        }
        await #expect(throws: FirestoreError.self) { try await scratch.db.document("a").setData(from: ["x": 1]) }
        #expect(try await scratch.db.document("a/b").getDocument().exists == false)
    }

    @Test("addDocument(from:) creates a document with a new id")
    func addDocument() async throws {
        let scratch = try ScratchFirestore()
        defer { scratch.close() }
        let reference = try await scratch.db.collection("people").addDocument(
            from: Profile(name: "Alan", age: 41, tags: [], manager: nil))
        #expect(reference.documentID.count == 20)
        let profile = try await reference.getDocument().data(as: Profile.self)
        #expect(profile.id == reference.documentID)
        #expect(profile.name == "Alan")
        #expect(profile.manager == nil)

        await #expect(throws: FirestoreError.self) {
            try await scratch.db.collection("people/alan").addDocument(from: ["x": 1])
        }
    }

    @Test("data(as:) on a missing document is valueNotFound")
    func missingDocument() async throws {
        let scratch = try ScratchFirestore()
        defer { scratch.close() }
        let snapshot = try await scratch.db.document("people/nobody").getDocument()
        let error = #expect(throws: DecodingError.self) { try snapshot.data(as: Profile.self) }
        guard case .valueNotFound(_, let context)? = error else {
            Issue.record("expected valueNotFound, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription.contains("people/nobody"))
    }

    @Test("getDocument(as:) reads and decodes; a missing document is nil as an optional and valueNotFound otherwise")
    func getDocumentAs() async throws {
        let scratch = try ScratchFirestore()
        defer { scratch.close() }
        let db = scratch.db
        try await db.document("people/ada").setData(["name": "Ada", "age": 36, "tags": ["math", "engines"]])

        let ada = try await db.document("people/ada").getDocument(as: Profile.self)
        #expect(ada.id == "ada")
        #expect(ada.name == "Ada")
        #expect(ada.tags == ["math", "engines"])

        let nobody = try await db.document("people/nobody").getDocument(as: Profile?.self)
        #expect(nobody == nil)
        await #expect(throws: DecodingError.self) { try await db.document("people/nobody").getDocument(as: Profile.self) }
        // A document whose fields do not fit the type is a decoding error, not a crash.
        try await db.document("people/odd").setData(["name": 7, "age": "old", "tags": []])
        await #expect(throws: DecodingError.self) { try await db.document("people/odd").getDocument(as: Profile.self) }
    }

    @Test("getDocuments(as:) decodes every document in query order and fails on the first that does not fit")
    func getDocumentsAs() async throws {
        let scratch = try ScratchFirestore()
        defer { scratch.close() }
        let people = scratch.db.collection("people")
        for (id, age) in [("c", 30), ("a", 50), ("b", 40)] {
            try await people.document(id).setData(["name": id.uppercased(), "age": age, "tags": [String]()])
        }
        let byAge = try await people.order(by: "age", descending: true).getDocuments(as: Profile.self)
        #expect(byAge.map(\.id) == ["a", "b", "c"])
        #expect(byAge.map(\.age) == [50, 40, 30])
        let none = try await people.whereField("age", isGreaterThan: 99).getDocuments(as: Profile.self)
        #expect(none.isEmpty)

        try await people.document("d").setData(["name": "D", "age": "unknown", "tags": [String]()])
        await #expect(throws: DecodingError.self) { try await people.getDocuments(as: Profile.self) }
    }
}
