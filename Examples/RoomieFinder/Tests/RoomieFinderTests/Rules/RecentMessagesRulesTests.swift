import Hearth
import HearthTesting
import RoomieFinder
import Testing

/// `recent_messages/{a}/messages/{b}`: only `a` reads (and may delete); `a` or `b` writes, as the
/// sender, with ids that match the path.
@Suite("Rules matrix: recent_messages")
struct RecentMessagesRulesTests {
    @Test func get() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds { try await rules.bob.document("recent_messages/bob/messages/alice").getDocument() }
        try await assertFails { try await rules.alice.document("recent_messages/bob/messages/alice").getDocument() }
    }

    @Test func list() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds {
            try await rules.bob.collection("recent_messages/bob/messages").order(by: "timestamp", descending: true)
                .getDocuments()
        }
        try await assertFails { try await rules.alice.collection("recent_messages/bob/messages").getDocuments() }
    }

    @Test func create() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds {
            try await rules.carol.document("recent_messages/alice/messages/carol").setData(
                RulesFixture.recent(from: "carol", to: "alice", other: "Carol"))
        }
        try await assertFails {
            try await rules.carol.document("recent_messages/alice/messages/bob").setData(
                RulesFixture.recent(from: "carol", to: "alice", other: "Carol"))
        }
        try await assertFails {
            try await rules.carol.document("recent_messages/alice/messages/carol").setData(
                RulesFixture.recent(from: "bob", to: "alice", other: "Bob"))
        }
        var unnamed = RulesFixture.recent(from: "carol", to: "alice", other: "Carol")
        unnamed["nombre"] = nil
        try await assertFails {
            try await rules.carol.document("recent_messages/alice/messages/carol").setData(unnamed)
        }
        // Carol cannot appear in Alice's list under another name or picture.
        try await assertFails {
            try await rules.carol.document("recent_messages/alice/messages/carol").setData(
                RulesFixture.recent(from: "carol", to: "alice", other: "Bob"))
        }
        var otherPicture = RulesFixture.recent(from: "carol", to: "alice", other: "Carol")
        otherPicture["profileImage"] = "images/someone-else.jpg"
        try await assertFails {
            try await rules.carol.document("recent_messages/alice/messages/carol").setData(otherPicture)
        }
        // Her own entry shows the partner's profile, not hers.
        try await assertSucceeds {
            try await rules.carol.document("recent_messages/carol/messages/alice").setData(
                RulesFixture.recent(from: "carol", to: "alice", other: "Alice"))
        }
        try await assertFails {
            try await rules.carol.document("recent_messages/carol/messages/alice").setData(
                RulesFixture.recent(from: "carol", to: "alice", other: "Carol"))
        }
        var deviceClock = RulesFixture.recent(from: "carol", to: "alice", other: "Carol")
        deviceClock["timestamp"] = Timestamp()
        try await assertFails {
            try await rules.carol.document("recent_messages/alice/messages/carol").setData(deviceClock)
        }
    }

    @Test func update() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertSucceeds {
            try await rules.bob.document("recent_messages/alice/messages/bob").setData(
                RulesFixture.recent(from: "bob", to: "alice", other: "Bob", text: "¿Quedamos?"))
        }
        try await assertFails {
            try await rules.carol.document("recent_messages/alice/messages/bob").setData(
                RulesFixture.recent(from: "carol", to: "alice", other: "Carol"))
        }
        try await assertFails {
            try await rules.bob.document("recent_messages/alice/messages/bob").updateData(["text": ""])
        }
    }

    @Test func delete() async throws {
        let rules = try await RulesFixture()
        defer { rules.cleanup() }
        try await assertFails { try await rules.alice.document("recent_messages/bob/messages/alice").delete() }
        try await assertSucceeds { try await rules.bob.document("recent_messages/bob/messages/alice").delete() }
    }
}
