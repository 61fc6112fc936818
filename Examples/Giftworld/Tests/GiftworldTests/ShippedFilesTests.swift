import Foundation
import Giftworld
import Hearth
import Testing

/// The rules the code loads are exactly the `firestore.rules` file deployers use.
@Suite("Shipped files")
struct ShippedFilesTests {
    @Test func theCodeLoadsTheFilesBesideTheREADME() throws {
        #expect(Giftworld.files.mismatches(inAppFolderOf: #filePath) == [])
        #expect(Giftworld.files.indexes == nil)
        #expect(try Giftworld.files.indexConfiguration().indexes.isEmpty)
    }
}
