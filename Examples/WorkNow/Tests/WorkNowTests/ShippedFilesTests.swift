import Foundation
import Hearth
import Testing
import WorkNow

/// The rules and indexes the code loads are exactly the files deployers use.
@Suite("Shipped files")
struct ShippedFilesTests {
    @Test func theCodeLoadsTheFilesBesideTheREADME() throws {
        let folder = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        #expect(WorkNow.files.mismatches(inFolder: folder) == [])
        #expect(try WorkNow.files.indexConfiguration().indexes.count == 4)
        #expect(WorkNowConfiguration().requireIndexes)
    }
}
