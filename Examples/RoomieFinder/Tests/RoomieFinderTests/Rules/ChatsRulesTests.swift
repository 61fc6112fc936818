import Hearth
import HearthTesting
import RoomieFinder
import Testing

/// `Chats/{a}/{b}/{m}`: only `a` reads; messages are created by their sender between the two
/// users the path names, non-empty, at the server's time; never updated or deleted.
@Suite("Rules matrix: Chats")
final class ChatsRulesTests: RulesSuite {
    @Test func get() async throws {
        try await assertSucceeds { try await rules.alice.document("Chats/alice/bob/m1").getDocument() }
        try await assertSucceeds { try await rules.bob.document("Chats/bob/alice/m1").getDocument() }
        try await assertFails { try await rules.bob.document("Chats/alice/bob/m1").getDocument() }
        try await assertFails { try await rules.carol.document("Chats/alice/bob/m1").getDocument() }
    }

    @Test func list() async throws {
        let conversation = try await assertSucceeds {
            try await rules.alice.collection("Chats/alice/bob").order(by: "timestamp").getDocuments()
        }
        #expect(conversation.count == 1)
        try await assertFails { try await rules.carol.collection("Chats/alice/bob").getDocuments() }
        try await assertFails { try await rules.anonymous.collection("Chats/alice/bob").getDocuments() }
    }

    /// A message Bob writes at `path`, saying it goes `from` → `to`.
    struct BobWrites: Sendable, CustomTestStringConvertible {
        let path: String, from: String, to: String, text: String, serverTime: Bool, allowed: Bool
        var testDescription: String { "\(path) \(from)→\(to) \"\(text)\" serverTime=\(serverTime): \(allowed ? "allowed" : "denied")" }

        init(_ path: String, _ from: String, _ to: String, text: String = "Hola", serverTime: Bool = true, allowed: Bool) {
            (self.path, self.from, self.to, self.text, self.serverTime, self.allowed) = (path, from, to, text, serverTime, allowed)
        }
    }

    /// Only the sender creates, in either copy of the conversation the path's two users share,
    /// non-empty, at the server's time.
    @Test(arguments: [
        BobWrites("Chats/bob/alice/m2", "bob", "alice", allowed: true),
        BobWrites("Chats/alice/bob/m2", "bob", "alice", allowed: true),
        BobWrites("Chats/alice/bob/m3", "alice", "bob", allowed: false),
        BobWrites("Chats/carol/alice/m3", "bob", "alice", allowed: false),
        BobWrites("Chats/bob/bob/m3", "bob", "bob", allowed: false),
        BobWrites("Chats/bob/alice/m3", "bob", "alice", text: "", allowed: false),
        BobWrites("Chats/bob/alice/m3", "bob", "alice", serverTime: false, allowed: false),
    ])
    func create(_ write: BobWrites) async throws {
        let time: Any = write.serverTime ? FieldValue.serverTimestamp() : Timestamp()
        let message = RulesFixture.message(from: write.from, to: write.to, text: write.text, time: time)
        try await expectRule(write.allowed) { try await rules.bob.document(write.path).setData(message) }
    }

    @Test func updateAndDeleteAreNeverAllowed() async throws {
        try await assertFails { try await rules.alice.document("Chats/alice/bob/m1").updateData(["text": "editado"]) }
        try await assertFails {
            try await rules.alice.document("Chats/alice/bob/m1").setData(
                RulesFixture.message(from: "alice", to: "bob", time: FieldValue.serverTimestamp()))
        }
        try await assertFails { try await rules.alice.document("Chats/alice/bob/m1").delete() }
        try await assertFails { try await rules.bob.document("Chats/bob/alice/m1").delete() }
    }
}
