import FirestoreWire
import GRPCCore
import HearthCore
import SwiftProtobuf
import Testing
@testable import HearthServer

/// `ListenOutbox`: what a Listen stream's writer takes, and which markers it never sends.
@Suite("ListenOutbox")
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

    @Test("a batch keeps every change and only the last global marker")
    func supersededMarkersAreDropped() async throws {
        let outbox = ListenOutbox()
        for (id, version) in [("a", Int64(10)), ("b", 20), ("c", 30)] {
            outbox.send(try change(id))
            outbox.send(marker(version))
        }
        let batch = await outbox.take()
        #expect(labels(batch ?? []) == ["a", "b", "c", "marker@30"])
        #expect(outbox.supersededMarkers == 2)
    }

    @Test("target changes of named targets stay, in order, around the dropped markers")
    func targetChangesStay() async throws {
        let outbox = ListenOutbox()
        outbox.send(.response(ListenMessages.targetChange(.add, targets: [1])))
        outbox.send(try change("a"))
        outbox.send(.response(ListenMessages.targetChange(.current, targets: [1], version: 10)))
        outbox.send(marker(10))
        outbox.send(.response(ListenMessages.targetChange(.remove, targets: [2])))
        outbox.send(try change("b"))
        outbox.send(marker(20))
        let batch = await outbox.take()
        #expect(labels(batch ?? []) == ["add [1]", "a", "current [1]", "remove [2]", "b", "marker@20"])
    }

    @Test("a writer that keeps up gets every marker: each take holds one commit")
    func aWriterThatKeepsUpGetsEveryMarker() async throws {
        let outbox = ListenOutbox()
        var taken: [String] = []
        for (id, version) in [("a", Int64(10)), ("b", 20)] {
            outbox.send(try change(id))
            outbox.send(marker(version))
            taken += labels(await outbox.take() ?? [])
        }
        #expect(taken == ["a", "marker@10", "b", "marker@20"])
        #expect(outbox.supersededMarkers == 0)
    }

    @Test("a waiting writer wakes for the next output, and gets nil once finished and drained")
    func waitingAndFinishing() async throws {
        let outbox = ListenOutbox()
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
        let outbox = ListenOutbox()
        let writer = Task { await outbox.take() == nil }
        try await Task.sleep(for: .milliseconds(50))
        writer.cancel()
        #expect(await writer.value)
    }
}
