internal import HearthCore
import Foundation
import Synchronization

/// One share of an engine opened by path. LMDB allows one environment per file per process, so
/// every `Firestore` on a directory shares the engine; the last release closes it.
final class EngineLease: Sendable {
    /// Open engines by canonical path, with their share counts; guarded by the mutex.
    private static let open = Mutex<[String: (engine: Engine, shares: Int, options: OptionsSignature)]>([:])

    let engine: Engine
    let directory: String
    /// Whether this share was released; guarded by the mutex.
    private let released = Mutex(false)
    /// False for a borrowed lease (`borrowed()`): it keeps nothing open and its release closes nothing.
    private let counted: Bool

    private init(engine: Engine, directory: String, counted: Bool = true) {
        self.engine = engine
        self.directory = directory
        self.counted = counted
    }

    /// A lease on the same engine that holds no share: the engine still closes with the last real
    /// share (what trigger handlers get, so registered triggers never keep a directory open).
    func borrowed() -> EngineLease { EngineLease(engine: engine, directory: directory, counted: false) }

    /// A share of the engine for `directory`, opening it on first use (with `options`, or the
    /// defaults when nil).
    /// - Throws: `FAILED_PRECONDITION` when the directory is already open in this process with
    ///   options other than the `options` given (they would be silently ignored otherwise: one
    ///   engine serves every share). Nil `options` join whatever is open.
    static func acquire(directory: String, options: EngineOptions?) throws(FirestoreError) -> EngineLease {
        let path = URL(fileURLWithPath: directory).standardizedFileURL.path
        let signature = OptionsSignature(options ?? EngineOptions())
        let engine = try open.withLock { table throws(FirestoreError) -> Engine in
            if let entry = table[path] {
                guard options == nil || entry.options == signature else {
                    throw FirestoreError(
                        .failedPrecondition,
                        "The data directory \(path) is already open in this process with different options "
                            + "(\(entry.options.differences(from: signature).joined(separator: ", "))). Open it with the same "
                            + "EngineOptions, or close the other instances first.")
                }
                table[path] = (entry.engine, entry.shares + 1, entry.options)
                return entry.engine
            }
            let engine = try Engine(directory: path, options: options ?? EngineOptions())
            table[path] = (engine, 1, signature)
            return engine
        }
        return EngineLease(engine: engine, directory: path)
    }

    /// Another share of the same engine.
    func retained() -> EngineLease {
        EngineLease.open.withLock { table in
            if let entry = table[directory] { table[directory] = (entry.engine, entry.shares + 1, entry.options) }
        }
        return EngineLease(engine: engine, directory: directory)
    }

    /// Gives the share back (once); closes the engine when no share is left.
    func release() {
        let first = released.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        guard first, counted else { return }
        // The last share closes the engine while holding the table, so that an instance opened on
        // the same directory meanwhile waits and opens the file afresh, never beside the closing one
        // (LMDB allows one environment per file per process).
        EngineLease.open.withLock { table in
            guard let entry = table[directory] else { return }
            if entry.shares <= 1 {
                table[directory] = nil
                entry.engine.close()
                return
            }
            table[directory] = (entry.engine, entry.shares - 1, entry.options)
        }
    }

    /// Whether this share was released.
    var isReleased: Bool { released.withLock { $0 } }

    deinit { release() }
}

/// The options an open engine was opened with that change how it behaves, compared when another
/// instance asks for the same directory (the initial map size is left out: the map grows anyway).
struct OptionsSignature: Equatable, Sendable {
    let syncsEachCommit: Bool
    let defersLastCommit: Bool
    let retention: Duration
    let clockType: String
    let indexes: IndexConfiguration
    let requireIndexes: Bool
    let deferral: [Int]

    init(_ options: EngineOptions) {
        syncsEachCommit = options.durability.syncsEachCommit
        defersLastCommit = options.durability.defersLastCommit
        retention = options.retention
        clockType = String(reflecting: type(of: options.clock))
        indexes = options.indexes
        requireIndexes = options.requireIndexes
        deferral = [
            options.deferredIndexThreshold, options.deferredIndexGroupCommits, options.indexBacklogLimit,
            options.indexBacklogByteLimit,
        ]
    }

    /// The names of the options that differ between `self` and `other`.
    func differences(from other: OptionsSignature) -> [String] {
        var names: [String] = []
        if syncsEachCommit != other.syncsEachCommit || defersLastCommit != other.defersLastCommit { names.append("durability") }
        if retention != other.retention { names.append("retention") }
        if clockType != other.clockType { names.append("clock") }
        if indexes != other.indexes { names.append("indexes") }
        if requireIndexes != other.requireIndexes { names.append("requireIndexes") }
        if deferral != other.deferral { names.append("index deferral") }
        return names
    }
}
