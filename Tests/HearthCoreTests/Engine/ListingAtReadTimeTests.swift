import Testing
@testable import HearthCore

@Suite("Collection ids and missing documents as they were at a read time")
struct ListingAtReadTimeTests {
    private func ids(_ t: TestEngine, under parent: String? = nil, _ consistency: ReadConsistency) throws -> [String] {
        try t.engine.listCollectionIDs(in: t.database, parent: parent.map { try t.key($0) }, consistency: consistency).items
    }

    @Test func rootCollectionsAtAReadTime() async throws {
        let t = try TestEngine()
        try await t.commit([.set(try t.key("kept/a"), fields: [:]), .set(try t.key("emptied/a"), fields: [:])])
        let before = try await t.commit([.set(try t.key("deep/x/sub/y"), fields: [:])]).commitTime
        try await t.commit([.set(try t.key("later/a"), fields: [:]), .delete(try t.key("emptied/a"))])
        #expect(try ids(t, .strong) == ["deep", "kept", "later"])
        // At `before`: `later` did not exist yet, `emptied` still held its document, and `deep`
        // held a document two levels down.
        #expect(try ids(t, .readTime(before)) == ["deep", "emptied", "kept"])
        let readOnly = try t.engine.beginTransaction(in: t.database, options: .readOnly(readTime: before))
        #expect(try ids(t, .transaction(readOnly)) == ["deep", "emptied", "kept"])
    }

    @Test func subCollectionsAtAReadTime() async throws {
        let t = try TestEngine()
        try await t.commit([.set(try t.key("users/u/old/1"), fields: [:])])
        let before = try await t.commit([.set(try t.key("users/u/kept/1"), fields: [:])]).commitTime
        try await t.commit([.delete(try t.key("users/u/old/1")), .set(try t.key("users/u/new/1"), fields: [:])])
        #expect(try ids(t, under: "users/u", .strong) == ["kept", "new"])
        #expect(try ids(t, under: "users/u", .readTime(before)) == ["kept", "old"])
    }

    @Test func aCollectionWhoseOnlyDocumentChangedSinceStillCounts() async throws {
        let t = try TestEngine()
        let before = try await t.commit([.set(try t.key("c/a"), fields: ["v": 1])]).commitTime
        try await t.commit([.set(try t.key("c/a"), fields: ["v": 2])])
        #expect(try ids(t, .readTime(before)) == ["c"])
    }

    @Test func missingDocumentsAtAReadTime() async throws {
        let t = try TestEngine()
        try await t.commit([.set(try t.key("c/gone/sub/1"), fields: [:]), .set(try t.key("c/stays/sub/1"), fields: [:])])
        let before = try await t.commit([.set(try t.key("c/real"), fields: [:])]).commitTime
        try await t.commit([
            .delete(try t.key("c/gone/sub/1")), .set(try t.key("c/later/sub/1"), fields: [:]),
            .set(try t.key("c/stays"), fields: [:]),
        ])
        let now = try t.engine.listMissingDocuments(in: t.database, collection: ResourcePath(uncheckedSegments: ["c"]))
        #expect(now.map(\.documentID) == ["later"])
        let then = try t.engine.listMissingDocuments(
            in: t.database, collection: ResourcePath(uncheckedSegments: ["c"]), consistency: .readTime(before))
        #expect(then.map(\.documentID) == ["gone", "stays"])
    }
}
