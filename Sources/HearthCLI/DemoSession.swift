import Foundation
import Hearth
import HearthCore

/// A scripted session against a data directory, through the Firebase-shaped Swift API: writes with
/// transforms, a sub-collection, a transaction, a batch, an error as Firestore reports it, and the
/// data read back. Run it twice on one directory: the visit counter keeps counting.
enum DemoSession {
    static func run(directory: String) async throws {
        let db = try Firestore(directory: directory, projectID: "demo-hearth")
        defer { db.close() }
        print("Hearth opened \(directory)")

        let alice = db.collection("users").document("alice")
        try await alice.setData(
            ["name": "Alice", "city": "Madrid", "visits": FieldValue.increment(Int64(1)), "lastSeen": FieldValue.serverTimestamp()],
            merge: true)
        let visits = try await alice.getDocument().get("visits") as? Int ?? 0
        print("• users/alice merged; this is visit #\(visits) (the count survives restarts)")

        let chat = db.collection("Chats").document("alice").collection("bob")
        let message = try await chat.addDocument(data: ["text": "Hola, Bob", "sentAt": FieldValue.serverTimestamp()])
        print("• added \(message.path) (auto-id, server timestamp)")

        let moved = try await db.runTransaction { transaction -> String in
            let city = try transaction.getDocument(alice).get("city") as? String ?? "?"
            let next = city == "Madrid" ? "Sevilla" : "Madrid"
            transaction.updateData(["city": next, "previousCity": city], forDocument: alice)
            return "\(city) → \(next)"
        }
        print("• transaction moved Alice: \(moved)")

        try await db.batch()
            .setData(["title": "Room near campus", "price": 350], forDocument: db.document("Anuncios/a1"))
            .updateData(["tags": FieldValue.arrayUnion(["wifi"])], forDocument: alice)
            .commit()
        print("• batch of two writes committed atomically")

        do {
            try await db.document("users/nobody").updateData(["x": 1])
        } catch {
            print("• updating a missing document fails as Firestore does:\n    \(error)")
        }

        let snapshot = try await alice.getDocument()
        print("• users/alice now:")
        for (name, value) in (snapshot.data() ?? [:]).sorted(by: { $0.key < $1.key }) {
            print("    \(name): \(value)")
        }
        let messages = try await chat.getDocuments()
        print("• Chats/alice/bob holds \(messages.count) message(s); Chats/alice itself is a missing parent: "
            + "exists = \(try await db.document("Chats/alice").getDocument().exists)")
    }
}
