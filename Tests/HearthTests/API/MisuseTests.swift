import Foundation
import Testing
@testable import Hearth
import HearthCore

@Suite("Misuse is reported with the SDK's errors")
struct MisuseTests {
    @Test func deleteSentinelInPlainSet() async throws {
        let t = try TestFirestore()
        let error = await expectFirestoreError(.invalidArgument) {
            try await t.db.document("c/d").setData(["a": FieldValue.delete()])
        }
        #expect(error?.message.contains("FieldValue.delete() can only be used with updateData() and setData() with merge:true") == true)
    }

    @Test func deleteSentinelNestedInUpdate() async throws {
        let t = try TestFirestore()
        try await t.db.document("c/d").setData([:])
        let error = await expectFirestoreError(.invalidArgument) {
            try await t.db.document("c/d").updateData(["a": ["b": FieldValue.delete()]])
        }
        #expect(error?.message.contains("can only appear at the top level of your update data") == true)
    }

    @Test func sentinelsInsideArrays() async throws {
        let t = try TestFirestore()
        let error = await expectFirestoreError(.invalidArgument) {
            try await t.db.document("c/d").setData(["a": [1, FieldValue.serverTimestamp()]])
        }
        #expect(error?.message.contains("FieldValue.serverTimestamp() is not currently supported inside arrays") == true)
    }

    @Test func nestedArrays() async throws {
        let t = try TestFirestore()
        let error = await expectFirestoreError(.invalidArgument) {
            try await t.db.document("c/d").setData(["a": [[1]]])
        }
        #expect(error?.message.contains("Nested arrays are not supported") == true)
    }

    @Test func unsupportedType() async throws {
        struct NotStorable {}
        let t = try TestFirestore()
        let error = await expectFirestoreError(.invalidArgument) {
            try await t.db.document("c/d").setData(["a": NotStorable()])
        }
        #expect(error?.message.contains("Unsupported type") == true)
        #expect(error?.message.contains("(found in field a)") == true)
    }

    @Test func badFieldNamesAndPaths() async throws {
        let t = try TestFirestore()
        await expectFirestoreError(.invalidArgument) { try await t.db.document("c/d").setData(["": 1]) }
        await expectFirestoreError(.invalidArgument) { try await t.db.document("c/d").setData(["__x__": 1]) }
        try await t.db.document("c/d").setData([:])
        await expectFirestoreError(.invalidArgument) { try await t.db.document("c/d").updateData(["a..b": 1]) }
        await expectFirestoreError(.invalidArgument) { try await t.db.document("c/d").updateData(["a~b": 1]) }
        await expectFirestoreError(.invalidArgument) { try await t.db.document("c/d").updateData([:]) }
        await expectFirestoreError(.invalidArgument) { try await t.db.document("c/d").updateData(["a": 1, "a.b": 2]) }
        await expectFirestoreError(.invalidArgument) { try await t.db.document("c/d").updateData([FieldPath([]): 1]) }
    }

    @Test func batchReportsFirstInvalidWriteAndWritesNothing() async throws {
        let t = try TestFirestore()
        let batch = t.db.batch()
        batch.setData(["ok": true], forDocument: t.db.document("c/a"))
        batch.setData(["bad": [[1]]], forDocument: t.db.document("c/b"))
        await expectFirestoreError(.invalidArgument) { try await batch.commit() }
        #expect(try await !t.db.document("c/a").getDocument().exists)
        await expectFirestoreError(.failedPrecondition) { try await batch.commit() }
    }

    @Test func aClosedInstanceRefusesRequestsWhileOthersGoOn() async throws {
        let t = try TestFirestore()
        let user = t.db.withAccess(.unauthenticated)
        user.close()
        await expectFirestoreError(.unavailable) { _ = try await user.document("c/d").getDocument() }
        await expectFirestoreError(.unavailable) { try await user.document("c/d").setData(["a": 1]) }
        await expectFirestoreError(.unavailable) { _ = try await user.collection("c").getDocuments() }
        try await t.db.document("c/d").setData(["a": 1])
        #expect(try await t.db.document("c/d").getDocument().exists)
    }

    @Test func batchRejectsReferencesFromAnotherDatabase() async throws {
        let t = try TestFirestore()
        let other = try t.db.database(database: "other-db")
        defer { other.close() }
        let batch = t.db.batch().setData([:], forDocument: other.document("c/d"))
        await expectFirestoreError(.invalidArgument) { try await batch.commit() }
    }
}

@Suite("Dates at the edges never crash")
struct DateEdgeTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e300, -62_135_596_800.5, 253_402_300_799.9999])
    func extremeDatesAreClamped(_ interval: Double) throws {
        let timestamp = Timestamp(date: Date(timeIntervalSince1970: interval))
        #expect(timestamp.seconds >= Timestamp.minSeconds)
        #expect(timestamp.seconds <= Timestamp.maxSeconds)
        #expect(timestamp.nanoseconds >= 0 && timestamp.nanoseconds <= 999_999_999)
    }
}
