import Foundation
import Hearth
import HearthTesting
import Testing
import WorkNow

/// `chats/{chatId}` and its messages: the id follows the original's rule; the two participants are
/// the client and the accepted worker (or the hired professional) of the named request, or — with
/// no request (CU009) — anyone and a professional; only they read and write.
@Suite("Rules matrix: chats and messages")
struct ChatsRulesTests {
    static let messages = "chats/\(RulesFixture.chatID)/messages"

    @Test func getAndListChats() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds { try await rules.alice.document("chats/\(RulesFixture.chatID)").getDocument() }
        try await assertSucceeds { try await rules.bobby.document("chats/\(RulesFixture.chatID)").getDocument() }
        try await assertFails { try await rules.carol.document("chats/\(RulesFixture.chatID)").getDocument() }
        try await assertFails { try await rules.anonymous.document("chats/\(RulesFixture.chatID)").getDocument() }
        try await assertSucceeds {
            try await rules.bobby.collection("chats").whereField("participants", arrayContains: "bobby").getDocuments()
        }
        try await assertFails {
            try await rules.carol.collection("chats").whereField("participants", arrayContains: "bobby").getDocuments()
        }
    }

    @Test func createChat() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let pair: [String: Any] = ["participants": ["alice", "carol"], "requestId": "req-carol"]
        try await assertFails { try await rules.carol.document("chats/aliceATcarol").setData(pair) }
        try await assertFails { try await rules.carol.document("chats/carolCTaliceAT").setData(pair) }
        try await assertFails {
            try await rules.carol.document("chats/aliceATcarolCT").setData([
                "participants": ["carol", "alice"], "requestId": "req-carol",
            ])
        }
        try await assertFails {
            try await rules.carol.document("chats/aliceATcarolCT").setData([
                "participants": ["alice", "carol"], "requestId": "req-accepted",
            ])
        }
        try await assertFails {
            try await rules.diego.document("chats/aliceATdiegoDT").setData([
                "participants": ["alice", "diego"], "requestId": "req-open",
            ])
        }
        try await assertFails { try await rules.diego.document("chats/aliceATcarolCT").setData(pair) }
        try await assertFails { try await rules.anonymous.document("chats/aliceATcarolCT").setData(pair) }
        try await assertSucceeds { try await rules.carol.document("chats/aliceATcarolCT").setData(pair) }
    }

    @Test func createAContactWithAProfessionalAndNoRequest() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let contact: [String: Any] = ["participants": ["diego", "fermin"], "requestId": NSNull()]
        // fermin offers no trade: nobody starts a contact with him, but he contacts professionals.
        try await assertFails { try await rules.diego.document("chats/diegoDTfermiFT").setData(contact) }
        try await assertFails {
            try await rules.fermin.document("chats/diegoDTfermiFT").setData(["participants": ["diego", "fermin"]])
        }
        try await assertFails { try await rules.carol.document("chats/diegoDTfermiFT").setData(contact) }
        try await assertFails { try await rules.fermin.document("chats/fermiFTdiegoDT").setData(contact) }
        try await assertSucceeds { try await rules.fermin.document("chats/diegoDTfermiFT").setData(contact) }
        // Between two professionals either may start it.
        try await assertSucceeds {
            try await rules.diego.document("chats/carolCTdiegoDT").setData([
                "participants": ["carol", "diego"], "requestId": NSNull(),
            ])
        }
    }

    @Test func createAChatAboutADirectHireBeforeAnyOffer() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let hire: [String: Any] = ["participants": ["diego", "fermin"], "requestId": "req-hire-diego"]
        try await assertFails {
            try await rules.carol.document("chats/carolCTfermiFT").setData([
                "participants": ["carol", "fermin"], "requestId": "req-hire-diego",
            ])
        }
        try await rules.env.withSecurityRulesDisabled { admin in
            try await admin.document("requests/req-hire-diego").updateData(["status": "cancelled"])
        }
        try await assertFails { try await rules.diego.document("chats/diegoDTfermiFT").setData(hire) }
        try await rules.env.withSecurityRulesDisabled { admin in
            try await admin.document("requests/req-hire-diego").updateData(["status": "open"])
        }
        try await assertSucceeds { try await rules.diego.document("chats/diegoDTfermiFT").setData(hire) }
    }

    @Test func updateAndDeleteChat() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let chat = "chats/\(RulesFixture.chatID)"
        try await assertFails { try await rules.alice.document(chat).updateData(["participants": ["alice", "carol"]]) }
        try await assertFails { try await rules.carol.document(chat).updateData(["requestId": "req-carol"]) }
        try await assertFails { try await rules.alice.document(chat).delete() }
        try await assertFails { try await rules.anonymous.document(chat).delete() }
    }

    @Test func readMessages() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds { try await rules.alice.document("\(Self.messages)/m1").getDocument() }
        let window = try await assertSucceeds {
            try await rules.alice.collection(Self.messages).order(by: "sentAt").limit(toLast: 25).getDocuments()
        }
        #expect(window.count == 1)
        try await assertFails { try await rules.carol.document("\(Self.messages)/m1").getDocument() }
        try await assertFails { try await rules.carol.collection(Self.messages).getDocuments() }
        try await assertFails { try await rules.anonymous.collection(Self.messages).getDocuments() }
    }

    @Test func writeMessages() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        let now = FieldValue.serverTimestamp()
        try await assertSucceeds {
            try await rules.alice.document("\(Self.messages)/m2").setData(
                RulesFixture.message(from: "alice", time: now))
        }
        try await assertFails {
            try await rules.alice.document("\(Self.messages)/m3").setData(
                RulesFixture.message(from: "bobby", time: now))
        }
        try await assertFails {
            try await rules.alice.document("\(Self.messages)/m4").setData(
                RulesFixture.message(from: "alice", text: "  ", time: now))
        }
        // The name Bobby reads is Alice's own profile name, never one she picks.
        var impostor = RulesFixture.message(from: "alice", time: now)
        impostor["senderName"] = "Bobby"
        try await assertFails { try await rules.alice.document("\(Self.messages)/m7").setData(impostor) }
        try await assertFails {
            try await rules.alice.document("\(Self.messages)/m5").setData(
                RulesFixture.message(from: "alice", time: Timestamp()))
        }
        try await assertFails {
            try await rules.carol.document("\(Self.messages)/m6").setData(
                RulesFixture.message(from: "carol", time: now))
        }
        try await assertFails {
            try await rules.anonymous.document("\(Self.messages)/m7").setData(
                RulesFixture.message(from: "alice", time: now))
        }
        try await assertFails { try await rules.bobby.document("\(Self.messages)/m1").updateData(["text": "Editado"]) }
        try await assertFails { try await rules.alice.document("\(Self.messages)/m1").delete() }
        try await assertFails { try await rules.bobby.document("\(Self.messages)/m1").delete() }
    }
}
