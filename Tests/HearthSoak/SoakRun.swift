import Foundation
import FirestoreWire
import Synchronization

/// The cycle loop: start, load, kill at a random moment (or, with `--kill-at map-growth`, inside a
/// map growth: the server kills itself there), verify, restart, check.
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
            // (Drawn before the start, which draws nothing: the same seed gives the same run as before.)
            let backlog = random.next() % 4 == 0
            // Armed cycles rotate through the stages; the bulk-commit cycles keep their own kill.
            let stage = options.killAtMapGrowth && !backlog ? Self.growthStages[cycle % Self.growthStages.count] : nil
            let server = try await start(cycle: cycle, data: data, armed: stage, hearth: hearth, into: &report)
            if pendingCheck { try await check(server, ledger, listener, cycle: cycle - 1, into: &report) }
            let mapBefore = max(recordedMapSize(dataDirectory: data), options.initialMapSize)

            let load = SoakLoad()
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
            } else if let stage {
                // Wait for the server to kill itself inside the growth (or give up and kill it).
                let deadline = Date().addingTimeInterval(options.growthWait)
                while server.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
                if server.killedItselfInGrowth {
                    report.growthKills[stage, default: 0] += 1
                } else {
                    report.armedWithoutGrowth += 1
                }
            } else {
                try await Task.sleep(for: .seconds(loadSeconds))
            }
            if !server.isRunning, !server.killedItselfInGrowth {
                report.violations.append("cycle \(cycle): the server died by itself:\n\(server.output)")
            }
            load.stopped.store(true, ordering: .releasing)
            server.kill()
            await working.value
            await listening.value
            report.kills += 1
            report.commits += load.commits.load(ordering: .relaxed)
            report.aborted += load.aborted.load(ordering: .relaxed)
            // A server that killed itself (armed) did so under the clients: the requests it cut off
            // fail with UNAVAILABLE before the harness could say stop. Those writes stay in doubt.
            let cutOff = server.killedItselfInGrowth
            for error in load.unexpected.withLock({ $0 }) where !(cutOff && error.contains("unavailable")) {
                report.violations.append("cycle \(cycle): unexpected error \(error)")
            }

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

    /// The `HEARTH_FAULT_KILL` stages armed cycles rotate through.
    static let growthStages = ["before-resize", "after-resize", "after-commit"]

    /// Starts the server over `data`.
    private func start(cycle: Int, data: String) async throws -> SoakServer {
        try await SoakServer(
            hearth: options.hearth, data: data, initialMapSize: options.initialMapSize,
            log: options.scratch + "/serve-\(cycle % 2).log")
    }

    /// Starts the server over `data`, armed to kill itself at `stage` of its first map growth. When
    /// the growth comes while it opens (recovering index work a kill left pending), that kill is
    /// counted, the directory verified, and the server started again unarmed.
    private func start(
        cycle: Int, data: String, armed stage: String?, hearth: String, into report: inout SoakReport
    ) async throws -> SoakServer {
        guard let stage else { return try await start(cycle: cycle, data: data) }
        do {
            return try await SoakServer(
                hearth: options.hearth, data: data, initialMapSize: options.initialMapSize,
                log: options.scratch + "/serve-\(cycle % 2).log", faultKill: "map-growth:\(stage):1")
        } catch let failure as SoakFailure where failure == .killedInGrowthAtStart {
            report.growthKillsAtOpen += 1
            report.kills += 1
            let verify = try await runToCompletion(hearth, ["verify", "--data", data, "--initial-map-size", String(options.initialMapSize)])
            report.verifications += 1
            if verify.status != 0 { report.violations.append("cycle \(cycle): hearth verify failed after a kill at open:\n\(verify.output)") }
            return try await start(cycle: cycle, data: data)
        }
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
    /// Kills the server made of itself inside a map growth, by stage (`--kill-at map-growth`).
    var growthKills: [String: Int] = [:]
    /// Armed servers that killed themselves in a growth while opening (then restarted unarmed).
    var growthKillsAtOpen = 0
    /// Armed cycles whose load did not grow the map in time (the harness killed the server).
    var armedWithoutGrowth = 0
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
        \(violations.count) violations\(growthSummary)
        """
    }

    /// The map-growth kills, when the run armed them.
    private var growthSummary: String {
        guard options.killAtMapGrowth else { return "" }
        let total = growthKills.values.reduce(0, +)
        let stages = SoakRun.growthStages.map { "\(growthKills[$0, default: 0]) \($0)" }.joined(separator: ", ")
        return "; \(total) SIGKILLs inside a map growth (\(stages)), \(growthKillsAtOpen) while opening, "
            + "\(armedWithoutGrowth) armed cycles without growth"
    }

    /// The figures as JSON.
    func json() throws -> Data {
        let object: [String: Any] = [
            "cycles": cycles, "kills": kills, "backlogKills": backlogKills, "cyclesWithMapGrowth": cyclesWithMapGrowth,
            "largestMapBytes": largestMap, "commitsAcknowledged": commits, "transactionAborts": aborted,
            "verifyRuns": verifications, "ledgerChecks": checks, "listenerResumes": listenerResumes,
            "listenerSnapshots": snapshots, "seconds": seconds, "violations": violations, "clients": options.clients,
            "seed": options.seed, "epoch": options.epoch, "initialMapSize": options.initialMapSize,
            "killAtMapGrowth": options.killAtMapGrowth, "growthKills": growthKills,
            "growthKillsAtOpen": growthKillsAtOpen, "armedWithoutGrowth": armedWithoutGrowth,
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }
}
