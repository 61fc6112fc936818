import Foundation
import Komunit
import Testing

/// The rules and indexes the code loads are exactly the files deployers use.
@Suite("Rules and index files")
struct RulesFileTests {
    /// `Examples/Komunit/<name>`.
    func file(_ name: String) throws -> Data {
        let here = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        return try Data(
            contentsOf: here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(name))
    }

    @Test func firestoreRulesOnDiskEqualsTheEmbeddedSource() throws {
        #expect(try file("firestore.rules") == Data(KomunitRules.source.utf8))
    }

    @Test func firestoreIndexesOnDiskEqualsTheEmbeddedSource() throws {
        #expect(try file("firestore.indexes.json") == Data(KomunitIndexes.source.utf8))
    }
}
