import Foundation
import RoomieFinder
import Testing

/// The rules the code loads are exactly the `firestore.rules` file deployers use.
@Suite("Rules file")
struct RulesFileTests {
    @Test func firestoreRulesOnDiskEqualsTheEmbeddedSource() throws {
        let here = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        let file = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("firestore.rules")
        let onDisk = try Data(contentsOf: file)
        #expect(onDisk == Data(RoomieFinderRules.source.utf8))
    }
}
