import Foundation
import Hearth
import RoomieFinder
import Testing

/// The rules and indexes the code loads are exactly the files deployers use.
@Suite("Shipped files")
struct ShippedFilesTests {
    @Test func theCodeLoadsTheFilesBesideTheREADME() throws {
        #expect(RoomieFinder.files.mismatches(inAppFolderOf: #filePath) == [])
        let configuration = try RoomieFinder.files.indexConfiguration()
        #expect(configuration.indexes.count == 1 && configuration.fieldOverrides.isEmpty)
        #expect(RoomieFinderConfiguration().requireIndexes)
    }
}
