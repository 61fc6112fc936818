import Foundation
import HearthCore
import HearthTestSupport
import Testing

/// The sample exports in `../shared/exports`, or nil when that folder is absent (a user's clone).
enum SampleExports {
    static var root: URL? {
        let url = RepositoryPaths.root.deletingLastPathComponent().appendingPathComponent("shared/exports")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    static var available: Bool { root != nil }
}

/// A temporary folder removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "hearth-transfer-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A fresh engine in a temporary folder.
func makeEngine(in folder: TemporaryFolder, name: String = "data") throws -> Engine {
    try Engine(directory: folder.file(name), options: EngineOptions(durability: .none, initialMapSize: 256 << 20))
}

/// Every document of `database`, by path.
func allDocuments(_ engine: Engine, _ database: DatabaseID) throws -> [String: Document] {
    var result: [String: Document] = [:]
    try engine.forEachStoredDocument(in: database) { document in
        result[document.key.path.canonicalString] = document
        return true
    }
    return result
}

/// Expects `body` to throw a `FirestoreError` of `code` whose message contains `fragment`.
func expectFailure(
    _ code: FirestoreError.Code, containing fragment: String,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async {
    do {
        try await body()
        Issue.record("expected \(code) containing '\(fragment)', but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as FirestoreError {
        #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
        #expect(error.message.contains(fragment), "\(error.message)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
}
