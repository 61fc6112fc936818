import Foundation
import Hearth
import HearthTesting
import Testing
import WorkNow

/// `chats/{chatId}` and its messages: the id follows the original's rule; the two participants are
/// the client and the accepted worker (or the hired professional) of the named request, or — with
/// no request (CU009) — anyone and a professional; only they read and write.
@Suite("Rules matrix: chats and messages")
final class ChatsRulesTests: RulesSuite {
    static let messages = "chats/\(RulesFixture.chatID)/messages"

    @Test func getAndListChats() async throws {
        try await rules.expect(allowed: [rules.alice, rules.bobby], denied: [rules.carol, rules.anonymous]) {
            try await $0.document("chats/\(RulesFixture.chatID)").getDocument()
        }
        try await rules.expect(allowed: [rules.bobby], denied: [rules.carol]) {
            try await $0.collection("chats").whereField("participants", arrayContains: "bobby").getDocuments()
        }
    }

    @Test func createChat() async throws {
        let pair: [String: Any] = ["participants": ["alice", "carol"], "requestId": "req-carol"]
        // (who, which chat id, what): ids off the rule, participants unsorted, another pair's
        // request, an open request, an outsider, no sign-in.
        let refused: [(Firestore, String, [String: Any])] = [
            (rules.carol, "aliceATcarol", pair), (rules.carol, "carolCTaliceAT", pair),
            (rules.carol, "aliceATcarolCT", ["participants": ["carol", "alice"], "requestId": "req-carol"]),
            (rules.carol, "aliceATcarolCT", ["participants": ["alice", "carol"], "requestId": "req-accepted"]),
            (rules.diego, "aliceATdiegoDT", ["participants": ["alice", "diego"], "requestId": "req-open"]),
            (rules.diego, "aliceATcarolCT", pair), (rules.anonymous, "aliceATcarolCT", pair),
        ]
        try await rules.expectRefused(refused) { user, id, data in try await user.document("chats/\(id)").setData(data) }
        try await assertSucceeds { try await rules.carol.document("chats/aliceATcarolCT").setData(pair) }
    }

    @Test func createAContactWithAProfessionalAndNoRequest() async throws {
        let contact: [String: Any] = ["participants": ["diego", "fermin"], "requestId": NSNull()]
        // fermin offers no trade: nobody starts a contact with him, but he contacts professionals.
        let refused: [(Firestore, String, [String: Any])] = [
            (rules.diego, "diegoDTfermiFT", contact), (rules.fermin, "diegoDTfermiFT", ["participants": ["diego", "fermin"]]),
            (rules.carol, "diegoDTfermiFT", contact), (rules.fermin, "fermiFTdiegoDT", contact),
        ]
        try await rules.expectRefused(refused) { user, id, data in try await user.document("chats/\(id)").setData(data) }
        try await assertSucceeds { try await rules.fermin.document("chats/diegoDTfermiFT").setData(contact) }
        // Between two professionals either may start it.
        try await assertSucceeds {
            try await rules.diego.document("chats/carolCTdiegoDT").setData([
                "participants": ["carol", "diego"], "requestId": NSNull(),
            ])
        }
    }

    @Test func createAChatAboutADirectHireBeforeAnyOffer() async throws {
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
        let chat = "chats/\(RulesFixture.chatID)"
        try await assertFails { try await rules.alice.document(chat).updateData(["participants": ["alice", "carol"]]) }
        try await assertFails { try await rules.carol.document(chat).updateData(["requestId": "req-carol"]) }
        try await rules.expect(denied: [rules.alice, rules.anonymous]) { try await $0.document(chat).delete() }
    }

    @Test func readMessages() async throws {
        try await assertSucceeds { try await rules.alice.document("\(Self.messages)/m1").getDocument() }
        let window = try await assertSucceeds {
            try await rules.alice.collection(Self.messages).order(by: "sentAt").limit(toLast: 25).getDocuments()
        }
        #expect(window.count == 1)
        try await assertFails { try await rules.carol.document("\(Self.messages)/m1").getDocument() }
        try await rules.expect(denied: [rules.carol, rules.anonymous]) { try await $0.collection(Self.messages).getDocuments() }
    }

    @Test func writeMessages() async throws {
        let now = FieldValue.serverTimestamp()
        try await assertSucceeds {
            try await rules.alice.document("\(Self.messages)/m2").setData(
                RulesFixture.message(from: "alice", time: now))
        }
        // The name Bobby reads is Alice's own profile name, never one she picks.
        var impostor = RulesFixture.message(from: "alice", time: now)
        impostor["senderName"] = "Bobby"
        // (who, which message, what): another's name, blank text, an impostor's name, the client's
        // clock, an outsider, no sign-in.
        let refused: [(Firestore, String, [String: Any])] = [
            (rules.alice, "m3", RulesFixture.message(from: "bobby", time: now)),
            (rules.alice, "m4", RulesFixture.message(from: "alice", text: "  ", time: now)), (rules.alice, "m7", impostor),
            (rules.alice, "m5", RulesFixture.message(from: "alice", time: Timestamp())),
            (rules.carol, "m6", RulesFixture.message(from: "carol", time: now)),
            (rules.anonymous, "m7", RulesFixture.message(from: "alice", time: now)),
        ]
        try await rules.expectRefused(refused) { user, id, data in
            try await user.document("\(Self.messages)/\(id)").setData(data)
        }
        try await assertFails { try await rules.bobby.document("\(Self.messages)/m1").updateData(["text": "Editado"]) }
        try await rules.expect(denied: [rules.alice, rules.bobby]) { try await $0.document("\(Self.messages)/m1").delete() }
    }
}
