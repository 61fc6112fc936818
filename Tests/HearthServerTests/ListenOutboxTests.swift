import FirestoreWire
import GRPCCore
import HearthCore
import SwiftProtobuf
import Testing
@testable import HearthServer

/// `ListenOutbox`: what a Listen stream's writer takes, which markers it never sends, and how it
/// paces markers to the documents the client holds. Tests of superseding run without a pace.
@Suite("ListenOutbox", .timeLimit(.minutes(1)))
struct ListenOutboxTests {
    /// A global marker at `version` microseconds.
    private func marker(_ version: Int64) -> ListenOutput {
        .response(ListenMessages.targetChange(.noChange, targets: [], version: version))
    }

    /// A document change for `id` in target 1.
    private func change(_ id: String) throws -> ListenOutput {
        let key = try DocumentKey(validating: "rooms/\(id)")
        let document = Document(key: key, fields: [:], createTime: Timestamp(microseconds: 1), updateTime: Timestamp(microseconds: 1))
        return .response(ListenMessages.documentChange(document, in: try DatabaseID(project: "p"), target: 1))
    }

    /// A short label per output: the document's name, `marker@version`, or the target change's type.
    private func labels(_ outputs: [ListenOutput]) -> [String] {
        outputs.map { output in
            guard case .response(let response) = output else { return "failure" }
            switch response.responseType {
            case .documentChange(let change)?: return String(change.document.name.split(separator: "/").last ?? "")
            case .targetChange(let change)?:
                let time = change.readTime.seconds * 1_000_000 + Int64(change.readTime.nanos / 1_000)
                return change.targetIds.isEmpty ? "marker@\(time)" : "\(change.targetChangeType) \(change.targetIds)"
            default: return "other"
            }
        }
    }

    /// The labels of the next batch, or nil when none comes within `limit` (the take is cancelled).
    private func take(_ outbox: ListenOutbox, within limit: Duration = .seconds(5)) async -> [String]? {
        await withTaskGroup(of: [String]?.self) { group in
            group.addTask { await outbox.take().map { labels($0) } }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    @Test("a batch keeps every change and only the last global marker")
    func droppedMarkersAreDropped() async throws {
        let outbox = ListenOutbox(pacePerDocument: .zero)
        for (id, version) in [("a", Int64(10)), ("b", 20), ("c", 30)] {
            outbox.send(try change(id))
            outbox.send(marker(version))
        }
        let batch = await take(outbox)
        #expect((batch ?? []) == ["a", "b", "c", "marker@30"])
        #expect(outbox.droppedMarkers == 2)
    }

    @Test("target changes of named targets stay, in order, around the dropped markers")
    func targetChangesStay() async throws {
        let outbox = ListenOutbox(pacePerDocument: .zero)
        outbox.send(.response(ListenMessages.targetChange(.add, targets: [1])))
        outbox.send(try change("a"))
        outbox.send(.response(ListenMessages.targetChange(.current, targets: [1], version: 10)))
        outbox.send(marker(10))
        outbox.send(.response(ListenMessages.targetChange(.remove, targets: [2])))
        outbox.send(try change("b"))
        outbox.send(marker(20))
        let batch = await take(outbox)
        #expect((batch ?? []) == ["add [1]", "a", "current [1]", "remove [2]", "b", "marker@20"])
    }

    @Test("a writer that keeps up gets every marker: each take holds one commit")
    func aWriterThatKeepsUpGetsEveryMarker() async throws {
        let outbox = ListenOutbox(pacePerDocument: .zero)
        var taken: [String] = []
        for (id, version) in [("a", Int64(10)), ("b", 20)] {
            outbox.send(try change(id))
            outbox.send(marker(version))
            taken += await take(outbox) ?? []
        }
        #expect(taken == ["a", "marker@10", "b", "marker@20"])
        #expect(outbox.droppedMarkers == 0)
    }

    @Test("a waiting writer wakes for the next output, and gets nil once finished and drained")
    func waitingAndFinishing() async throws {
        let outbox = ListenOutbox(pacePerDocument: .zero)
        let writer = Task { () -> [[String]] in
            var batches: [[String]] = []
            while let batch = await outbox.take() { batches.append(labels(batch)) }
            return batches
        }
        try await Task.sleep(for: .milliseconds(50))
        outbox.send(try change("a"))
        try await Task.sleep(for: .milliseconds(50))
        outbox.send(.failure(RPCError(code: .unavailable, message: "down")))
        outbox.finish()
        outbox.send(try change("after"))
        let batches = await writer.value
        #expect(batches == [["a"], ["failure"]])
    }

    @Test("cancelling a waiting writer ends its take with nil")
    func cancellingAWaitingWriter() async throws {
        let outbox = ListenOutbox(pacePerDocument: .zero)
        let writer = Task { await outbox.take() == nil }
        try await Task.sleep(for: .milliseconds(50))
        writer.cancel()
        #expect(await writer.value)
    }

    // MARK: Pacing

    /// A change of `id` entering target `target`.
    private func change(_ id: String, target: Int32) throws -> ListenOutput {
        let key = try DocumentKey(validating: "rooms/\(id)")
        let document = Document(key: key, fields: [:], createTime: Timestamp(microseconds: 1), updateTime: Timestamp(microseconds: 1))
        return .response(ListenMessages.documentChange(document, in: try DatabaseID(project: "p"), target: target))
    }

    @Test("after a marker, changes go at once but the next marker waits its pace, and a later one supersedes it")
    func aMarkerWithinThePaceIsHeld() async throws {
        // 4 documents at 25 ms each: a pace of 100 ms after the first marker.
        let outbox = ListenOutbox(pacePerDocument: .milliseconds(25), maximumPace: .seconds(5))
        for id in ["a", "b", "c", "d"] { outbox.send(try change(id)) }
        outbox.send(marker(10))
        let clock = ContinuousClock()
        let start = clock.now
        #expect(await take(outbox) ?? [] == ["a", "b", "c", "d", "marker@10"])
        outbox.send(try change("e"))
        outbox.send(marker(20))
        #expect(await take(outbox) ?? [] == ["e"])
        outbox.send(try change("f"))
        outbox.send(marker(30))
        #expect(await take(outbox) ?? [] == ["f"])
        #expect(await take(outbox) ?? [] == ["marker@30"])
        let waited = clock.now - start
        #expect(waited >= .milliseconds(100))
        #expect(outbox.droppedMarkers == 1)
    }

    @Test("the pace follows the documents the targets hold: removed and deleted ones leave, REMOVE empties a target")
    func thePaceFollowsTheTargets() async throws {
        let outbox = ListenOutbox(pacePerDocument: .milliseconds(40), maximumPace: .seconds(5))
        let database = try DatabaseID(project: "p")
        outbox.send(try change("a", target: 1))
        outbox.send(try change("b", target: 1))
        outbox.send(try change("c", target: 2))
        outbox.send(.response(ListenMessages.documentRemove(try DocumentKey(validating: "rooms/a"), in: database, target: 1, version: 5)))
        outbox.send(.response(ListenMessages.documentDelete(try DocumentKey(validating: "rooms/b"), in: database, target: 1, version: 5)))
        outbox.send(.response(ListenMessages.targetChange(.remove, targets: [2])))
        // Nothing is held now: the pace after this marker is zero.
        outbox.send(marker(10))
        let waited = await waitForSecondMarker(outbox)
        #expect(waited.map { $0 < .milliseconds(40) } == true)
    }

    @Test("the pace is capped")
    func thePaceIsCapped() async throws {
        let outbox = ListenOutbox(pacePerDocument: .seconds(60), maximumPace: .milliseconds(30))
        outbox.send(try change("a"))
        outbox.send(marker(10))
        let waited = await waitForSecondMarker(outbox)
        #expect(waited.map { $0 < .seconds(10) } == true)
    }

    /// Takes the queued batch, sends a marker at 20, and returns how long the writer waited for
    /// it (nil unless it came alone).
    private func waitForSecondMarker(_ outbox: ListenOutbox) async -> Duration? {
        _ = await take(outbox)
        let clock = ContinuousClock()
        let start = clock.now
        outbox.send(marker(20))
        guard await take(outbox) == ["marker@20"] else { return nil }
        return clock.now - start
    }

    @Test("a held marker, and everything after it, goes out at once when the stream finishes")
    func finishingFlushesAHeldMarker() async throws {
        let outbox = ListenOutbox(pacePerDocument: .seconds(60), maximumPace: .seconds(60))
        outbox.send(try change("a"))
        outbox.send(marker(10))
        _ = await take(outbox)
        outbox.send(marker(20))
        outbox.send(.response(ListenMessages.targetChange(.remove, targets: [1])))
        let writer = Task { () -> [String] in
            var labelsTaken: [String] = []
            while let batch = await outbox.take() { labelsTaken += labels(batch) }
            return labelsTaken
        }
        try await Task.sleep(for: .milliseconds(50))
        outbox.finish()
        #expect(await writer.value == ["marker@20", "remove [1]"])
    }

    @Test("a held marker stays held when more changes arrive, until its pace has passed")
    func arrivalsDoNotReleaseAHeldMarker() async throws {
        let outbox = ListenOutbox(pacePerDocument: .milliseconds(150), maximumPace: .seconds(5))
        outbox.send(try change("a"))
        outbox.send(marker(10))
        let clock = ContinuousClock()
        let start = clock.now
        _ = await take(outbox)
        outbox.send(marker(20))
        let writer = Task { await outbox.take() ?? [] }
        try await Task.sleep(for: .milliseconds(30))
        outbox.send(try change("b"))
        let taken = labels(await writer.value)
        #expect(taken == ["marker@20", "b"])
        #expect(clock.now - start >= .milliseconds(150))
    }

    @Test("a writer holding a marker does not wait once its due time has passed, so a timer that fired first is not lost")
    func aPassedDueTimeIsNotWaitedFor() {
        let now = ContinuousClock.now
        #expect(ListenOutbox.shouldWait(until: now + .milliseconds(5), now: now, holding: true, queueEmpty: false))
        #expect(!ListenOutbox.shouldWait(until: now, now: now, holding: true, queueEmpty: false))
        #expect(!ListenOutbox.shouldWait(until: now - .milliseconds(5), now: now, holding: true, queueEmpty: true))
        // A finished hold (the flag cleared by a take) is not waited for either.
        #expect(!ListenOutbox.shouldWait(until: now + .milliseconds(5), now: now, holding: false, queueEmpty: true))
        // Without a marker held, the writer waits only for an empty queue.
        #expect(ListenOutbox.shouldWait(until: nil, now: now, holding: false, queueEmpty: true))
        #expect(!ListenOutbox.shouldWait(until: nil, now: now, holding: false, queueEmpty: false))
    }
}
