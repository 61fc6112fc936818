import Hearth
import HearthTesting
import Medspace
import Testing

/// `Keywords/{uid}/items` and `Notifications/{uid}/items`: private to their owner; keywords are
/// create-only (so a duplicate cannot overwrite), notifications are written only by the backend.
@Suite("Rules matrix: Keywords and Notifications")
final class PrivateRulesTests: RulesSuite {
    @Test func onlyTheOwnerReads() async throws {
        for path in ["Keywords/alice/items/sepsis", "Notifications/alice/items/Cases_case-alice"] {
            let collection = String(path.split(separator: "/").dropLast().joined(separator: "/"))
            try await assertSucceeds { try await rules.alice.document(path).getDocument() }
            try await assertSucceeds { try await rules.alice.collection(collection).getDocuments() }
            for principal in [Principal.bob, .admin, .anonymous] {
                try await assertFails { try await rules.handle(principal).document(path).getDocument() }
                try await assertFails { try await rules.handle(principal).collection(collection).getDocuments() }
            }
        }
    }

    @Test func keywordsAreCreatedByTheirOwnerAndNeverUpdated() async throws {
        try await assertSucceeds {
            try await rules.alice.document("Keywords/alice/items/heart failure").setData(RulesFixture.keyword("Heart failure"))
        }
        for principal in [Principal.bob, .admin, .anonymous] {
            try await assertFails {
                try await rules.handle(principal).document("Keywords/alice/items/stroke").setData(RulesFixture.keyword("Stroke"))
            }
        }
        try await assertFails {
            try await rules.alice.document("Keywords/alice/items/sepsis").setData(RulesFixture.keyword("SEPSIS"))
        }
        try await assertFails {
            try await rules.alice.document("Keywords/alice/items/sepsis").updateData(["keyword": "sepsis"])
        }
        try await assertFails {
            try await rules.alice.document("Keywords/alice/items/other").setData(RulesFixture.keyword("Stroke"))
        }
        for principal in [Principal.bob, .admin, .anonymous] {
            try await assertFails { try await rules.handle(principal).document("Keywords/alice/items/sepsis").delete() }
        }
        try await assertSucceeds { try await rules.alice.document("Keywords/alice/items/sepsis").delete() }
    }

    @Test func notificationsAreWrittenOnlyByTheBackend() async throws {
        let notification: [String: Any] = [
            "post": "Cases/x", "type": "Cases", "title": "Spam", "keyword": "sepsis",
            "date": FieldValue.serverTimestamp(),
        ]
        for principal in Principal.allCases {
            try await assertFails {
                try await rules.handle(principal).document("Notifications/alice/items/Cases_x").setData(notification)
            }
            try await assertFails {
                try await rules.handle(principal).document("Notifications/alice/items/Cases_case-alice")
                    .updateData(["title": "Changed"])
            }
        }
        for principal in [Principal.bob, .admin, .anonymous] {
            try await assertFails {
                try await rules.handle(principal).document("Notifications/alice/items/Cases_case-alice").delete()
            }
        }
        try await assertSucceeds { try await rules.alice.document("Notifications/alice/items/Cases_case-alice").delete() }
    }

    @Test func pathsOutsideTheModelAreDenied() async throws {
        try await assertFails { try await rules.alice.document("accounts/alice@ulpgc.es").getDocument() }
        try await assertFails { try await rules.alice.document("Other/x").setData(["a": 1]) }
        try await assertFails { try await rules.admin.collectionGroup("items").getDocuments() }
    }
}
