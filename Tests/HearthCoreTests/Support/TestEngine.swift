import Foundation
import Testing
@testable import HearthCore

/// A fresh engine in its own temporary directory, removed when the test is done.
final class TestEngine {
    let directory: String
    private(set) var engine: Engine
    let database: DatabaseID

    init(options: EngineOptions = EngineOptions(durability: .none, initialMapSize: 64 << 20)) throws {
        directory = NSTemporaryDirectory() + "hearth-test-" + UUID().uuidString
        engine = try Engine(directory: directory, options: options)
        database = try DatabaseID(project: "test-project")
    }

    /// Closes and opens the same directory again (persistence checks).
    func reopen(options: EngineOptions = EngineOptions(durability: .none, initialMapSize: 64 << 20)) throws {
        engine.close()
        engine = try Engine(directory: directory, options: options)
    }

    deinit {
        engine.close()
        try? FileManager.default.removeItem(atPath: directory)
    }

    func key(_ path: String) throws(FirestoreError) -> DocumentKey { try DocumentKey(validating: path) }

    @discardableResult
    func commit(_ writes: [Write]) async throws(FirestoreError) -> CommitResult {
        try await engine.commit(writes, in: database)
    }

    func get(_ path: String) throws(FirestoreError) -> Document? { try engine.getDocument(try key(path), in: database) }
}

/// A clock tests move by hand.
final class ManualClock: CommitClock, @unchecked Sendable {
    // `now` is guarded by `lock`.
    private let lock = NSLock()
    private var now: Int64

    init(start: Int64 = 1_700_000_000_000_000) { now = start }

    func nowMicroseconds() -> Int64 { lock.withLock { now } }

    func advance(byMicroseconds delta: Int64) { lock.withLock { now += delta } }
}

extension FieldPath {
    /// Test shorthand for a dotted path.
    static func p(_ dotted: String) -> FieldPath {
        FieldPath(uncheckedSegments: dotted.split(separator: ".").map(String.init))
    }
}

/// Expects `body` to fail with a `FirestoreError` of `code`.
func expectError(
    _ code: FirestoreError.Code, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    do {
        try await body()
        Issue.record("expected \(code.name), but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as FirestoreError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected \(code.name), got \(error)", sourceLocation: sourceLocation)
    }
}
