import Foundation
import Hearth
import Testing
import WorkNow

/// The rules and indexes the code loads are exactly the files deployers use.
@Suite("Shipped files")
struct ShippedFilesTests {
    @Test func theCodeLoadsTheFilesBesideTheREADME() throws {
        #expect(WorkNow.files.mismatches(inAppFolderOf: #filePath) == [])
        #expect(try WorkNow.files.indexConfiguration().indexes.count == 4)
        #expect(WorkNowConfiguration().requireIndexes)
    }
}
