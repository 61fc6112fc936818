internal import Foundation
import Synchronization

/// Merges sorted run files on a thread of its own and hands the merged entries to the writer in
/// chunks, so that the merge (reading runs, comparing keys) and the writer's appends to LMDB run
/// on two cores at once instead of one after the other.
///
/// At most `capacity` merged chunks wait for the writer; the merging thread waits when they are
/// all full, so memory stays bounded. Appended chunks come back through `recycle` and are filled
/// again, so their memory is allocated once.
final class IndexMergeFeed: @unchecked Sendable {
    // Isolation: every stored `var` is guarded by `condition`.
    private let condition = NSCondition()
    private var ready: [IndexEntryArena] = []
    private var spare: [IndexEntryArena] = []
    private var mergeFinished = false
    private var failure: FirestoreError?
    private var stopped = false
    private let capacity: Int
    private let done = DispatchGroup()
    /// Set by `stop()`; the merge looks at it between chunks and every few thousand entries.
    private let stopRequested = Atomic<Bool>(false)

    /// Starts merging the runs at `paths` into chunks of `chunkEntries` entries (a run that
    /// cannot be opened is reported by `next()`, like any later failure of the merge).
    init(paths: [String], chunkEntries: Int, capacity: Int = 2) {
        self.capacity = max(1, capacity)
        done.enter()
        let thread = Thread { [self] in
            defer { done.leave() }
            var outcome: FirestoreError?
            do throws(FirestoreError) {
                var merge = try IndexRunMerge(paths: paths)
                try produce(&merge, chunkEntries: max(1, chunkEntries))
            } catch {
                outcome = error
            }
            condition.lock()
            failure = outcome
            mergeFinished = true
            condition.broadcast()
            condition.unlock()
        }
        thread.name = "hearth-index-merge"
        thread.start()
    }

    /// The next merged chunk, in key order after every earlier one; nil once every run is merged.
    /// - Throws: the merge's error (a run file that cannot be read, or ends inside an entry).
    func next() throws(FirestoreError) -> IndexEntryArena? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty && !mergeFinished { condition.wait() }
        if !ready.isEmpty {
            let chunk = ready.removeFirst()
            condition.broadcast()
            return chunk
        }
        if let failure { throw failure }
        return nil
    }

    /// Gives back an appended chunk for the merge to fill again.
    func recycle(_ chunk: consuming IndexEntryArena) {
        var emptied = chunk
        emptied.removeAll()
        condition.lock()
        spare.append(emptied)
        condition.unlock()
    }

    /// Stops the merge (when the writer gives up) and waits for its thread to end, so nothing
    /// reads the run files after this returns. Also right after the last chunk: then it only waits.
    func stop() {
        stopRequested.store(true, ordering: .relaxed)
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        done.wait()
    }

    /// The merging thread's loop: fills chunks and queues them, waiting while `capacity` wait.
    private func produce(_ merge: inout IndexRunMerge, chunkEntries: Int) throws(FirestoreError) {
        var chunk = takeSpare()
        while try merge.next({ key, value in chunk.add(key: key, value: value) }) {
            if chunk.count & 4_095 == 0 && stopRequested.load(ordering: .relaxed) { return }
            if chunk.count == chunkEntries {
                guard hand(chunk) else { return }
                chunk = takeSpare()
            }
        }
        if chunk.count > 0 { _ = hand(chunk) }
    }

    /// Queues `chunk` for the writer once there is room; false when the writer stopped the merge.
    private func hand(_ chunk: IndexEntryArena) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while ready.count >= capacity && !stopped { condition.wait() }
        guard !stopped else { return false }
        ready.append(chunk)
        condition.broadcast()
        return true
    }

    /// An emptied chunk to fill: one the writer gave back, else a new one.
    private func takeSpare() -> IndexEntryArena {
        condition.lock()
        defer { condition.unlock() }
        return spare.popLast() ?? IndexEntryArena()
    }
}
