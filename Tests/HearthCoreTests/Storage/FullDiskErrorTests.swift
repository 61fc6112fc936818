import Foundation
import Testing
@testable import HearthCore
@testable import LMDB

/// A full disk is RESOURCE_EXHAUSTED with a message saying so, not INTERNAL. Regression for the
/// soak harness's finding: LMDB reports a short page write on a full tmpfs as EIO, which reached
/// clients as "INTERNAL: Storage error: … Input/output error".
@Suite("Full disk errors")
struct FullDiskErrorTests {
    @Test("ENOSPC, EDQUOT and EFBIG become RESOURCE_EXHAUSTED naming the full disk", arguments: [ENOSPC, EDQUOT, EFBIG])
    func outOfSpaceIsResourceExhausted(code: Int32) {
        let error = StorageErrorMapping.firestoreError(LMDBError(code: code, message: "mdb_txn_commit at /x"))
        #expect(error.code == .resourceExhausted)
        #expect(error.message.contains("disk holding the data directory is full"))
    }

    @Test("a map that cannot grow is RESOURCE_EXHAUSTED")
    func unmappableMapIsResourceExhausted() {
        let error = StorageErrorMapping.firestoreError(LMDBError(code: LMDBError.mapFull.code, message: "the map cannot grow"))
        #expect(error.code == .resourceExhausted)
    }

    @Test("other I/O errors stay INTERNAL")
    func otherErrorsStayInternal() {
        #expect(StorageErrorMapping.firestoreError(LMDBError(code: EIO, message: "x")).code == .internal)
    }

    @Test("EIO is taken for ENOSPC only when the file system is (nearly) full")
    func shortWriteReclassification() {
        // The temporary directory has room: EIO stays EIO; other codes pass through.
        #expect(FileSystem.reclassifyingFullDisk(EIO, directory: NSTemporaryDirectory()) == EIO)
        #expect(FileSystem.reclassifyingFullDisk(EACCES, directory: NSTemporaryDirectory()) == EACCES)
        #expect(FileSystem.reclassifyingFullDisk(EIO, directory: "/no/such/directory") == EIO)
    }
}
