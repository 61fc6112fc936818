import Dispatch
import Foundation
import HearthCore
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
    /// How the rules judged each check of the request, in order: one per document read, query,
    /// listen target, and each write of a batch (with the statement that allowed it, or why each
    /// candidate denied it, and the evaluation traces).
    var verdicts: [AccessVerdict] = []
    /// Checks whose verdicts were not kept (past `AccessVerdictLog.maxVerdicts`).
    var verdictsDropped = 0
    /// Each write the request committed (a batch's one by one), with its path and status; the
    /// console pairs each with its verdict (same path, a write method).
    var writes: [AccessVerdictLog.Write] = []
    /// Writes not kept (past `AccessVerdictLog.maxVerdicts`).
    var writesDropped = 0
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
    /// When the console last read the ring (`DispatchTime` uptime nanoseconds; 0 = never).
    private let lastRead = Atomic<UInt64>(0)
    /// How long after the console's last read requests are still traced: the Requests tab polls
    /// every second, so this only covers a tab in the background or a short network hiccup.
    static let watchWindowNanoseconds: UInt64 = 120 * 1_000_000_000

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

    /// Notes that someone (the console's Requests tab) is reading the ring.
    func noteReader() {
        lastRead.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
    }

    /// Whether someone read the ring lately: only then are requests' rules verdicts traced and
    /// their writes noted (tracing costs; nobody pays it while no console watches).
    var isWatched: Bool {
        let last = lastRead.load(ordering: .relaxed)
        return last != 0 && DispatchTime.now().uptimeNanoseconds &- last < Self.watchWindowNanoseconds
    }

    /// How many records the ring holds now.
    var count: Int { state.withLock { $0.records.count } }
}
