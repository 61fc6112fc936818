import HearthCore
import Testing

/// The database the mapping tests use: `projects/p/databases/(default)`.
func testDatabase() throws -> DatabaseID { try DatabaseID(project: "p") }

/// Expects `body` to throw a `FirestoreError` with `code`.
func expectFirestoreError(
    _ code: FirestoreError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected \(code.name), but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as FirestoreError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a FirestoreError, got \(error)", sourceLocation: sourceLocation)
    }
}
