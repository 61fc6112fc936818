// The README's Swift snippets, compiled: each `swift` block of README.md appears here verbatim,
// as the body of the function its `<!-- snippet: readmeSnippetN -->` marker names. The bodies
// are not indented, so that each one is the README's text byte for byte. The functions are
// never called; the point is that the compiler checks every snippet against the public API an
// app sees (`import Hearth`, and `import HearthTesting` for rules tests). When you change a
// snippet, change it in both places.

import Hearth
import HearthTesting

fileprivate func readmeSnippet1() async throws {
let db = try Firestore(directory: "./data", projectID: "demo-app")
defer { db.close() }
let alice = db.collection("users").document("alice")
try await alice.setData(["name": "Alice", "city": "Madrid", "visits": 0])
try await alice.updateData(["visits": FieldValue.increment(Int64(1))])
print(try await alice.getDocument().data() ?? [:])

let madrid = db.collection("users").whereField("city", isEqualTo: "Madrid")
print(try await madrid.getDocuments().documents.map(\.documentID))
let registration = madrid.addSnapshotListener { snapshot, error in
    for change in snapshot?.documentChanges ?? [] { print(change.type, change.document.documentID) }
}
registration.remove()
}

fileprivate func readmeSnippet2() async throws {
struct City: Codable {
    @DocumentID var id: String?
    var name: String
    var population: Int
    @ServerTimestamp var updated: Timestamp?
}

let db = try Firestore(directory: "./data", projectID: "demo-app")
let ref = try await db.collection("cities").addDocument(from: City(name: "Madrid", population: 3_300_000))
try await db.runTransaction { transaction in
    let city = try transaction.getDocument(ref).data(as: City.self)
    transaction.updateData(["population": city.population + 1], forDocument: ref)
}
}

fileprivate func readmeSnippet3() async throws {
let env = try RulesTestEnvironment(rules: """
    rules_version = '2';
    service cloud.firestore {
      match /databases/{database}/documents {
        match /posts/{post} {
          allow read: if resource.data.owner == request.auth.uid;
        }
      }
    }
    """)
defer { env.cleanup() }
try await env.withSecurityRulesDisabled { db in
    try await db.document("posts/p1").setData(["owner": "alice"])
}
let alice = try env.authenticatedContext("alice")
try await assertSucceeds { try await alice.document("posts/p1").getDocument() }
try await assertFails { try await env.unauthenticatedContext().document("posts/p1").getDocument() }
try await assertFails { try await alice.collection("posts").getDocuments() }  // rules are not filters
}

fileprivate func readmeSnippet4() async throws {
let db = try Firestore(directory: "./data", projectID: "demo-app")
try await db.onDocumentCreated("groups/{groupId}") { event in
    let stats = event.firestore.document("stats/groups")
    try await stats.setData(["count": FieldValue.increment(Int64(1)), "last": event.params["groupId"] ?? ""], merge: true)
}
}
