import Foundation
@testable import HearthCore
import Testing

@Suite("Collection locations found from document keys")
struct CollectionLocatorTests {
    /// The key of document `id` under `collectionSegments`.
    func key(_ collectionSegments: [String], _ id: String = "d") -> DocumentKey {
        DocumentKey(unchecked: ResourcePath(uncheckedSegments: collectionSegments + [id]))
    }

    @Test func aRememberedCollectionIsFoundForEveryDocumentInIt() throws {
        let database = try DatabaseID(project: "p")
        var locator = CollectionLocator()
        let here = CollectionLocator.Location(db: 3, collection: 42)
        locator.remember(here, of: key(["rooms"], "r1"), in: database)
        #expect(locator.location(of: key(["rooms"], "r2"), in: database) == here)
        #expect(locator.location(of: key(["rooms", "r1", "rooms"], "r2"), in: database) == nil)
        #expect(locator.location(of: key(["room"], "r1"), in: database) == nil)
        #expect(locator.location(of: key(["rooms"], "r1"), in: try DatabaseID(project: "p", database: "other")) == nil)
        #expect(locator.location(of: key(["rooms"], "r1"), in: try DatabaseID(project: "q")) == nil)
    }

    /// Segments and ids are compared as bytes: pieces that join to the same text, and strings
    /// that Swift calls equal (canonically equivalent) but whose bytes differ, are other collections.
    @Test func lookalikesAreOtherCollections() throws {
        let database = try DatabaseID(project: "p")
        var locator = CollectionLocator()
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        locator.remember(.init(db: 1, collection: 1), of: key([composed]), in: database)
        locator.remember(.init(db: 1, collection: 2), of: key([decomposed]), in: database)
        locator.remember(.init(db: 1, collection: 3), of: key(["ab", "x", "c"]), in: database)
        locator.remember(.init(db: 1, collection: 4), of: key(["a", "x", "bc"]), in: database)
        locator.remember(.init(db: 2, collection: 5), of: key(["x"]), in: try DatabaseID(project: "a", database: "bcdef"))
        locator.remember(.init(db: 3, collection: 6), of: key(["x"]), in: try DatabaseID(project: "ab", database: "cdef"))
        #expect(locator.count == 6)
        #expect(locator.location(of: key([composed]), in: database)?.collection == 1)
        #expect(locator.location(of: key([decomposed]), in: database)?.collection == 2)
        #expect(locator.location(of: key(["ab", "x", "c"]), in: database)?.collection == 3)
        #expect(locator.location(of: key(["a", "x", "bc"]), in: database)?.collection == 4)
        #expect(locator.location(of: key(["x"]), in: try DatabaseID(project: "a", database: "bcdef"))?.collection == 5)
        #expect(locator.location(of: key(["x"]), in: try DatabaseID(project: "ab", database: "cdef"))?.collection == 6)
    }

    @Test func rememberingTwiceKeepsTheFirst() throws {
        let database = try DatabaseID(project: "p")
        var locator = CollectionLocator()
        locator.remember(.init(db: 1, collection: 7), of: key(["rooms"], "a"), in: database)
        locator.remember(.init(db: 1, collection: 8), of: key(["rooms"], "b"), in: database)
        #expect(locator.count == 1)
        #expect(locator.location(of: key(["rooms"], "c"), in: database)?.collection == 7)
    }

    @Test func manyCollectionsEachFindTheirOwn() throws {
        let database = try DatabaseID(project: "p")
        var locator = CollectionLocator()
        for n in 0..<2_000 {
            locator.remember(.init(db: 1, collection: UInt64(n)), of: key(["c\(n)", "d", "sub\(n % 7)"]), in: database)
        }
        for n in 0..<2_000 {
            #expect(locator.location(of: key(["c\(n)", "d", "sub\(n % 7)"]), in: database)?.collection == UInt64(n))
        }
        #expect(locator.location(of: key(["c1", "d", "sub2"]), in: database) == nil)
    }

    /// Through the engine: gets of documents in byte-distinct lookalike collections each find
    /// their own document, whichever was read first.
    @Test func getsFindTheirOwnCollectionAmongLookalikes() async throws {
        let directory = NSTemporaryDirectory() + "hearth-locator-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let engine = try Engine(directory: directory, options: EngineOptions(durability: .none, initialMapSize: 64 << 20))
        defer { engine.close() }
        let database = try DatabaseID(project: "p")
        let composed = try DocumentKey(validating: "caf\u{E9}/1")
        let decomposed = try DocumentKey(validating: "cafe\u{301}/1")
        try await engine.commit([.set(composed, fields: ["form": "composed"])], in: database)
        #expect(try await engine.getDocument(decomposed, in: database) == nil)
        try await engine.commit([.set(decomposed, fields: ["form": "decomposed"])], in: database)
        #expect(try await engine.getDocument(decomposed, in: database)?.fields == ["form": "decomposed"])
        #expect(try await engine.getDocument(composed, in: database)?.fields == ["form": "composed"])
        #expect(try await engine.getDocument(composed, in: try DatabaseID(project: "p", database: "other")) == nil)
    }
}
