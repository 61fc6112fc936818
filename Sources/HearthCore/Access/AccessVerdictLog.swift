import Synchronization

/// Collects the verdicts of one request's rules checks, and the writes it committed, when someone
/// wants them told in full (the console's request log). Set it as `AccessVerdictLog.current`
/// around the request's work: the engine hands it to the policy with each check (commits carry it
/// to the writer) and notes each write it commits; a policy that sees it records a traced
/// `AccessVerdict`. Without one, policies evaluate untraced and nothing is noted.
package final class AccessVerdictLog: Sendable {
    /// The log of the request running in this task, if any.
    @TaskLocal package static var current: AccessVerdictLog?

    /// Most verdicts kept for one request (a batch of 500 writes keeps the first ones).
    package static let maxVerdicts = 100
    /// Most trace steps kept for one request across its verdicts; later verdicts keep their
    /// statements but not their traces (marked truncated), so a request costs bounded memory.
    package static let maxTraceSteps = 500

    /// One write a request committed (or tried to).
    package struct Write: Sendable, Equatable, Encodable {
        /// The document path, relative to the database.
        package var path: String
        /// `set`, `update`, `delete` or `verify`, with `+transform` when it has field transforms.
        package var operation: String
        /// How its commit ended: `OK` or the status code's name.
        package var status: String
    }

    private struct State {
        var verdicts: [AccessVerdict] = []
        var dropped = 0
        var steps = 0
        var writes: [Write] = []
        var writesDropped = 0
    }

    private let state = Mutex(State())

    /// An empty log.
    package init() {}

    /// Adds a verdict (counted but not kept past `maxVerdicts`; its traces left out once the
    /// request's `maxTraceSteps` are used up).
    package func append(_ verdict: AccessVerdict) {
        state.withLock { state in
            guard state.verdicts.count < Self.maxVerdicts else {
                state.dropped += 1
                return
            }
            var kept = verdict
            let steps = verdict.statements.reduce(0) { $0 + $1.trace.count }
            if state.steps + steps > Self.maxTraceSteps {
                for index in kept.statements.indices where !kept.statements[index].trace.isEmpty {
                    kept.statements[index].trace = []
                    kept.statements[index].traceTruncated = true
                }
            } else {
                state.steps += steps
            }
            state.verdicts.append(kept)
        }
    }

    /// Notes the writes of one commit and how it ended (kept up to `maxVerdicts`).
    package func noteWrites(_ writes: [HearthCore.Write], status: FirestoreError.Code) {
        state.withLock { state in
            for write in writes {
                guard state.writes.count < Self.maxVerdicts else {
                    state.writesDropped += 1
                    continue
                }
                let operation: String
                switch write.operation {
                case .set: operation = "set"
                case .update: operation = "update"
                case .delete: operation = "delete"
                case .verify: operation = "verify"
                }
                state.writes.append(Write(
                    path: write.key.path.canonicalString,
                    operation: write.transforms.isEmpty ? operation : operation + "+transform", status: status.name))
            }
        }
    }

    /// The writes noted, in commit order.
    package var writes: [Write] { state.withLock { $0.writes } }

    /// How many writes were not kept.
    package var writesDropped: Int { state.withLock { $0.writesDropped } }

    /// The verdicts kept, in the order the checks ran.
    package var verdicts: [AccessVerdict] { state.withLock { $0.verdicts } }

    /// How many verdicts were not kept.
    package var dropped: Int { state.withLock { $0.dropped } }
}
