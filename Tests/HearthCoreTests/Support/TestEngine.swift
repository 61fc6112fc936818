import Synchronization
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

/// A clock tests move by hand. It counts its readings, so a test can wait until the engine has
/// looked at the time (and so made its decision on that time) instead of sleeping.
final class ManualClock: CommitClock, Sendable {
    private struct Waiter {
        let id: UInt64
        let reads: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now: Int64
        var reads = 0
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
    }

    private let state: Mutex<State>

    init(start: Int64 = 1_700_000_000_000_000) { state = Mutex(State(now: start)) }

    func nowMicroseconds() -> Int64 {
        let (now, ready) = state.withLock { state in
            state.reads += 1
            let reads = state.reads
            let ready = state.waiters.filter { $0.reads <= reads }
            state.waiters.removeAll { $0.reads <= reads }
            return (state.now, ready)
        }
        for waiter in ready { waiter.continuation.resume() }
        return now
    }

    /// Moves the time on; returns how many readings came before, so that every reading counted
    /// after that number saw the new time.
    @discardableResult
    func advance(byMicroseconds delta: Int64) -> Int {
        state.withLock { state in
            state.now += delta
            return state.reads
        }
    }

    /// How many times the clock has been read so far.
    var reads: Int { state.withLock { $0.reads } }

    /// Returns once the clock has been read `total` times in all (or after `seconds`, the bound of
    /// a test about to fail).
    func waitUntilRead(_ total: Int, seconds: Double = 10) async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        let timeout = Task { [self] in
            guard (try? await Task.sleep(for: .seconds(seconds))) != nil else { return }
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume()
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let reached = state.withLock { state in
                if state.reads >= total { return true }
                state.waiters.append(Waiter(id: id, reads: total, continuation: continuation))
                return false
            }
            if reached { continuation.resume() }
        }
        timeout.cancel()
    }
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
