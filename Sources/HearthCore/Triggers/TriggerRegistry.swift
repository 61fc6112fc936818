import LMDB
import Synchronization

/// The triggers registered on an engine, by name.
final class TriggerRegistry: Sendable {
    private let runners = Mutex<[String: TriggerRunner]>([:])
    /// Noted by the runners as they get on; `waitForTriggers` waits on it.
    let progress = TriggerProgress()

    /// The runner registered as `name`.
    func runner(named name: String) -> TriggerRunner? { runners.withLock { $0[name] } }

    /// Every registered runner, by name.
    var all: [TriggerRunner] { runners.withLock { $0.values.sorted { $0.definition.name < $1.definition.name } } }

    /// Adds `runner`. - Throws: `ALREADY_EXISTS` when its name is taken.
    func add(_ runner: TriggerRunner) throws(FirestoreError) {
        try runners.withLock { table throws(FirestoreError) in
            guard table[runner.definition.name] == nil else {
                throw FirestoreError(.alreadyExists, "A trigger named \(runner.definition.name) is already registered.")
            }
            table[runner.definition.name] = runner
        }
    }

    /// Removes and returns the runner registered as `name` (a waiter no longer waits for it).
    func remove(_ name: String) -> TriggerRunner? {
        defer { progress.note() }
        return runners.withLock { $0.removeValue(forKey: name) }
    }

    /// Removes and returns every runner.
    func removeAll() -> [TriggerRunner] {
        defer { progress.note() }
        return runners.withLock { table in
            defer { table.removeAll() }
            return Array(table.values)
        }
    }
}

extension Engine {
    /// Registers a trigger: from now on (or from its stored cursor, when one of that name ran
    /// before) every change it fires on is delivered to `deliverer`, in commit order.
    /// - Throws: `ALREADY_EXISTS` when a trigger of that name is registered; `INVALID_ARGUMENT` for
    ///   an empty name; `UNAVAILABLE` when the engine is closed.
    @discardableResult
    package func registerTrigger(
        _ definition: TriggerDefinition, deliverer: any TriggerDeliverer
    ) async throws(FirestoreError) -> TriggerRunner {
        guard !definition.name.isEmpty, definition.name.utf8.count <= 400 else {
            throw FirestoreError(.invalidArgument, "A trigger's name must be 1 to 400 bytes long.")
        }
        let stored = try triggerCursor(definition.name)
        let cursor = stored ?? writer.latestVersion
        let runner = TriggerRunner(definition: definition, deliverer: deliverer, engine: self, cursor: cursor)
        try triggers.add(runner)
        if stored == nil {
            do {
                try await saveTriggerState([.cursor(trigger: definition.name, version: cursor)])
            } catch {
                _ = triggers.remove(definition.name)
                throw error
            }
        }
        runner.start()
        return runner
    }

    /// Stops and unregisters trigger `name` (its cursor stays: registering it again resumes there;
    /// `forgetTrigger` drops it). Returns false when no such trigger is registered.
    @discardableResult
    package func removeTrigger(named name: String) -> Bool {
        guard let runner = triggers.remove(name) else { return false }
        runner.stop()
        flushTriggerCursors(only: name)
        return true
    }

    /// The registered triggers' statuses, by name.
    package func triggerStatuses() -> [TriggerStatus] { triggers.all.map(\.status) }

    /// Delivers a dead letter of a registered trigger once more, removing it on success.
    /// - Throws: `NOT_FOUND` when the trigger is not registered or has no such letter;
    ///   `UNAVAILABLE` when the delivery failed again.
    package func replayDeadLetter(trigger name: String, id: DeadLetter.ID) async throws(FirestoreError) {
        guard let runner = triggers.runner(named: name) else {
            throw FirestoreError(.notFound, "No trigger named \(name) is registered.")
        }
        try await runner.replay(id)
    }

    /// Removes a dead letter without delivering it. - Throws: `NOT_FOUND` when there is none.
    package func dismissDeadLetter(trigger name: String, id: DeadLetter.ID) async throws(FirestoreError) {
        guard try deadLetters(trigger: name).contains(where: { $0.id == id }) else {
            throw FirestoreError(.notFound, "No dead letter \(id.version)-\(id.index) for trigger \(name).")
        }
        try await saveTriggerState([.removeDeadLetter(trigger: name, eventID: id)])
    }

    /// Stops every trigger (closing).
    func stopTriggers() {
        for runner in triggers.removeAll() { runner.stop() }
        flushTriggerCursors()
    }
}

extension Engine {
    /// The version of the newest commit-log entry (0 when the log is empty).
    func lastLoggedVersion() throws(FirestoreError) -> Int64 {
        try read { txn in
            var last: Int64 = 0
            try txn.scan(in: store.tables.changes, from: nil, to: nil, reverse: true) { key, _ in
                last = key.bigEndianUInt64(at: 0).map { Int64(bitPattern: $0) } ?? 0
                return false
            }
            return last
        }
    }

    /// Returns once every registered trigger is done with every commit made before the call and
    /// with the commits their handlers made meanwhile (delivered, or dead-lettered): what a test or
    /// a demo waits for before looking at a trigger's work. Suspends between the runners' progress
    /// notes (no polling); returns early when the calling task is cancelled.
    package func waitForTriggers() async throws(FirestoreError) {
        var target = try lastLoggedVersion()
        while !Task.isCancelled {
            let seen = triggers.progress.generation
            let behind = triggers.all.contains { $0.status.cursor < target }
            if !behind {
                let newer = try lastLoggedVersion()
                if newer == target { return }
                target = newer
                continue
            }
            await triggers.progress.wait(after: seen)
        }
    }
}
