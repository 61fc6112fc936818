import Hearth
import HearthTesting
import Medspace
import Testing

/// `{Kind}/{postId}/Comments/{id}`: signed-in users read and comment as themselves on a post that
/// exists; the comment's author edits the message only; the comment's author or the post's author deletes.
@Suite("Rules matrix: Comments")
final class CommentsRulesTests: RulesSuite {
    let path = "Cases/Cases-alice/Comments/c-bob"

    @Test func getAndList() async throws {
        for principal in [Principal.alice, .bob, .admin] {
            let db = rules.handle(principal)
            try await assertSucceeds { try await db.document(path).getDocument() }
            try await assertSucceeds { try await db.collection("Cases/Cases-alice/Comments").getDocuments() }
            let mine = try await assertSucceeds {
                try await db.collectionGroup("Comments").whereField("user", isEqualTo: "bob").getDocuments()
            }
            #expect(mine.count == 1)
        }
        try await assertFails { try await rules.anonymous.document(path).getDocument() }
        try await assertFails { try await rules.anonymous.collection("Cases/Cases-alice/Comments").getDocuments() }
        try await assertFails { try await rules.anonymous.collectionGroup("Comments").getDocuments() }
    }

    @Test func create() async throws {
        let now = FieldValue.serverTimestamp()
        for principal in [Principal.alice, .bob, .admin] {
            try await assertSucceeds {
                try await rules.handle(principal).document("Cases/Cases-alice/Comments/new-\(principal)")
                    .setData(RulesFixture.comment(by: principal.rawValue, date: now))
            }
        }
        let comments = rules.bob.collection("Cases/Cases-alice/Comments")
        try await assertFails {
            try await rules.anonymous.document("Cases/Cases-alice/Comments/anon").setData(
                RulesFixture.comment(by: "bob", date: now))
        }
        try await assertFails { try await comments.document("forged").setData(RulesFixture.comment(by: "alice", date: now)) }
        try await assertFails { try await comments.document("clock").setData(RulesFixture.comment(by: "bob", date: Timestamp())) }
        try await assertFails {
            try await comments.document("long").setData(
                RulesFixture.comment(by: "bob", date: now, message: String(repeating: "a", count: 201)))
        }
        try await assertFails {
            try await comments.document("empty").setData(RulesFixture.comment(by: "bob", date: now, message: " "))
        }
        try await assertFails {
            try await rules.bob.document("Cases/missing/Comments/x").setData(RulesFixture.comment(by: "bob", date: now))
        }
        try await assertFails {
            try await rules.bob.document("Users/alice/Comments/x").setData(RulesFixture.comment(by: "bob", date: now))
        }
    }

    @Test func update() async throws {
        try await assertFails { try await rules.alice.document(path).updateData(["message": "Edited by the post's author"]) }
        try await assertFails { try await rules.admin.document(path).updateData(["message": "Edited by admin"]) }
        try await assertFails { try await rules.anonymous.document(path).updateData(["message": "Edited"]) }
        try await assertFails { try await rules.bob.document(path).updateData(["user": "alice"]) }
        try await assertFails { try await rules.bob.document(path).updateData(["message": ""]) }
        try await assertSucceeds { try await rules.bob.document(path).updateData(["message": "Edited by its author"]) }
    }

    @Test func delete() async throws {
        try await rules.env.withSecurityRulesDisabled { db in
            try await db.document("Cases/Cases-alice/Comments/c-bob-2").setData(
                RulesFixture.comment(by: "bob", date: FieldValue.serverTimestamp()))
        }
        try await assertFails { try await rules.admin.document(path).delete() }
        try await assertFails { try await rules.anonymous.document(path).delete() }
        try await assertSucceeds { try await rules.bob.document(path).delete() }
        try await assertSucceeds { try await rules.alice.document("Cases/Cases-alice/Comments/c-bob-2").delete() }
    }
}
