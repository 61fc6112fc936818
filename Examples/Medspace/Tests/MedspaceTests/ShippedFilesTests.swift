import Foundation
import Hearth
import Medspace
import Testing

/// The rules and indexes the code loads are exactly the files deployers use.
@Suite("Shipped files")
struct ShippedFilesTests {
    @Test func theCodeLoadsTheFilesBesideTheREADME() throws {
        #expect(Medspace.files.mismatches(inAppFolderOf: #filePath) == [])
        let configuration = try Medspace.files.indexConfiguration()
        #expect(configuration.indexes.count == 20 && configuration.fieldOverrides.count == 2)
        #expect(MedspaceConfiguration().requireIndexes)
    }
}
