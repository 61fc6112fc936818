import HearthCore

/// A scripted session against a data directory: writes, transforms, a transaction, reads.
enum DemoSession {
    static func run(directory: String) async throws {
        let engine = try Engine(directory: directory)
        defer { engine.close() }
        let db = try DatabaseID(project: "demo-hearth")
        print("Hearth opened \(directory) (last commit: \(engine.latestCommitTime))")

        let alice = try DocumentKey(validating: "users/alice")
        let visits = try await engine.commit(
            [
                Write.set(alice, fields: ["name": "Alice", "city": "Madrid"], transforms: [
                    FieldTransform(try FieldPath(dotted: "visits"), .increment(1)),
                    FieldTransform(try FieldPath(dotted: "lastSeen"), .serverTimestamp),
                ])
            ], in: db)
        print("set users/alice at \(visits.commitTime); visits → \(visits.writeResults[0].transformResults[0])")

        let messageID = AutoID.generate()
        let message = try DocumentKey(validating: "Chats/alice/bob/\(messageID)")
        _ = try await engine.commit([.create(message, fields: ["text": "Hola, Bob"])], in: db)
        print("created Chats/alice/bob/\(messageID)")

        let transaction = try engine.beginTransaction(in: db)
        let current = try engine.getDocument(alice, in: db, consistency: .transaction(transaction))
        let city = current?.fields["city"] ?? .null
        _ = try await engine.commit(
            [.update(alice, fields: ["previousCity": city, "city": "Sevilla"],
                     mask: [try FieldPath(dotted: "previousCity"), try FieldPath(dotted: "city")])],
            in: db, transaction: transaction)
        print("transaction moved Alice from \(city) to Sevilla")

        do {
            _ = try await engine.commit([.create(alice, fields: [:])], in: db)
        } catch {
            print("creating users/alice again fails as Firestore does: \(error)")
        }

        let stored = try engine.getDocument(alice, in: db)
        print("users/alice now: \(stored?.fields ?? [:])")
        let top = try engine.listCollectionIDs(in: db, parent: nil)
        print("collections at the root: \(top.items)")
        let chats = try engine.listDocuments(in: db, collection: try ResourcePath(validating: "Chats"), showMissing: true)
        print("Chats (with missing parents): \(chats.items.map { "\($0.key.documentID)\($0.document == nil ? " (missing)" : "")" })")
    }
}
