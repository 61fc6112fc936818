import Foundation
import FirestoreWire
import Synchronization

/// The cycle loop: start, load, kill at a random moment, verify, restart, check.
struct SoakRun {
    let options: SoakOptions

    /// Runs every cycle and returns the figures.
    func run() async throws -> SoakReport {
        var report = SoakReport(options: options)
        let started = Date()
        var random = SoakRandom(seed: options.seed)
        var ledger = SoakLedger()
        let listener = SoakListener()
        let data = options.scratch + "/data"
        let hearth = options.hearth
        var pendingCheck = false
        try FileManager.default.createDirectory(atPath: options.scratch, withIntermediateDirectories: true)
        for cycle in 0..<options.cycles {
            if cycle % options.epoch == 0 {
                try? FileManager.default.removeItem(atPath: data)
                ledger = SoakLedger()
                listener.reset()
            }
            let server = try await start(cycle: cycle, data: data)
            if pendingCheck { try await check(server, ledger, listener, cycle: cycle - 1, into: &report) }
            let mapBefore = max(recordedMapSize(dataDirectory: data), options.initialMapSize)

            let load = SoakLoad()
            let backlog = random.next() % 4 == 0
            let workers = (0..<options.clients).map { index in
                SoakWorker(
                    index: index, cycle: cycle, port: server.port, ledger: ledger, load: load,
                    bulkFirst: backlog && index == 0, seed: random.next())
            }
            let port = server.port
            let listening = Task { try? await listener.listen(port: port, untilSnapshot: false) }
            let working = Task {
                await withTaskGroup(of: Void.self) { group in
                    for worker in workers { group.addTask { await worker.run() } }
                }
            }
            let loadSeconds = options.minimumLoad + Double(random.next() % 1_000) / 1_000 * (options.maximumLoad - options.minimumLoad)
            if backlog {
                let deadline = Date().addingTimeInterval(60)
                while !load.bulkAcknowledged.load(ordering: .acquiring), Date() < deadline, server.isRunning {
                    try await Task.sleep(for: .milliseconds(2))
                }
                try await Task.sleep(for: .milliseconds(Int(random.next() % 30)))
                report.backlogKills += 1
            } else {
                try await Task.sleep(for: .seconds(loadSeconds))
            }
            if !server.isRunning { report.violations.append("cycle \(cycle): the server died by itself:\n\(server.output)") }
            load.stopped.store(true, ordering: .releasing)
            server.kill()
            await working.value
            await listening.value
            report.kills += 1
            report.commits += load.commits.load(ordering: .relaxed)
            report.aborted += load.aborted.load(ordering: .relaxed)
            for error in load.unexpected.withLock({ $0 }) { report.violations.append("cycle \(cycle): unexpected error \(error)") }

            let verify = try await runToCompletion(hearth, ["verify", "--data", data, "--initial-map-size", String(options.initialMapSize)])
            report.verifications += 1
            if verify.status != 0 { report.violations.append("cycle \(cycle): hearth verify failed:\n\(verify.output)") }
            let mapAfter = recordedMapSize(dataDirectory: data)
            if mapAfter > mapBefore { report.cyclesWithMapGrowth += 1 }
            report.largestMap = max(report.largestMap, mapAfter)
            pendingCheck = true

            if (cycle + 1) % options.epoch == 0 || cycle + 1 == options.cycles {
                let last = try await start(cycle: cycle, data: data)
                try await check(last, ledger, listener, cycle: cycle, into: &report)
                last.kill()
                pendingCheck = false
            }
            report.cycles += 1
            if (cycle + 1) % 10 == 0 || cycle + 1 == options.cycles {
                say(
                    "cycle \(cycle + 1)/\(options.cycles): \(report.commits) commits acknowledged, "
                        + "\(report.violations.count) violations, \(Int(Date().timeIntervalSince(started))) s")
            }
        }
        report.seconds = Date().timeIntervalSince(started)
        report.listenerResumes = listener.resumes.load(ordering: .relaxed)
        report.snapshots = listener.snapshots.load(ordering: .relaxed)
        return report
    }

    /// Starts the server over `data`.
    private func start(cycle: Int, data: String) async throws -> SoakServer {
        try await SoakServer(
            hearth: options.hearth, data: data, initialMapSize: options.initialMapSize,
            log: options.scratch + "/serve-\(cycle % 2).log")
    }

    /// Checks the restarted server against the ledger.
    private func check(
        _ server: SoakServer, _ ledger: SoakLedger, _ listener: SoakListener, cycle: Int, into report: inout SoakReport
    ) async throws {
        if options.injectLoss, let victim = ledger.batches.acknowledged.first(where: { $0.collection == "soak" }) {
            try await SoakWire.withClient(port: server.port) { client in
                var delete = Google_Firestore_V1_Write()
                delete.delete = SoakWire.name("soak/\(victim.id)-0", in: victim.database)
                _ = try await client.commit(
                    SoakWire.commit([delete], in: victim.database), metadata: SoakWire.metadata, options: SoakWire.options)
            }
        }
        let violations = try await SoakCheck(port: server.port, ledger: ledger, listener: listener).run()
        report.checks += 1
        report.violations += violations.map { "after the kill of cycle \(cycle): \($0)" }
    }
}

/// The figures of a run.
struct SoakReport: Sendable {
    let options: SoakOptions
    var cycles = 0
    var kills = 0
    var backlogKills = 0
    var cyclesWithMapGrowth = 0
    var largestMap = 0
    var commits = 0
    var aborted = 0
    var verifications = 0
    var checks = 0
    var listenerResumes = 0
    var snapshots = 0
    var seconds = 0.0
    var violations: [String] = []

    /// One paragraph for the terminal.
    var summary: String {
        """
        hearth-soak: \(cycles) cycles (\(kills) SIGKILLs, \(backlogKills) right after a deferred-index bulk commit, \
        \(cyclesWithMapGrowth) with map growth under load, map now \(largestMap / 1024) KiB) in \(Int(seconds)) s; \
        \(commits) commits acknowledged, \(aborted) transaction commits aborted and retried; \
        \(verifications) hearth verify runs, \(checks) ledger checks, \(listenerResumes) listener resumes; \
        \(violations.count) violations
        """
    }

    /// The figures as JSON.
    func json() throws -> Data {
        let object: [String: Any] = [
            "cycles": cycles, "kills": kills, "backlogKills": backlogKills, "cyclesWithMapGrowth": cyclesWithMapGrowth,
            "largestMapBytes": largestMap, "commitsAcknowledged": commits, "transactionAborts": aborted,
            "verifyRuns": verifications, "ledgerChecks": checks, "listenerResumes": listenerResumes,
            "listenerSnapshots": snapshots, "seconds": seconds, "violations": violations, "clients": options.clients,
            "seed": options.seed, "epoch": options.epoch, "initialMapSize": options.initialMapSize,
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }
}
