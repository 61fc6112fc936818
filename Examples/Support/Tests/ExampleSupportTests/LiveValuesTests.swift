import ExampleSupport
import Foundation
import Hearth
import Testing

/// The live layer every app's screens use: decoded `snapshots` streams, their combination, and
/// the errors they end with.
@Suite("Example live values")
struct LiveValuesTests {
    struct Pet: Codable, Equatable, Sendable {
        let name: String
        let age: Int
    }

    @Test(.timeLimit(.minutes(1))) func aQueryStreamsItsDecodedResultsAfterEveryCommit() async throws {
        let (db, directory) = try StoreSupportTests.scratch()
        defer {
            db.close()
            try? FileManager.default.removeItem(atPath: directory)
        }
        let pets = db.collection("pets")
        try await pets.document("rex").setData(["name": "Rex", "age": 3])
        var live = pets.order(by: "age").liveValues(as: Pet.self, failing: StoreSupportTests.SampleError.self)
            .makeAsyncIterator()
        #expect(try await live.next() == [Pet(name: "Rex", age: 3)])
        try await pets.document("tom").setData(["name": "Tom", "age": 1])
        #expect(try await live.next() == [Pet(name: "Tom", age: 1), Pet(name: "Rex", age: 3)])
        // A document that does not decode ends the stream with the app's corruptDocument.
        try await pets.document("odd").setData(["name": "Odd", "age": "old"])
        let error = await #expect(throws: StoreSupportTests.SampleError.self) { try await live.next() }
        guard case .corruptDocument(let path, _)? = error else {
            Issue.record("expected corruptDocument, got \(String(describing: error))")
            return
        }
        #expect(path == "pets/odd")
        #expect(try await live.next() == nil)
    }

    @Test(.timeLimit(.minutes(1))) func aDocumentStreamsNilWhileMissing() async throws {
        let (db, directory) = try StoreSupportTests.scratch()
        defer {
            db.close()
            try? FileManager.default.removeItem(atPath: directory)
        }
        let rex = db.document("pets/rex")
        var live = rex.liveValue(as: Pet.self, failing: StoreSupportTests.SampleError.self).makeAsyncIterator()
        #expect(try await live.next() == .some(nil))
        try await rex.setData(["name": "Rex", "age": 3])
        #expect(try await live.next() == .some(Pet(name: "Rex", age: 3)))
        try await rex.delete()
        #expect(try await live.next() == .some(nil))
    }

    @Test(.timeLimit(.minutes(1))) func combinedStreamsPairTheLatestOfEachAndMappedOnesSkipNil() async throws {
        let (db, directory) = try StoreSupportTests.scratch()
        defer {
            db.close()
            try? FileManager.default.removeItem(atPath: directory)
        }
        let cats = db.collection("cats").liveValues(as: Pet.self, failing: StoreSupportTests.SampleError.self)
        let dogs = db.collection("dogs").liveValues(as: Pet.self, failing: StoreSupportTests.SampleError.self)
        var counts = combineLatest(cats, dogs).compactMapped { cats, dogs in
            cats.count + dogs.count == 1 ? nil : "\(cats.count) cats, \(dogs.count) dogs"
        }.makeAsyncIterator()
        #expect(try await counts.next() == "0 cats, 0 dogs")
        try await db.document("cats/tom").setData(["name": "Tom", "age": 1])  // 1 in all: skipped
        try await db.document("dogs/rex").setData(["name": "Rex", "age": 3])
        #expect(try await counts.next() == "1 cats, 1 dogs")

        var failed = combineLatest(
            AsyncThrowingStream<Int, any Error>.failed(StoreSupportTests.SampleError.unavailable),
            db.collection("dogs").liveValues(as: Pet.self, failing: StoreSupportTests.SampleError.self)
        ).makeAsyncIterator()
        await #expect(throws: StoreSupportTests.SampleError.unavailable) { try await failed.next() }
    }
}
