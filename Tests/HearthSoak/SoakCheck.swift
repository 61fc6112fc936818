import Foundation
import FirestoreWire

/// After a restart, compares what the server holds with the ledger: every acknowledged batch is
/// there whole, nothing appears that was never sent, no batch is partial, every counter counts each
/// acknowledged commit exactly once, bulk commits are found through their index, and the listener
/// resumes from its token to a view equal to a fresh query. Returns the violations found.
struct SoakCheck {
    let port: Int
    let ledger: SoakLedger
    let listener: SoakListener

    /// Runs every check, then settles the ledger with what was found.
    func run() async throws -> [String] {
        var violations: [String] = []
        let (acknowledged, inDoubt) = ledger.batches
        let acknowledgedSet = Set(acknowledged)
        let inDoubtSet = Set(inDoubt)
        var found: Set<SoakLedger.Batch> = []
        var counters: [String: Int] = [:]
        var defaultNames: Set<String> = []
        try await SoakWire.withClient(port: port) { client in
            for database in SoakWire.databases {
                var query = SoakWire.query("soak")
                query.select.fields = ["batch", "size"].map { name in
                    var reference = Google_Firestore_V1_StructuredQuery.FieldReference()
                    reference.fieldPath = name
                    return reference
                }
                let documents = try await SoakWire.documents(query, in: database, client: client)
                if database == SoakWire.databases[0] { defaultNames = Set(documents.map(\.name)) }
                var members: [String: (count: Int, size: Int)] = [:]
                for document in documents {
                    let id = document.fields["batch"]?.stringValue ?? "?"
                    let size = Int(document.fields["size"]?.integerValue ?? -1)
                    members[id, default: (0, size)].count += 1
                }
                for (id, member) in members {
                    let batch = SoakLedger.Batch(database: database, collection: "soak", id: id, size: member.size)
                    if member.count != member.size {
                        violations.append("partial batch \(id) in \(database): \(member.count) of \(member.size) documents")
                    }
                    if !acknowledgedSet.contains(batch) && !inDoubtSet.contains(batch) {
                        violations.append("batch \(id) in \(database) was never sent as found (\(member.count) documents)")
                    }
                    found.insert(batch)
                }
            }
            for batch in acknowledged where batch.collection == "soak" && !found.contains(batch) {
                violations.append("acknowledged batch \(batch.id) in \(batch.database) is missing")
            }
            for batch in acknowledged + inDoubt where batch.collection == "bulk" {
                let query = SoakWire.query("bulk", where: "batch", equals: SoakWire.string(batch.id))
                let count = try await SoakWire.documents(query, in: batch.database, client: client).count
                if count == batch.size { found.insert(batch) }
                let allowed = acknowledgedSet.contains(batch) ? [batch.size] : [0, batch.size]
                if !allowed.contains(count) {
                    violations.append("bulk commit \(batch.id): its index finds \(count) of \(batch.size) documents")
                }
            }
            for (key, count) in ledger.counts {
                let parts = key.split(separator: "|", maxSplits: 1).map(String.init)
                let value = try await SoakWire.integerField("n", of: parts[1], in: parts[0], client: client)
                counters[key] = value
                if value < count.acknowledged || value > count.acknowledged + count.inDoubt {
                    violations.append(
                        "counter \(key) is \(value): \(count.acknowledged) acknowledged increments, \(count.inDoubt) in doubt")
                }
            }
        }
        violations += try await checkListener(against: defaultNames)
        ledger.settle(found: found, counters: counters)
        return violations
    }

    /// Resumes the listener from its token and compares its first snapshot with `names`.
    private func checkListener(against names: Set<String>) async throws -> [String] {
        let listener = self.listener
        let port = self.port
        let resumed = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await listener.listen(port: port, untilSnapshot: true)
                return true
            }
            group.addTask {
                try await Task.sleep(for: .seconds(60))
                return false
            }
            let first = try await group.next() ?? false
            group.cancelAll()
            return first
        }
        guard resumed else { return ["the listener got no snapshot within 60 s of resuming"] }
        let view = listener.current.view
        guard view != names else { return [] }
        let missing = names.subtracting(view).sorted().prefix(3)
        let extra = view.subtracting(names).sorted().prefix(3)
        return ["resumed listener's view has \(view.count) documents, the query \(names.count) (missing \(missing), extra \(extra))"]
    }
}
