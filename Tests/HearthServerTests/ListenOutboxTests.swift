import FirestoreWire
import GRPCCore
import HearthCore
import HearthTestSupport
import SwiftProtobuf
import Testing
@testable import HearthServer

/// `ListenOutbox`: what a Listen stream's writer takes, which markers it never sends, and how it
/// paces markers to the documents the client holds. The decisions are driven through
/// `takeQueued(now:)` at chosen times, so no test depends on how fast the machine schedules it;
/// the few tests of the real waiting assert only what a slow machine cannot change.
@Suite("ListenOutbox")
struct ListenOutboxTests {
    /// A stall limit no test reaches: these tests take batches without reporting writes, and a
    /// busy test process can keep their tasks waiting for minutes (stalls: `ListenStallWatchTests`).
    static let neverStalls = Duration.seconds(365 * 86_400)

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

    /// What `takeQueued(now:)` answers at `origin + offset`: a batch's labels, or
    /// `holding until +N ms` (from `origin`), `empty` or `finished`.
    private func look(_ outbox: ListenOutbox, at offset: Duration = .zero, from origin: Duration) -> [String] {
        switch outbox.takeQueued(now: origin + offset) {
        case .batch(let batch): return labels(batch)
        case .holding(let due):
            let milliseconds = (due - origin).components.seconds * 1000 + (due - origin).components.attoseconds / 1_000_000_000_000_000
            return ["holding until +\(milliseconds) ms"]
        case .empty: return ["empty"]
        case .finished: return ["finished"]
        }
    }

    // MARK: Superseded markers

    @Test("a batch keeps every change and only the last global marker")
    func supersededMarkersAreLeftOut() throws {
        let outbox = ListenOutbox(pacePerDocument: .zero, stallLimit: Self.neverStalls)
        for (id, version) in [("a", Int64(10)), ("b", 20), ("c", 30)] {
            outbox.send(try change(id))
            outbox.send(marker(version))
        }
        #expect(look(outbox, from: .zero) == ["a", "b", "c", "marker@30"])
        #expect(outbox.droppedMarkers == 2)
        #expect(look(outbox, from: .zero) == ["empty"])
    }

    @Test("target changes of named targets stay, in order, around the dropped markers")
    func targetChangesStay() throws {
        let outbox = ListenOutbox(pacePerDocument: .zero, stallLimit: Self.neverStalls)
        outbox.send(.response(ListenMessages.targetChange(.add, targets: [1])))
        outbox.send(try change("a"))
        outbox.send(.response(ListenMessages.targetChange(.current, targets: [1], version: 10)))
        outbox.send(marker(10))
        outbox.send(.response(ListenMessages.targetChange(.remove, targets: [2])))
        outbox.send(try change("b"))
        outbox.send(marker(20))
        #expect(look(outbox, from: .zero) == ["add [1]", "a", "current [1]", "remove [2]", "b", "marker@20"])
    }

    @Test("a writer that keeps up gets every marker: each take holds one commit")
    func aWriterThatKeepsUpGetsEveryMarker() throws {
        let outbox = ListenOutbox(pacePerDocument: .zero, stallLimit: Self.neverStalls)
        let origin = Duration.zero
        outbox.send(try change("a"))
        outbox.send(marker(10))
        #expect(look(outbox, from: origin) == ["a", "marker@10"])
        outbox.send(try change("b"))
        outbox.send(marker(20))
        #expect(look(outbox, from: origin) == ["b", "marker@20"])
        #expect(outbox.droppedMarkers == 0)
    }

    // MARK: Pacing

    /// A change of `id` entering target `target`.
    private func change(_ id: String, target: Int32) throws -> ListenOutput {
        let key = try DocumentKey(validating: "rooms/\(id)")
        let document = Document(key: key, fields: [:], createTime: Timestamp(microseconds: 1), updateTime: Timestamp(microseconds: 1))
        return .response(ListenMessages.documentChange(document, in: try DatabaseID(project: "p"), target: target))
    }

    @Test("after a marker, changes go at once but the next marker waits its pace, and a later one supersedes it")
    func aMarkerWithinThePaceIsHeld() throws {
        // 4 documents at 25 ms each: a pace of 100 ms after the first marker.
        let outbox = ListenOutbox(pacePerDocument: .milliseconds(25), maximumPace: .seconds(5), stallLimit: Self.neverStalls)
        let origin = Duration.zero
        for id in ["a", "b", "c", "d"] { outbox.send(try change(id)) }
        outbox.send(marker(10))
        #expect(look(outbox, from: origin) == ["a", "b", "c", "d", "marker@10"])
        outbox.send(try change("e"))
        outbox.send(marker(20))
        #expect(look(outbox, at: .milliseconds(10), from: origin) == ["e"])
        #expect(look(outbox, at: .milliseconds(10), from: origin) == ["holding until +100 ms"])
        outbox.send(try change("f"))
        outbox.send(marker(30))
        #expect(look(outbox, at: .milliseconds(50), from: origin) == ["f"])
        #expect(look(outbox, at: .milliseconds(99), from: origin) == ["holding until +100 ms"])
        #expect(look(outbox, at: .milliseconds(100), from: origin) == ["marker@30"])
        #expect(outbox.droppedMarkers == 1)
    }

    /// An outbox with this pace that has sent a change of `a` and the marker at 10, taken at
    /// `origin`.
    private func outboxPastItsFirstMarker(
        pacePerDocument: Duration, maximumPace: Duration, origin: Duration
    ) throws -> ListenOutbox {
        let outbox = ListenOutbox(pacePerDocument: pacePerDocument, maximumPace: maximumPace, stallLimit: Self.neverStalls)
        outbox.send(try change("a"))
        outbox.send(marker(10))
        #expect(look(outbox, from: origin) == ["a", "marker@10"])
        return outbox
    }

    @Test("while a marker is held, what arrives after it stays behind it")
    func arrivalsStayBehindAHeldMarker() throws {
        let origin = Duration.zero
        let outbox = try outboxPastItsFirstMarker(pacePerDocument: .milliseconds(150), maximumPace: .seconds(5), origin: origin)
        outbox.send(marker(20))
        #expect(look(outbox, at: .milliseconds(1), from: origin) == ["holding until +150 ms"])
        outbox.send(try change("b"))
        outbox.send(.response(ListenMessages.targetChange(.remove, targets: [1])))
        #expect(look(outbox, at: .milliseconds(2), from: origin) == ["holding until +150 ms"])
        #expect(look(outbox, at: .milliseconds(150), from: origin) == ["marker@20", "b", "remove [1]"])
    }

    @Test("the pace follows the documents the targets hold: removed and deleted ones leave, REMOVE empties a target")
    func thePaceFollowsTheTargets() throws {
        let outbox = ListenOutbox(pacePerDocument: .milliseconds(40), maximumPace: .seconds(5), stallLimit: Self.neverStalls)
        let database = try DatabaseID(project: "p")
        let origin = Duration.zero
        outbox.send(try change("a", target: 1))
        outbox.send(try change("b", target: 1))
        outbox.send(try change("c", target: 2))
        outbox.send(try change("d", target: 3))
        outbox.send(.response(ListenMessages.documentRemove(try DocumentKey(validating: "rooms/a"), in: database, target: 1, version: 5)))
        outbox.send(.response(ListenMessages.documentDelete(try DocumentKey(validating: "rooms/b"), in: database, target: 1, version: 5)))
        outbox.send(.response(ListenMessages.targetChange(.remove, targets: [2])))
        outbox.send(marker(10))
        #expect(look(outbox, from: origin).last == "marker@10")
        // Only d is held now: one document, 40 ms.
        outbox.send(marker(20))
        #expect(look(outbox, from: origin) == ["holding until +40 ms"])
        #expect(look(outbox, at: .milliseconds(40), from: origin) == ["marker@20"])
    }

    @Test("the pace is capped")
    func thePaceIsCapped() throws {
        let origin = Duration.zero
        let outbox = try outboxPastItsFirstMarker(pacePerDocument: .seconds(60), maximumPace: .milliseconds(30), origin: origin)
        outbox.send(marker(20))
        #expect(look(outbox, at: .milliseconds(29), from: origin) == ["holding until +30 ms"])
        #expect(look(outbox, at: .milliseconds(30), from: origin) == ["marker@20"])
    }

    @Test("a held marker, and everything after it, goes out at once when the stream finishes")
    func finishingFlushesAHeldMarker() throws {
        let origin = Duration.zero
        let outbox = try outboxPastItsFirstMarker(pacePerDocument: .seconds(60), maximumPace: .seconds(60), origin: origin)
        outbox.send(marker(20))
        outbox.send(.response(ListenMessages.targetChange(.remove, targets: [1])))
        #expect(look(outbox, from: origin) == ["holding until +60000 ms"])
        outbox.finish()
        #expect(look(outbox, from: origin) == ["marker@20", "remove [1]"])
        #expect(look(outbox, from: origin) == ["finished"])
    }

    @Test("a writer holding a marker does not wait once its due time has passed, so a timer that fired first is not lost")
    func aPassedDueTimeIsNotWaitedFor() {
        let now = Duration.zero
        #expect(ListenOutbox.shouldWait(until: now + .milliseconds(5), now: now, holding: true, queueEmpty: false))
        #expect(!ListenOutbox.shouldWait(until: now, now: now, holding: true, queueEmpty: false))
        #expect(!ListenOutbox.shouldWait(until: now - .milliseconds(5), now: now, holding: true, queueEmpty: true))
        // A finished hold (the flag cleared by a take) is not waited for either.
        #expect(!ListenOutbox.shouldWait(until: now + .milliseconds(5), now: now, holding: false, queueEmpty: true))
        // Without a marker held, the writer waits only for an empty queue.
        #expect(ListenOutbox.shouldWait(until: nil, now: now, holding: false, queueEmpty: true))
        #expect(!ListenOutbox.shouldWait(until: nil, now: now, holding: false, queueEmpty: false))
    }

    // MARK: The real waiting

    @Test("a waiting writer gets what is sent, then nil once the outbox is finished and drained", .timeLimit(.minutes(10)))
    func waitingAndFinishing() async throws {
        let outbox = ListenOutbox(pacePerDocument: .zero, stallLimit: Self.neverStalls)
        let writer = Task { () -> [String] in
            var taken: [String] = []
            while let batch = await outbox.take() { taken += labels(batch) }
            return taken
        }
        await waitForWriter(outbox)
        outbox.send(try change("a"))
        await waitForWriter(outbox)
        outbox.send(.failure(RPCError(code: .unavailable, message: "down")))
        outbox.finish()
        outbox.send(try change("after"))
        #expect(await writer.value == ["a", "failure"])
    }

    @Test("cancelling a waiting writer ends its take with nil", .timeLimit(.minutes(10)))
    func cancellingAWaitingWriter() async throws {
        let outbox = ListenOutbox(pacePerDocument: .zero, stallLimit: Self.neverStalls)
        let writer = Task { await outbox.take() == nil }
        await waitForWriter(outbox)
        writer.cancel()
        #expect(await writer.value)
    }

    @Test("a held marker goes out by itself once its pace has passed on the clock, never before", .timeLimit(.minutes(10)))
    func aHeldMarkerGoesOutByItself() async throws {
        let clock = ManualClock()
        let outbox = ListenOutbox(
            pacePerDocument: .milliseconds(30), maximumPace: .seconds(5), stallLimit: Self.neverStalls, clock: ServerClock(clock))
        outbox.send(try change("a"))
        outbox.send(marker(10))
        #expect(await outbox.take().map { labels($0) } == ["a", "marker@10"])
        // One document held: the next marker is due 30 ms after the first went out.
        outbox.send(marker(20))
        let writer = Task { await outbox.take().map { labels($0) } }
        await clock.waitForSleepers()
        clock.advance(by: .milliseconds(29))
        // The hold's timer still waits (its deadline is not reached), so the writer cannot have
        // been handed the marker.
        #expect(clock.sleeperCount == 1)
        #expect(outbox.queuedCount == 1)
        clock.advance(by: .milliseconds(1))
        #expect(await writer.value == ["marker@20"])
        #expect(clock.sleeperCount == 0)
    }

    /// Returns once a writer is suspended in `take()` (yielding meanwhile; never sleeping).
    private func waitForWriter(_ outbox: ListenOutbox) async {
        while !outbox.hasWaitingWriter { await Task.yield() }
    }
}
