import Hearth
import HearthTesting
import RoomieFinder
import Testing

/// `recent_messages/{a}/messages/{b}`: only `a` reads (and may delete); `a` or `b` writes, as the
/// sender, with ids that match the path.
@Suite("Rules matrix: recent_messages")
final class RecentMessagesRulesTests: RulesSuite {
    @Test func get() async throws {
        try await assertSucceeds { try await rules.bob.document("recent_messages/bob/messages/alice").getDocument() }
        try await assertFails { try await rules.alice.document("recent_messages/bob/messages/alice").getDocument() }
    }

    @Test func list() async throws {
        try await assertSucceeds {
            try await rules.bob.collection("recent_messages/bob/messages").order(by: "timestamp", descending: true)
                .getDocuments()
        }
        try await assertFails { try await rules.alice.collection("recent_messages/bob/messages").getDocuments() }
    }

    /// An entry Carol writes at `recent_messages/<owner>/messages/<partner>`, from `from` to
    /// `to`, showing `shown`'s name, with one field changed.
    struct CarolWrites: Sendable, CustomTestStringConvertible {
        let owner: String, partner: String, from: String, to: String, shown: String
        let changed: String?, value: String?, deviceClock: Bool, allowed: Bool
        var testDescription: String {
            "\(owner)/\(partner) \(from)→\(to) as \(shown) \(changed.map { "\($0)=\(value ?? "nil")" } ?? "")"
                + "\(deviceClock ? " device clock" : ""): \(allowed ? "allowed" : "denied")"
        }

        init(_ owner: String, _ partner: String, _ from: String, _ to: String, shows shown: String,
             changing changed: String? = nil, to value: String? = nil, deviceClock: Bool = false, allowed: Bool) {
            (self.owner, self.partner, self.from, self.to, self.shown) = (owner, partner, from, to, shown)
            (self.changed, self.value, self.deviceClock, self.allowed) = (changed, value, deviceClock, allowed)
        }
    }

    /// Carol writes her entry in Alice's list showing her own profile, and hers showing Alice's;
    /// never under another name or picture, another's entry, or with the device's clock.
    @Test(arguments: [
        CarolWrites("alice", "carol", "carol", "alice", shows: "Carol", allowed: true),
        CarolWrites("alice", "bob", "carol", "alice", shows: "Carol", allowed: false),
        CarolWrites("alice", "carol", "bob", "alice", shows: "Bob", allowed: false),
        CarolWrites("alice", "carol", "carol", "alice", shows: "Carol", changing: "nombre", allowed: false),
        CarolWrites("alice", "carol", "carol", "alice", shows: "Bob", allowed: false),
        CarolWrites("alice", "carol", "carol", "alice", shows: "Carol", changing: "profileImage", to: "images/x.jpg", allowed: false),
        CarolWrites("carol", "alice", "carol", "alice", shows: "Alice", allowed: true),
        CarolWrites("carol", "alice", "carol", "alice", shows: "Carol", allowed: false),
        CarolWrites("alice", "carol", "carol", "alice", shows: "Carol", deviceClock: true, allowed: false),
    ])
    func create(_ write: CarolWrites) async throws {
        var entry = RulesFixture.recent(from: write.from, to: write.to, other: write.shown)
        if let field = write.changed { entry[field] = write.value }
        if write.deviceClock { entry["timestamp"] = Timestamp() }
        try await expectRule(write.allowed) {
            try await rules.carol.document("recent_messages/\(write.owner)/messages/\(write.partner)").setData(entry)
        }
    }

    @Test func update() async throws {
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
        try await assertFails { try await rules.alice.document("recent_messages/bob/messages/alice").delete() }
        try await assertSucceeds { try await rules.bob.document("recent_messages/bob/messages/alice").delete() }
    }
}
