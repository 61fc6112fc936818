import Foundation
import Hearth
import Medspace
import Testing

/// The rules and indexes the code loads are exactly the files deployers use.
@Suite("Rules and indexes files")
struct ResourceFileTests {
    /// `Examples/Medspace/<name>`.
    private func file(_ name: String) throws -> Data {
        let here = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        return try Data(
            contentsOf: here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent(name))
    }

    @Test func firestoreRulesOnDiskEqualsTheEmbeddedSource() throws {
        #expect(try file("firestore.rules") == Data(MedspaceRules.source.utf8))
    }

    @Test func indexesOnDiskEqualTheEmbeddedJSON() throws {
        #expect(try file("firestore.indexes.json") == Data(MedspaceIndexes.json.utf8))
        let configuration = try IndexConfiguration(json: MedspaceIndexes.json)
        #expect(configuration.indexes.count == 20 && configuration.fieldOverrides.count == 2)
    }
}
