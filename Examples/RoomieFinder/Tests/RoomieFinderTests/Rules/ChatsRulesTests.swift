import Hearth
import HearthTesting
import RoomieFinder
import Testing

/// `Chats/{a}/{b}/{m}`: only `a` reads; messages are created by their sender between the two
/// users the path names, non-empty, at the server's time; never updated or deleted.
@Suite("Rules matrix: Chats")
struct ChatsRulesTests {
    @Test func get() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds { try await rules.alice.document("Chats/alice/bob/m1").getDocument() }
        try await assertSucceeds { try await rules.bob.document("Chats/bob/alice/m1").getDocument() }
        try await assertFails { try await rules.bob.document("Chats/alice/bob/m1").getDocument() }
        try await assertFails { try await rules.carol.document("Chats/alice/bob/m1").getDocument() }
    }

    @Test func list() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let conversation = try await assertSucceeds {
            try await rules.alice.collection("Chats/alice/bob").order(by: "timestamp").getDocuments()
        }
        #expect(conversation.count == 1)
        try await assertFails { try await rules.carol.collection("Chats/alice/bob").getDocuments() }
        try await assertFails { try await rules.anonymous.collection("Chats/alice/bob").getDocuments() }
    }

    @Test func create() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let now = FieldValue.serverTimestamp()
        try await assertSucceeds {
            try await rules.bob.document("Chats/bob/alice/m2").setData(
                RulesFixture.message(from: "bob", to: "alice", time: now))
        }
        try await assertSucceeds {
            try await rules.bob.document("Chats/alice/bob/m2").setData(
                RulesFixture.message(from: "bob", to: "alice", time: now))
        }
        try await assertFails {
            try await rules.bob.document("Chats/alice/bob/m3").setData(
                RulesFixture.message(from: "alice", to: "bob", time: now))
        }
        try await assertFails {
            try await rules.bob.document("Chats/carol/alice/m3").setData(
                RulesFixture.message(from: "bob", to: "alice", time: now))
        }
        try await assertFails {
            try await rules.bob.document("Chats/bob/bob/m3").setData(
                RulesFixture.message(from: "bob", to: "bob", time: now))
        }
        try await assertFails {
            try await rules.bob.document("Chats/bob/alice/m3").setData(
                RulesFixture.message(from: "bob", to: "alice", text: "", time: now))
        }
        try await assertFails {
            try await rules.bob.document("Chats/bob/alice/m3").setData(
                RulesFixture.message(from: "bob", to: "alice", time: Timestamp()))
        }
    }

    @Test func updateAndDeleteAreNeverAllowed() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertFails { try await rules.alice.document("Chats/alice/bob/m1").updateData(["text": "editado"]) }
        try await assertFails {
            try await rules.alice.document("Chats/alice/bob/m1").setData(
                RulesFixture.message(from: "alice", to: "bob", time: FieldValue.serverTimestamp()))
        }
        try await assertFails { try await rules.alice.document("Chats/alice/bob/m1").delete() }
        try await assertFails { try await rules.bob.document("Chats/bob/alice/m1").delete() }
    }
}
