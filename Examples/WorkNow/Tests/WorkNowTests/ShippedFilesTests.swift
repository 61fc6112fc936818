import Foundation
import Hearth
import Testing
import WorkNow

/// The rules and indexes the code loads are exactly the files deployers use.
@Suite("Shipped files")
struct ShippedFilesTests {
    /// `Examples/WorkNow/<name>`.
    private func shipped(_ name: String) throws -> Data {
        let here = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try Data(contentsOf: root.appendingPathComponent(name))
    }

    @Test func firestoreRulesOnDiskEqualTheEmbeddedSource() throws {
        #expect(try shipped("firestore.rules") == Data(WorkNowRules.source.utf8))
    }

    @Test func firestoreIndexesOnDiskEqualTheEmbeddedJSON() throws {
        #expect(try shipped("firestore.indexes.json") == Data(WorkNowIndexes.json.utf8))
        #expect(try WorkNowIndexes.configuration().indexes.count == 4)
    }
}
