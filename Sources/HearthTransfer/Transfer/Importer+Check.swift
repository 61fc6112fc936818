import Foundation
import Synchronization
import HearthCore

extension Importer {
    /// Threads the check before a checked or replacing import uses by default: one per core
    /// (at most 8), so the pass that writes nothing takes a fraction of the write pass's time.
    package static var defaultCheckThreads: Int { max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8)) }

    /// Reads every record of the source at `path` and prepares it as the import would, writing
    /// nothing: the parts of the source (`DocumentSource.parts`) are read at the same time, one
    /// per thread. Returns the databases the records go to.
    /// - Throws: the error the same records read in order would give first (the first invalid
    ///   record unless `skipInvalid`, damaged framing); `CANCELLED` when the task is cancelled.
    func check(path: String, progress: ProgressHandler?) async throws(FirestoreError) -> Set<DatabaseID> {
        let parts = try DocumentSource.parts(of: path, count: checkThreads, minimumBytes: minimumCheckPartBytes)
        let tally = CheckTally(totalBytes: parts.reduce(0) { $0 + $1.bytes }, progress: progress)
        let outcomes = await withTaskGroup(of: (Int, PartOutcome).self) { group in
            for (index, part) in parts.enumerated() {
                group.addTask { (index, self.check(part, index: index, tally: tally)) }
            }
            var outcomes = [PartOutcome?](repeating: nil, count: parts.count)
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes.compactMap { $0 }
        }
        // The parts before the first failed one were read to their ends without an error, so its
        // error is the one a single reader would have met first.
        if let failed = outcomes.first(where: { $0.error != nil }), let error = failed.error { throw error }
        if Task.isCancelled {
            throw FirestoreError(.cancelled, "Import stopped while checking the source; nothing was written.")
        }
        tally.report()
        return outcomes.reduce(into: []) { $0.formUnion($1.targets) }
    }

    /// What checking one part found.
    private struct PartOutcome: Sendable {
        var targets: Set<DatabaseID> = []
        var error: FirestoreError?
    }

    /// Reads one part to its end or its first error (or until an earlier part has failed).
    private func check(_ part: DocumentSource.Part, index: Int, tally: CheckTally) -> PartOutcome {
        let source = DocumentSource(part: part, passingDamage: skipInvalid)
        var outcome = PartOutcome()
        var counts = CheckTally.Counts()
        var reportedBytes: Int64 = 0
        do throws(FirestoreError) {
            while let item = try source.next() {
                switch try take(item) {
                case .skipped:
                    counts.skipped += 1
                case .damaged:
                    counts.damaged += 1
                case .write(_, let target):
                    outcome.targets.insert(target)
                    counts.documents += 1
                }
                if (counts.documents + counts.skipped) % 512 == 0 {
                    counts.bytes = source.bytesRead - reportedBytes
                    reportedBytes = source.bytesRead
                    counts.damagedBytes = 0
                    guard tally.add(counts, from: index) else {
                        if Task.isCancelled {
                            throw FirestoreError(.cancelled, "Import stopped while checking the source; nothing was written.")
                        }
                        return outcome  // an earlier part failed: its error is the one reported
                    }
                    counts = CheckTally.Counts()
                }
            }
            counts.bytes = source.bytesRead - reportedBytes
            counts.damagedBytes = source.damagedBytes
            _ = tally.add(counts, from: index)
        } catch {
            outcome.error = error
            tally.fail(index)
        }
        return outcome
    }
}

/// The progress of a check read by several threads: their counts summed, reported at most five
/// times a second, and which parts may stop because an earlier one failed.
private final class CheckTally: Sendable {
    /// Counts one thread adds.
    struct Counts {
        var documents: Int64 = 0
        var skipped: Int64 = 0
        var damaged: Int64 = 0
        var damagedBytes: Int64 = 0
        var bytes: Int64 = 0
    }

    private struct State {
        var progress = TransferProgress()
        var lastReport = ContinuousClock.now
        var firstFailure = Int.max
    }

    private let state: Mutex<State>
    private let handler: ProgressHandler?

    init(totalBytes: Int64, progress: ProgressHandler?) {
        var initial = State()
        initial.progress.phase = "checking"
        initial.progress.totalBytes = totalBytes
        state = Mutex(initial)
        handler = progress
    }

    /// Adds counts from part `index`; false when that part should stop (an earlier part failed,
    /// or the import was cancelled).
    func add(_ counts: Counts, from index: Int) -> Bool {
        let (report, goOn) = state.withLock { state -> (TransferProgress?, Bool) in
            state.progress.documents += counts.documents
            state.progress.skipped += counts.skipped
            state.progress.damaged += counts.damaged
            state.progress.damagedBytes += counts.damagedBytes
            state.progress.bytes += counts.bytes
            var report: TransferProgress?
            if handler != nil, ContinuousClock.now - state.lastReport > .milliseconds(200) {
                state.lastReport = ContinuousClock.now
                report = state.progress
            }
            return (report, state.firstFailure > index)
        }
        if let report { handler?(report) }
        return goOn && !Task.isCancelled
    }

    /// Part `index` failed: later parts may stop.
    func fail(_ index: Int) {
        state.withLock { $0.firstFailure = min($0.firstFailure, index) }
    }

    /// Reports the totals (at the end of the check).
    func report() {
        let progress = state.withLock { $0.progress }
        handler?(progress)
    }
}
