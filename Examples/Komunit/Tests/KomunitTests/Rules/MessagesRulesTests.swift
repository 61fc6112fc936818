import Hearth
import HearthTesting
import Testing

/// `groups/{groupId}/messages/{id}`: members only (`MemberReadsRulesTests`); the sender is
/// the caller; a read receipt adds exactly the reader.
@Suite("Rules matrix: messages")
final class MessagesRulesTests: RulesSuite {
    /// A message by `sender` with the group's lastMessageAt in one batch.
    static func send(_ db: Firestore, sender: String, readBy: [String]? = nil) -> WriteBatch {
        let batch = db.batch()
        batch.setData(
            ["senderId": sender, "content": "Hola", "sentAt": FieldValue.serverTimestamp(), "readBy": readBy ?? [sender]],
            forDocument: db.document("groups/g1/messages/m2"))
        batch.updateData(["lastMessageAt": FieldValue.serverTimestamp()], forDocument: db.document("groups/g1"))
        return batch
    }

    @Test func create() async throws {
        try await assertFails { try await Self.send(rules.carol, sender: "carol").commit() }
        try await assertFails { try await Self.send(rules.anonymous, sender: "carol").commit() }
        try await assertFails { try await Self.send(rules.bobUnconfirmed, sender: "bob").commit() }  // RNF0
        try await assertFails { try await Self.send(rules.bob, sender: "alice").commit() }  // forged sender
        try await assertFails { try await Self.send(rules.bob, sender: "bob", readBy: ["bob", "alice"]).commit() }
        try await assertFails {  // without stamping the group
            try await rules.bob.document("groups/g1/messages/m2").setData([
                "senderId": "bob", "content": "Hola", "sentAt": FieldValue.serverTimestamp(), "readBy": ["bob"],
            ])
        }
        try await assertSucceeds { try await Self.send(rules.bob, sender: "bob").commit() }
    }

    @Test func update() async throws {
        let message = "groups/g1/messages/m1"
        try await assertFails { try await rules.bob.document(message).updateData(["readBy": FieldValue.arrayUnion(["carol"])]) }
        try await assertFails { try await rules.bob.document(message).updateData(["readBy": ["bob"]]) }  // drops alice
        try await assertFails { try await rules.bob.document(message).updateData(["content": "Adiós"]) }
        try await assertFails { try await rules.carol.document(message).updateData(["readBy": FieldValue.arrayUnion(["carol"])]) }
        try await assertFails { try await rules.anonymous.document(message).updateData(["readBy": []]) }
        try await assertSucceeds { try await rules.bob.document(message).updateData(["readBy": FieldValue.arrayUnion(["bob"])]) }
        try await assertSucceeds { try await rules.alice.document(message).updateData(["readBy": FieldValue.arrayUnion(["alice"])]) }
    }

    @Test func delete() async throws {
        try await rules.expect(denied: rules.everyone) { try await $0.document("groups/g1/messages/m1").delete() }
    }
}
