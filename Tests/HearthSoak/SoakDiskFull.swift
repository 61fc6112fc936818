import Foundation
import FirestoreWire
import GRPCCore

/// `hearth-soak --disk-full`: the server's data directory on a small tmpfs. Writes continue until
/// the disk is full; then every write must fail with RESOURCE_EXHAUSTED and a message saying so,
/// reads must keep working, and once the tmpfs is enlarged writing must resume. A SIGKILL, a
/// `hearth verify` and a restart follow: every acknowledged batch is there. Skips (exit 0, says
/// so) when a tmpfs cannot be mounted (not root, or no permission).
struct SoakDiskFull {
    let options: SoakOptions
    /// The tmpfs's size while it fills, and after it is enlarged.
    static let smallSize = "12m"
    static let largeSize = "48m"

    /// Runs the scenario; returns the violations and a summary line.
    func run() async throws -> (violations: [String], summary: String) {
        let mountPoint = options.scratch + "/tmpfs"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        let mounted = try await runToCompletion("/bin/mount", ["-t", "tmpfs", "-o", "size=\(Self.smallSize)", "tmpfs", mountPoint])
        guard mounted.status == 0 else {
            return ([], "hearth-soak --disk-full: skipped, cannot mount a tmpfs (\(mounted.output.trimmingCharacters(in: .whitespacesAndNewlines)))")
        }
        defer { _ = try? Process.run(URL(fileURLWithPath: "/bin/umount"), arguments: ["-l", mountPoint]).waitUntilExit() }
        let data = mountPoint + "/data"
        let ledger = SoakLedger()
        var violations: [String] = []
        var server = try await SoakServer(hearth: options.hearth, data: data, initialMapSize: 1 << 20, log: options.scratch + "/disk-full.log")
        var acknowledgedBeforeFull = 0
        var refusals = 0
        var message = ""
        var resumed = 0
        try await SoakWire.withClient(port: server.port) { client in
            var sequence = 0
            // Fill the disk: commits of 16 documents of 4 KiB until one is refused.
            while message.isEmpty && sequence < 10_000 {
                sequence += 1
                switch try await commit(client, id: "fill-\(sequence)", ledger: ledger) {
                case nil: acknowledgedBeforeFull += 1
                case let error?:
                    message = error.message
                    if error.code != .resourceExhausted {
                        violations.append("a write on a full disk failed with \(error.code), not RESOURCE_EXHAUSTED: \(error.message)")
                    }
                }
            }
            if message.isEmpty { violations.append("10,000 commits of 64 KiB did not fill a \(Self.smallSize) tmpfs") }
            for attempt in 0..<5 {
                if let error = try await commit(client, id: "refused-\(attempt)", ledger: ledger) {
                    if error.code == .resourceExhausted { refusals += 1 } else {
                        violations.append("a write on a full disk failed with \(error.code): \(error.message)")
                    }
                }
            }
            violations += try await missing(ledger, client, when: "while the disk was full")
            let grown = try await runToCompletion("/bin/mount", ["-o", "remount,size=\(Self.largeSize)", mountPoint])
            guard grown.status == 0 else { throw SoakFailure("cannot enlarge the tmpfs: \(grown.output)") }
            for attempt in 0..<20 {
                if let error = try await commit(client, id: "resumed-\(attempt)", ledger: ledger) {
                    violations.append("a write after space returned failed: \(error.code) \(error.message)")
                } else {
                    resumed += 1
                }
            }
        }
        server.kill()
        let verify = try await runToCompletion(options.hearth, ["verify", "--data", data, "--initial-map-size", String(1 << 20)])
        if verify.status != 0 { violations.append("hearth verify after the disk-full run failed:\n\(verify.output)") }
        server = try await SoakServer(hearth: options.hearth, data: data, initialMapSize: 1 << 20, log: options.scratch + "/disk-full-2.log")
        try await SoakWire.withClient(port: server.port) { client in
            violations += try await missing(ledger, client, when: "after the restart")
        }
        server.kill()
        if !message.contains("full") { violations.append("the refusal does not say the disk is full: \(message)") }
        let summary = """
            hearth-soak --disk-full: \(acknowledgedBeforeFull) commits acknowledged on a \(Self.smallSize) tmpfs before it was full; \
            then \(refusals + 1) refused with RESOURCE_EXHAUSTED ("\(message.prefix(90))…"); reads served; \
            \(resumed) of 20 commits acknowledged after growing it to \(Self.largeSize); verify and restart: \
            \(violations.count) violations
            """
        return (violations, summary)
    }

    /// Commits one batch of 16 documents; nil when acknowledged, the error when refused.
    private func commit(_ client: SoakWire.Client, id: String, ledger: SoakLedger) async throws -> RPCError? {
        let batch = SoakLedger.Batch(database: SoakWire.databases[0], collection: "soak", id: id, size: 16)
        let padding = SoakWire.string(String(repeating: "d", count: 4_096))
        let writes = (0..<batch.size).map { i in
            SoakWire.set("soak/\(id)-\(i)", in: batch.database, [
                "batch": SoakWire.string(id), "size": SoakWire.integer(batch.size), "padding": padding,
            ])
        }
        ledger.sending(batch)
        do {
            _ = try await client.commit(SoakWire.commit(writes, in: batch.database), metadata: SoakWire.metadata, options: SoakWire.options)
            ledger.acknowledged(batch)
            return nil
        } catch let error as RPCError {
            ledger.refused(batch)
            return error
        }
    }

    /// The acknowledged batches the server does not return whole (each read by a query).
    private func missing(_ ledger: SoakLedger, _ client: SoakWire.Client, when: String) async throws -> [String] {
        var counts: [String: Int] = [:]
        var select = SoakWire.query("soak")
        var reference = Google_Firestore_V1_StructuredQuery.FieldReference()
        reference.fieldPath = "batch"
        select.select.fields = [reference]
        for document in try await SoakWire.documents(select, in: SoakWire.databases[0], client: client) {
            counts[document.fields["batch"]?.stringValue ?? "?", default: 0] += 1
        }
        let (acknowledged, _) = ledger.batches
        return acknowledged.filter { counts[$0.id] != $0.size }.map { "acknowledged batch \($0.id) not read back whole \(when)" }
            + counts.keys.filter { id in !acknowledged.contains { $0.id == id } }.map { "batch \($0) found but never acknowledged \(when)" }
    }
}
