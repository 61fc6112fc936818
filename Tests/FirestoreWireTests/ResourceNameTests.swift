import FirestoreWire
import HearthCore
import Testing

@Suite("Resource names")
struct ResourceNameTests {
    @Test("resource names parse and reject other shapes")
    func resourceNames() throws {
        #expect(try ResourceName.database("projects/p/databases/(default)") == DatabaseID(project: "p"))
        expectFirestoreError(.invalidArgument) { _ = try ResourceName.database("projects/p") }
        let (_, parent) = try ResourceName.parent("projects/p/databases/(default)/documents/a/b")
        #expect(parent == (try ResourcePath(validating: "a/b")))
        expectFirestoreError(.invalidArgument) { _ = try ResourceName.parent("projects/p/databases/(default)/documents/a") }
        expectFirestoreError(.invalidArgument) {
            _ = try ResourceName.document("projects/q/databases/(default)/documents/a/b", in: try testDatabase())
        }
    }
}
