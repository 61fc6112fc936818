import Foundation
import Hearth
import RoomieFinder
import Testing

/// The rules and indexes the code loads are exactly the files deployers use.
@Suite("Shipped files")
struct ShippedFilesTests {
    /// `Examples/RoomieFinder/<name>`.
    private func shipped(_ name: String) throws -> Data {
        let here = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try Data(contentsOf: root.appendingPathComponent(name))
    }

    @Test func firestoreRulesOnDiskEqualTheEmbeddedSource() throws {
        #expect(try shipped("firestore.rules") == Data(RoomieFinderRules.source.utf8))
    }

    @Test func firestoreIndexesOnDiskEqualTheEmbeddedJSON() throws {
        #expect(try shipped("firestore.indexes.json") == Data(RoomieFinderIndexes.json.utf8))
        let configuration = try RoomieFinderIndexes.configuration()
        #expect(configuration.indexes.count == 1 && configuration.fieldOverrides.isEmpty)
    }

    @Test func productionDefaultsRequireTheDeclaredIndexes() {
        #expect(RoomieFinderConfiguration().requireIndexes)
    }
}
