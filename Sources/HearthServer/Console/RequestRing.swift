import Foundation
import Synchronization

/// One finished request as the console's Requests tab shows it.
struct RequestRecord: Sendable, Encodable {
    /// Increasing number, so a client can ask for what came after what it has.
    var sequence: Int
    /// When the request finished (milliseconds since 1970).
    var time: Double
    /// `REST GET`, `Commit`, `Listen`, …
    var method: String
    /// The resource the request named.
    var path: String
    /// `admin`, `uid:<uid>`, `anonymous` or `-`.
    var principal: String
    /// The canonical status name (`OK`, `PERMISSION_DENIED`, …).
    var status: String
    /// Milliseconds from start to finish.
    var durationMs: Double
    /// The rules outcome: `bypassed (admin)`, `none loaded`, `allowed` or `denied`.
    var rules: String
    /// For failures: the error message (for denials, the rules' verdict per statement and line).
    var detail: String?
}

/// A bounded ring of the most recent requests: memory stays flat however many requests come.
final class RequestRing: Sendable {
    private struct State {
        var records: [RequestRecord] = []
        var next = 0
        var sequence = 0
    }

    /// How many records are kept.
    let capacity: Int
    private let state = Mutex(State())

    /// Creates a ring keeping the last `capacity` requests (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Adds a finished request, dropping the oldest when full; numbers it.
    func append(_ record: RequestRecord) {
        state.withLock { state in
            state.sequence += 1
            var numbered = record
            numbered.sequence = state.sequence
            if state.records.count < capacity {
                state.records.append(numbered)
            } else {
                state.records[state.next] = numbered
                state.next = (state.next + 1) % capacity
            }
        }
    }

    /// The kept records numbered above `after`, oldest first, at most `limit` of the newest.
    func records(after: Int, limit: Int) -> [RequestRecord] {
        state.withLock { state in
            let ordered = Array(state.records[state.next...]) + Array(state.records[..<state.next])
            return Array(ordered.filter { $0.sequence > after }.suffix(max(0, limit)))
        }
    }

    /// How many records the ring holds now.
    var count: Int { state.withLock { $0.records.count } }
}
