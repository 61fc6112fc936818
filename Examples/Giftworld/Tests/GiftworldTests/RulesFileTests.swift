import Foundation
import Giftworld
import Testing

/// The rules the code loads are exactly the `firestore.rules` file deployers use.
@Suite("Rules file")
struct RulesFileTests {
    @Test func firestoreRulesOnDiskEqualsTheEmbeddedSource() throws {
        let here = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        let file = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("firestore.rules")
        #expect(try Data(contentsOf: file) == Data(GiftworldRules.source.utf8))
    }
}
