import Foundation
import Hearth
import Komunit
import Testing

/// The rules and indexes the code loads are exactly the files deployers use.
@Suite("Shipped files")
struct ShippedFilesTests {
    @Test func theCodeLoadsTheFilesBesideTheREADME() throws {
        #expect(Komunit.files.mismatches(inAppFolderOf: #filePath) == [])
        let configuration = try Komunit.files.indexConfiguration()
        #expect(configuration.indexes.isEmpty && configuration.fieldOverrides.isEmpty)
        #expect(KomunitConfiguration().requireIndexes)
        #expect(Komunit.files.defaultProjectID == "demo-komunit")
    }
}
