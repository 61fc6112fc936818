import Foundation
import Hearth
import Medspace
import Testing

/// The rules and indexes the code loads are exactly the files deployers use.
@Suite("Shipped files")
struct ShippedFilesTests {
    @Test func theCodeLoadsTheFilesBesideTheREADME() throws {
        let folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        #expect(Medspace.files.mismatches(inFolder: folder) == [])
        let configuration = try Medspace.files.indexConfiguration()
        #expect(configuration.indexes.count == 20 && configuration.fieldOverrides.count == 2)
        #expect(MedspaceConfiguration().requireIndexes)
    }
}
