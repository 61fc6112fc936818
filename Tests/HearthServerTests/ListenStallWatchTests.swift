import FirestoreWire
import HearthCore
import Testing
@testable import HearthServer

/// `ListenStallWatch` and the outbox's answer to a stalled client: the judgement is driven at
/// chosen times, never by waiting.
@Suite("Listen stall watch")
struct ListenStallWatchTests {
    let origin = Duration.zero

    /// A document change for `id` in target 1.
    private func change(_ id: String) throws -> ListenOutput {
        let key = try DocumentKey(validating: "rooms/\(id)")
        let document = Document(key: key, fields: [:], createTime: Timestamp(microseconds: 1), updateTime: Timestamp(microseconds: 1))
        return .response(ListenMessages.documentChange(document, in: try DatabaseID(project: "p"), target: 1))
    }

    /// Whether `watch.stalls` has yielded (true) or finished without yielding (false).
    private func yielded(_ watch: ListenStallWatch) async -> Bool {
        for await _ in watch.stalls { return true }
        return false
    }

    @Test func aWriterWaitingForWorkIsNeverStalled() {
        let watch = ListenStallWatch(limit: .seconds(1), now: origin)
        watch.took(busy: false, now: origin)
        #expect(!watch.isStalled(now: origin + .seconds(3_600)))
    }

    @Test func aWriterInsideABatchStallsOnlyPastTheLimitWithoutAWrite() async {
        let watch = ListenStallWatch(limit: .seconds(10), now: origin)
        watch.took(busy: true, now: origin)
        #expect(!watch.isStalled(now: origin + .seconds(10)))
        watch.wrote(now: origin + .seconds(9))
        #expect(!watch.isStalled(now: origin + .seconds(18)))
        #expect(watch.isStalled(now: origin + .seconds(19) + .milliseconds(1)))
        // Judged once, for good: a later write does not undo it.
        watch.wrote(now: origin + .seconds(20))
        #expect(watch.isStalled(now: origin + .seconds(20)))
        #expect(await yielded(watch))
    }

    @Test func aStreamThatEndsFinishesTheStallsWithoutAYield() async {
        let watch = ListenStallWatch(limit: .seconds(1), now: origin)
        watch.took(busy: true, now: origin)
        watch.end()
        #expect(await !yielded(watch))
    }

    @Test func theOutboxOfAStalledClientDropsItsQueueAndFinishes() throws {
        let outbox = ListenOutbox(pacePerDocument: .zero, stallLimit: .seconds(5))
        outbox.stallWatch.took(busy: true, now: origin)
        outbox.send(try change("a"), now: origin + .seconds(1))
        outbox.send(try change("b"), now: origin + .seconds(5))
        #expect(outbox.queuedCount == 2)
        outbox.send(try change("c"), now: origin + .seconds(6))
        #expect(outbox.queuedCount == 0)
        if case .finished = outbox.takeQueued(now: origin + .seconds(6)) {} else { Issue.record("the outbox did not finish") }
        outbox.send(try change("d"), now: origin + .seconds(7))
        #expect(outbox.queuedCount == 0)
    }

    @Test func theOutboxOfAClientThatKeepsReadingKeepsEverything() throws {
        let outbox = ListenOutbox(pacePerDocument: .zero, stallLimit: .seconds(5))
        for second in 0..<20 {
            let now = origin + .seconds(second)
            outbox.stallWatch.took(busy: true, now: now)
            outbox.send(try change("d\(second)"), now: now + .seconds(4))
            outbox.stallWatch.wrote(now: now + .seconds(4))
        }
        #expect(outbox.queuedCount == 20)
    }
}
