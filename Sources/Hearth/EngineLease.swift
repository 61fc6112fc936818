internal import HearthCore
import Foundation
import Synchronization

/// One share of an engine opened by path. LMDB allows one environment per file per process, so
/// every `Firestore` on a directory shares the engine; the last release closes it.
final class EngineLease: Sendable {
    /// Open engines by canonical path, with their share counts; guarded by the mutex.
    private static let open = Mutex<[String: (engine: Engine, shares: Int)]>([:])

    let engine: Engine
    let directory: String
    /// Whether this share was released; guarded by the mutex.
    private let released = Mutex(false)

    private init(engine: Engine, directory: String) {
        self.engine = engine
        self.directory = directory
    }

    /// A share of the engine for `directory`, opening it on first use.
    static func acquire(directory: String, options: EngineOptions) throws(FirestoreError) -> EngineLease {
        let path = URL(fileURLWithPath: directory).standardizedFileURL.path
        let engine = try open.withLock { table throws(FirestoreError) -> Engine in
            if let entry = table[path] {
                table[path] = (entry.engine, entry.shares + 1)
                return entry.engine
            }
            let engine = try Engine(directory: path, options: options)
            table[path] = (engine, 1)
            return engine
        }
        return EngineLease(engine: engine, directory: path)
    }

    /// Another share of the same engine.
    func retained() -> EngineLease {
        EngineLease.open.withLock { table in
            if let entry = table[directory] { table[directory] = (entry.engine, entry.shares + 1) }
        }
        return EngineLease(engine: engine, directory: directory)
    }

    /// Gives the share back (once); closes the engine when no share is left.
    func release() {
        let first = released.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first else { return }
        let last: Engine? = EngineLease.open.withLock { table in
            guard let entry = table[directory] else { return nil }
            if entry.shares <= 1 {
                table[directory] = nil
                return entry.engine
            }
            table[directory] = (entry.engine, entry.shares - 1)
            return nil
        }
        last?.close()
    }

    /// Whether this share was released.
    var isReleased: Bool { released.withLock { $0 } }

    deinit { release() }
}
