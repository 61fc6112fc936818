import Foundation
import Testing
@testable import HearthCore

/// The index build merges its run files on a second thread (`IndexMergeFeed`) while the writer
/// appends: the chunks it hands over must be the merge's entries, in order, none lost or repeated;
/// a run that cannot be read must come out as an error, and a writer that gives up must be able to
/// stop the merge without waiting for it to finish.
@Suite("Index merge on a second thread")
struct IndexMergeFeedTests {
    /// A folder of `runs` sorted run files of interleaving keys (every entry's value names it);
    /// returns the folder, the files and every entry in key order.
    static func runFiles(runs: Int, entriesPerRun: Int) throws -> (root: String, paths: [String], sorted: [[UInt8]]) {
        let root = NSTemporaryDirectory() + "hearth-feed-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var keys: [[UInt8]] = []
        var paths: [String] = []
        for run in 0..<runs {
            var arena = IndexEntryArena()
            for n in 0..<entriesPerRun {
                let key = Array("k\((n * runs + run) * 7919 % 100_003)-\(run)".utf8)
                let value = Array("v\(run)-\(n)".utf8)
                key.withUnsafeBytes { k in value.withUnsafeBytes { v in arena.add(key: k, value: v) } }
                keys.append(key)
            }
            arena.sort()
            let path = root + "/run-\(run)"
            try IndexRunFile.write(arena, to: path)
            paths.append(path)
        }
        keys.sort { IndexEntries.compare($0, $1) < 0 }
        return (root, paths, keys)
    }

    /// Every key the feed hands over, chunk by chunk, and the chunks' sizes.
    static func drain(_ feed: IndexMergeFeed) throws -> (keys: [[UInt8]], sizes: [Int]) {
        var keys: [[UInt8]] = []
        var sizes: [Int] = []
        while let chunk = try feed.next() {
            chunk.forEach { key, _ in keys.append(Array(key)) }
            sizes.append(chunk.count)
            feed.recycle(chunk)
        }
        return (keys, sizes)
    }

    @Test(arguments: [(1, 1), (7, 1), (250, 2), (10_000, 3)])
    func theChunksHoldEveryEntryInKeyOrder(chunkEntries: Int, capacity: Int) throws {
        let (root, paths, sorted) = try Self.runFiles(runs: 5, entriesPerRun: 301)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let feed = IndexMergeFeed(paths: paths, chunkEntries: chunkEntries, capacity: capacity)
        defer { feed.stop() }
        let (keys, sizes) = try Self.drain(feed)
        #expect(keys == sorted)
        // Full chunks, then the rest: nothing handed over twice, nothing held back.
        let total = sorted.count
        #expect(sizes.dropLast().allSatisfy { $0 == chunkEntries })
        #expect(sizes.last == total - chunkEntries * (sizes.count - 1))
        #expect(try feed.next()?.count == nil)
    }

    @Test func aCutRunIsAnErrorAfterTheEntriesBeforeIt() throws {
        let (root, paths, _) = try Self.runFiles(runs: 3, entriesPerRun: 500)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let whole = try Data(contentsOf: URL(fileURLWithPath: paths[1]))
        try whole.prefix(whole.count - 2).write(to: URL(fileURLWithPath: paths[1]))
        let feed = IndexMergeFeed(paths: paths, chunkEntries: 64)
        defer { feed.stop() }
        var handed = 0
        #expect {
            while let chunk = try feed.next() { handed += chunk.count }
        } throws: { error in
            let failure = error as? FirestoreError
            return failure?.code == .internal && (failure?.message.contains("ends inside an entry") ?? false)
                && (failure?.message.contains(paths[1]) ?? false)
        }
        #expect(handed > 0 && handed < 1_500)
    }

    @Test func aMissingRunIsAnErrorNamingIt() throws {
        let (root, paths, _) = try Self.runFiles(runs: 2, entriesPerRun: 10)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let missing = root + "/run-missing"
        let feed = IndexMergeFeed(paths: paths + [missing], chunkEntries: 4)
        defer { feed.stop() }
        #expect {
            _ = try feed.next()
        } throws: { error in
            let failure = error as? FirestoreError
            return failure?.code == .internal && (failure?.message.contains("cannot open the run file \(missing)") ?? false)
        }
    }

    @Test func aWriterThatGivesUpStopsTheMergeWithoutDrainingIt() throws {
        let (root, paths, sorted) = try Self.runFiles(runs: 4, entriesPerRun: 2_000)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let feed = IndexMergeFeed(paths: paths, chunkEntries: 16, capacity: 1)
        let first = try #require(try feed.next())
        var firstKeys: [[UInt8]] = []
        first.forEach { key, _ in firstKeys.append(Array(key)) }
        #expect(firstKeys == Array(sorted.prefix(16)))
        // The merge is blocked on a full hand-off; stopping must end its thread, not hang.
        feed.stop()
        // Once stopped, what it had queued may still be taken, and then the feed ends.
        var after = 0
        while let chunk = try feed.next() { after += chunk.count }
        #expect(after <= 16)
    }

    @Test func anEntryLargerThanTheReadersBufferComesBackWhole() throws {
        let root = NSTemporaryDirectory() + "hearth-feed-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        var arena = IndexEntryArena()
        let large = (0..<20_000).map { UInt8($0 % 251) }
        for (key, value) in [("a", [UInt8(1)]), ("b", large), ("c", [])] {
            Array(key.utf8).withUnsafeBytes { k in value.withUnsafeBytes { v in arena.add(key: k, value: v) } }
        }
        let path = root + "/run-0"
        try IndexRunFile.write(arena, to: path)
        let reader = try IndexRunReader(path: path, bufferBytes: 4096)
        var values: [[UInt8]] = []
        while try reader.advance() { _ = reader.withCurrent { _, value in values.append(Array(value)) } }
        #expect(values == [[1], large, []])
    }
}
