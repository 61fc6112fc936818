import Foundation
import LMDB
import Testing

/// A fresh directory path under the system temporary directory, unique per test.
struct TemporaryDirectory {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("hearth-lmdb-tests-\(UUID().uuidString)", isDirectory: true).path
    }

    /// Deletes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Runs `body` with a temporary directory that is removed afterwards.
func withTemporaryDirectory(_ body: (TemporaryDirectory) throws -> Void) rethrows {
    let directory = TemporaryDirectory()
    defer { directory.remove() }
    try body(directory)
}

/// Runs `body` with a freshly opened environment in its own directory, then checks clean shutdown
/// (no live read transactions or cursors), closes it and removes the directory.
func withEnvironment(
    _ options: EnvironmentOptions = EnvironmentOptions(),
    _ body: (Environment, TemporaryDirectory) throws -> Void
) throws {
    try withTemporaryDirectory { directory in
        let environment = try Environment(path: directory.path, options: options)
        defer { environment.close() }
        try body(environment, directory)
        #expect(environment.liveReadTransactions == 0)
        #expect(environment.liveCursors == 0)
    }
}

/// UTF-8 bytes of `text`.
func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The bytes decoded as UTF-8.
func text(_ buffer: UnsafeRawBufferPointer) -> String { String(decoding: buffer, as: UTF8.self) }

/// The bytes decoded as UTF-8.
func text(_ array: [UInt8]?) -> String? { array.map { String(decoding: $0, as: UTF8.self) } }

/// `value` as 8 big-endian bytes (so keys sort numerically).
func bigEndian(_ value: UInt64) -> [UInt8] {
    withUnsafeBytes(of: value.bigEndian) { Array($0) }
}

/// Reads 8 big-endian bytes back.
func decodeBigEndian(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
    buffer.reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
}

/// An error thrown by test bodies to check rollback and rethrow behaviour.
struct TestFailure: Error, Equatable {
    let tag: String
}

/// A lock-protected value shared between test threads.
final class Shared<Value>: @unchecked Sendable {
    // `@unchecked Sendable`: `storage` is only touched while holding `lock`.
    private let lock = NSLock()
    private var storage: Value

    init(_ value: Value) { storage = value }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    func update(_ change: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&storage)
    }
}

/// Starts `body` on a new OS thread; wait on the returned group to join it.
func startThread(_ body: @escaping @Sendable () -> Void) -> DispatchGroup {
    let group = DispatchGroup()
    group.enter()
    let thread = Thread {
        body()
        group.leave()
    }
    thread.start()
    return group
}

/// Waits for a thread started with `startThread`, failing the test instead of hanging forever.
func join(_ group: DispatchGroup, seconds: Double = 60, sourceLocation: SourceLocation = #_sourceLocation) {
    let result = group.wait(timeout: .now() + seconds)
    #expect(result == .success, "thread did not finish in \(seconds) s (deadlock?)", sourceLocation: sourceLocation)
}
