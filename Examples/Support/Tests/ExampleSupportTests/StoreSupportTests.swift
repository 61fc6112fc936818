import ExampleSupport
import Foundation
import Hearth
import Testing

/// The store helpers every example app shares: error sorting, decoding, counts and sign-out.
@Suite("Example store support")
struct StoreSupportTests {
    /// An app error with only the shared cases and one of its own.
    enum SampleError: ExampleAppError, Equatable {
        case own
        case emailAlreadyInUse(String)
        case wrongCredentials
        case notAllowed(String)
        case unavailable
        case corruptDocument(path: String, detail: String)
        case storage(code: String, message: String)

        var alertMessage: String { "\(self)" }
    }

    struct Pet: Codable, Equatable {
        let name: String
        let age: Int
    }

    static func scratch() throws -> (Firestore, String) {
        let directory = NSTemporaryDirectory() + "example-support-" + UUID().uuidString
        let firestore = try Firestore(directory: directory, projectID: "example-support")
        return (firestore, directory)
    }

    @Test func failuresAreSortedIntoTheSharedCases() {
        #expect(SampleError(mapping: SampleError.own) == .own)
        #expect(SampleError(mapping: AccountError.emailAlreadyInUse("a@b.c")) == .emailAlreadyInUse("a@b.c"))
        #expect(SampleError(mapping: AccountError.wrongCredentials) == .wrongCredentials)
        #expect(SampleError(mapping: AccountError.signedOut) == .unavailable)
        #expect(SampleError(mapping: AccountError.disabled) == .notAllowed("USER_DISABLED: an administrator disabled this account"))
        #expect(SampleError(mapping: AccountError.invalidCode) == .storage(code: "auth", message: "invalidCode"))
        #expect(
            SampleError(mapping: FirestoreError(.permissionDenied, "Missing or insufficient permissions.\nfalse at L3"))
                == .notAllowed("Missing or insufficient permissions. false at L3"))
        #expect(SampleError(mapping: FirestoreError(.unavailable, "closed")) == .unavailable)
        #expect(SampleError(mapping: FirestoreError(.aborted, "contention")) == .storage(code: "\(FirestoreError.Code.aborted)", message: "contention"))
        #expect(SampleError(mapping: CocoaError(.fileNoSuchFile)) == .storage(code: "unknown", message: "\(CocoaError(.fileNoSuchFile))"))
    }

    @Test func decodingFailsWithTheAppsErrorNamingTheDocument() async throws {
        let (db, directory) = try Self.scratch()
        defer { db.close(); try? FileManager.default.removeItem(atPath: directory) }
        try await db.document("pets/rex").setData(["name": "Rex", "age": 3])
        try await db.document("pets/odd").setData(["name": "Odd", "age": "three"])
        #expect(try await db.document("pets/rex").decoded(as: Pet.self, failing: SampleError.self) == Pet(name: "Rex", age: 3))
        #expect(try await db.document("pets/none").decoded(as: Pet.self, failing: SampleError.self) == nil)
        let odd = try await db.document("pets/odd").getDocument()
        #expect {
            _ = try odd.decoded(as: Pet.self, failing: SampleError.self)
        } throws: { error in
            guard case .corruptDocument(let path, _) = error as? SampleError else { return false }
            return path == "pets/odd"
        }
        let all = try await db.collection("pets").whereField("age", isEqualTo: 3).getDocuments()
        #expect(try all.decoded(as: Pet.self, failing: SampleError.self) == [Pet(name: "Rex", age: 3)])
        #expect(try await db.collection("pets").documentCount() == 2)
    }
}
