import Foundation
import HearthCore
import Testing

/// The engine hook imports use: a set write that keeps given create and update times.
@Suite struct PreservedTimesTests {
    @Test func aSetWithPreservedTimesStoresThoseTimes() async throws {
        let temp = try TemporaryFolder()
        let engine = try makeEngine(in: temp)
        defer { engine.close() }
        let database = try DatabaseID(project: "p")
        let key = try DocumentKey(validating: "a/b")
        var write = Write.set(key, fields: ["x": 1])
        let times = PreservedTimes(createTime: Timestamp(microseconds: 1_000_000), updateTime: Timestamp(microseconds: 2_000_000))
        write.preservedTimes = times
        let result = try await engine.commit([write], in: database)
        #expect(result.writeResults.first?.updateTime == times.updateTime)
        let stored = try #require(try await engine.getDocument(key, in: database))
        #expect(stored.createTime == times.createTime)
        #expect(stored.updateTime == times.updateTime)
        // An ordinary write afterwards takes the commit time again, keeping the creation time.
        let later = try await engine.commit([.set(key, fields: ["x": 2])], in: database)
        let updated = try #require(try await engine.getDocument(key, in: database))
        #expect(updated.createTime == times.createTime)
        #expect(updated.updateTime == later.commitTime)
    }
}
