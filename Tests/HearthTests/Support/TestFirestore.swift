import Foundation
import Testing
@testable import Hearth
import HearthCore

/// A Firestore on a fresh temporary directory, closed and removed when the test ends.
final class TestFirestore {
    let directory: String
    let db: Firestore

    init(projectID: String = "test-project") throws {
        directory = NSTemporaryDirectory() + "hearth-api-test-" + UUID().uuidString
        db = try Firestore(
            directory: directory, projectID: projectID,
            options: EngineOptions(durability: .none, initialMapSize: 64 << 20))
    }

    deinit {
        db.close()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Expects `body` to fail with a `FirestoreError` of `code`; returns it.
@discardableResult
func expectFirestoreError(
    _ code: FirestoreErrorCode, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> FirestoreError? {
    do {
        try await body()
        Issue.record("expected \(code.name), but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as FirestoreError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected \(code.name), got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
