import Foundation
import Synchronization
import Hearth
import HearthTesting
import Testing

/// The rules testing API end to end: rules judged on every kind of request through the Swift API.
@Suite("Rules testing API")
struct RulesTestingAPITests {
    static let rules = """
        rules_version = '2';
        service cloud.firestore {
          match /databases/{database}/documents {
            function signedIn() { return request.auth != null; }
            function owns(data) { return signedIn() && data.owner == request.auth.uid; }
            match /posts/{post} {
              allow get: if resource.data.published == true || owns(resource.data);
              allow list: if owns(resource.data);
              allow create: if owns(request.resource.data)
                && request.resource.data.keys().hasOnly(['owner', 'title', 'published']);
              allow update: if owns(resource.data) && request.resource.data.owner == resource.data.owner;
              allow delete: if owns(resource.data);
            }
            match /profiles/{uid} {
              allow read: if signedIn();
              allow write: if request.auth.uid == uid
                && existsAfter(/databases/$(database)/documents/handles/$(request.resource.data.handle));
            }
            match /handles/{handle} {
              allow read: if true;
              allow create: if getAfter(/databases/$(database)/documents/profiles/$(request.auth.uid)).data.handle == handle;
            }
            match /admin/{doc} { allow read: if request.auth.token.admin == true; }
          }
        }
        """

    @Test func ownershipRulesAcrossReadsQueriesAndWrites() async throws {
        let env = try RulesTestEnvironment(rules: Self.rules)
        defer { env.cleanup() }
        try await env.withSecurityRulesDisabled { db in
            try await db.document("posts/draft").setData(["owner": "alice", "title": "Draft", "published": false])
            try await db.document("posts/public").setData(["owner": "bob", "title": "Hi", "published": true])
        }
        let alice = try env.authenticatedContext("alice")
        let bob = try env.authenticatedContext("bob")
        let anonymous = env.unauthenticatedContext()

        try await assertSucceeds { try await alice.document("posts/draft").getDocument() }
        try await assertFails { try await bob.document("posts/draft").getDocument() }
        try await assertSucceeds { try await anonymous.document("posts/public").getDocument() }
        let denial = try await assertFails { try await anonymous.document("posts/draft").getDocument() }
        #expect(denial.message.hasPrefix("Missing or insufficient permissions.\n"))

        // Rules are not filters: a list must prove ownership from its constraints.
        let mine = try await assertSucceeds {
            try await alice.collection("posts").whereField("owner", isEqualTo: "alice").getDocuments()
        }
        #expect(mine.documents.map(\.documentID) == ["draft"])
        try await assertFails { try await alice.collection("posts").getDocuments() }
        try await assertFails { try await alice.collection("posts").whereField("owner", isEqualTo: "bob").getDocuments() }
        try await assertFails { try await alice.collection("posts").count.getAggregation(source: .server) }

        try await assertSucceeds {
            try await alice.document("posts/new").setData(["owner": "alice", "title": "New", "published": false])
        }
        try await assertFails { try await alice.document("posts/forged").setData(["owner": "bob", "title": "x"]) }
        try await assertFails { try await alice.document("posts/extra").setData(["owner": "alice", "title": "x", "rank": 1]) }
        try await assertFails { try await alice.document("posts/draft").updateData(["owner": "bob"]) }
        try await assertSucceeds { try await alice.document("posts/draft").updateData(["title": "Renamed"]) }
        try await assertFails { try await bob.document("posts/draft").delete() }
        try await assertSucceeds { try await alice.document("posts/new").delete() }
    }

    @Test func batchesAreAllOrNothingAndSeeEachOthersWrites() async throws {
        let env = try RulesTestEnvironment(rules: Self.rules)
        defer { env.cleanup() }
        let alice = try env.authenticatedContext("alice")
        // The profile needs its handle to exist after the commit, the handle needs the profile.
        try await assertFails { try await alice.document("profiles/alice").setData(["handle": "al"]) }
        let batch = alice.batch()
        batch.setData(["handle": "al"], forDocument: alice.document("profiles/alice"))
        batch.setData(["taken": true], forDocument: alice.document("handles/al"))
        try await assertSucceeds { try await batch.commit() }

        let denied = alice.batch()
        denied.setData(["owner": "alice", "title": "ok"], forDocument: alice.document("posts/ok"))
        denied.setData(["owner": "bob", "title": "forged"], forDocument: alice.document("posts/forged"))
        try await assertFails { try await denied.commit() }
        let written = try await env.withSecurityRulesDisabled { db in try await db.document("posts/ok").getDocument() }
        #expect(!written.exists)
    }

    @Test func transactionsListenersClaimsAndCoverage() async throws {
        let env = try RulesTestEnvironment(rules: Self.rules)
        defer { env.cleanup() }
        try await env.withSecurityRulesDisabled { db in
            try await db.document("admin/stats").setData(["users": 2])
            try await db.document("posts/p").setData(["owner": "alice", "title": "T", "published": false])
        }
        let root = try env.authenticatedContext("root", claims: ["admin": true])
        let alice = try env.authenticatedContext("alice")
        try await assertSucceeds { try await root.document("admin/stats").getDocument() }
        try await assertFails { try await alice.document("admin/stats").getDocument() }

        try await assertFails {
            try await alice.runTransaction { transaction -> Void in
                _ = try transaction.getDocument(alice.document("admin/stats"))
            }
        }
        try await assertSucceeds {
            try await alice.runTransaction { transaction -> Void in
                _ = try transaction.getDocument(alice.document("posts/p"))
                transaction.updateData(["title": "T2"], forDocument: alice.document("posts/p"))
            }
        }

        // A listener the rules refuse reports the denial instead of data.
        let resumed = Mutex(false)
        let denied = await withCheckedContinuation { (continuation: CheckedContinuation<FirestoreError?, Never>) in
            let registration = alice.collection("posts").addSnapshotListener { _, error in
                guard resumed.withLock({ done in defer { done = true }; return !done }) else { return }
                continuation.resume(returning: error as? FirestoreError)
            }
            _ = registration
        }
        #expect(denied?.code == .permissionDenied)

        let coverage = try #require(env.coverage())
        #expect(coverage.json.contains("\"report\""))
        #expect(coverage.html.contains("<span"))
        try await env.clearFirestore()
        let left = try await env.withSecurityRulesDisabled { db in try await db.collection("posts").getDocuments() }
        #expect(left.isEmpty)
    }

    @Test func syntaxErrorsNameLineAndColumn() {
        do {
            _ = try RulesTestEnvironment(rules: "rules_version = '2';\nservice cloud.firestore {\n  match /x { allow read: if ; }\n}")
            Issue.record("expected a syntax error")
        } catch let error as RulesSyntaxError {
            #expect(error.line == 3)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
