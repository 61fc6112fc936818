import Foundation
import FirestoreWire
import GRPCCore
import Synchronization

/// What the clients share during one cycle's load: the stop signal, and what they counted.
final class SoakLoad: Sendable {
    /// Set just before the kill: errors after it are the kill's doing, not the server's.
    let stopped = Atomic(false)
    /// Set once the cycle's bulk commit (its index work deferred) was acknowledged.
    let bulkAcknowledged = Atomic(false)
    /// Commits acknowledged during the cycle.
    let commits = Atomic(0)
    /// Transaction commits refused with ABORTED (contention) and retried.
    let aborted = Atomic(0)
    /// Errors while the server was meant to be up.
    let unexpected = Mutex<[String]>([])

    /// Records `error` as unexpected unless the kill already came.
    func failed(_ what: String, _ error: any Error) {
        guard !stopped.load(ordering: .acquiring) else { return }
        unexpected.withLock { $0.append("\(what): \(error)") }
    }

    /// Whether the load should stop.
    var isStopped: Bool { stopped.load(ordering: .acquiring) }
}

/// One client's share of the load: batches over every database, transactions on contended
/// counters, server-side increments; the first client may open with a bulk commit whose index
/// work is deferred. Everything sent goes through the ledger first.
struct SoakWorker: Sendable {
    /// Documents in the bulk commit (above the engine's deferral threshold of 256 writes).
    static let bulkSize = 300

    let index: Int
    let cycle: Int
    let port: Int
    let ledger: SoakLedger
    let load: SoakLoad
    let bulkFirst: Bool
    let seed: UInt64

    /// Runs until the load stops or the connection dies.
    func run() async {
        var random = SoakRandom(seed: seed)
        do {
            try await SoakWire.withClient(port: port) { client in
                if bulkFirst { try await bulk(client) }
                var sequence = 0
                while !load.isStopped {
                    sequence += 1
                    let database = SoakWire.databases[Int(random.next() % UInt64(SoakWire.databases.count))]
                    switch random.next() % 100 {
                    case 0..<55: try await batch(client, database: database, sequence: sequence, random: &random)
                    case 55..<80: try await transaction(client, database: database, counter: Int(random.next() % 2))
                    default: try await increment(client, database: database)
                    }
                }
            }
        } catch {
            load.failed("client \(index)", error)
        }
    }

    /// Commits one batch of 1–8 documents tagged with its id and size.
    private func batch(_ client: SoakWire.Client, database: String, sequence: Int, random: inout SoakRandom) async throws {
        let size = 1 + Int(random.next() % 8)
        let batch = SoakLedger.Batch(database: database, collection: "soak", id: "c\(cycle)-w\(index)-\(sequence)", size: size)
        let writes = (0..<size).map { i in
            SoakWire.set("soak/\(batch.id)-\(i)", in: database, [
                "batch": SoakWire.string(batch.id), "size": SoakWire.integer(size), "i": SoakWire.integer(i),
                "padding": SoakWire.string(String(repeating: "p", count: Int(random.next() % 2_000))),
            ])
        }
        try await send(batch, writes, client)
    }

    /// The bulk commit: its index entries are left pending by the engine, then the kill may come.
    private func bulk(_ client: SoakWire.Client) async throws {
        let batch = SoakLedger.Batch(
            database: SoakWire.databases[0], collection: "bulk", id: "c\(cycle)-bulk", size: Self.bulkSize)
        let writes = (0..<Self.bulkSize).map { i in
            SoakWire.set("bulk/\(batch.id)-\(i)", in: batch.database, ["batch": SoakWire.string(batch.id), "n": SoakWire.integer(i)])
        }
        try await send(batch, writes, client)
        load.bulkAcknowledged.store(true, ordering: .releasing)
    }

    /// Sends a batch's commit, keeping the ledger.
    private func send(_ batch: SoakLedger.Batch, _ writes: [Google_Firestore_V1_Write], _ client: SoakWire.Client) async throws {
        ledger.sending(batch)
        do {
            _ = try await client.commit(
                SoakWire.commit(writes, in: batch.database), metadata: SoakWire.metadata, options: SoakWire.options)
        } catch {
            load.failed("batch \(batch.id)", error)
            throw error  // in doubt: the kill may have come after the commit was durable
        }
        ledger.acknowledged(batch)
        load.commits.add(1, ordering: .relaxed)
    }

    /// Adds one to a shared counter in a read-write transaction, retrying on ABORTED.
    private func transaction(_ client: SoakWire.Client, database: String, counter: Int) async throws {
        let path = "counters/shared\(counter)"
        let key = database + "|" + path
        var previous: Data?
        for _ in 0..<20 where !load.isStopped {
            var begin = Google_Firestore_V1_BeginTransactionRequest()
            begin.database = SoakWire.databasePath(database)
            begin.options.readWrite = Google_Firestore_V1_TransactionOptions.ReadWrite()
            // As the SDKs do: a retry names the aborted transaction, which earns it priority.
            if let previous { begin.options.readWrite.retryTransaction = previous }
            let transaction = try await client.beginTransaction(begin, metadata: SoakWire.metadata, options: SoakWire.options).transaction
            var get = Google_Firestore_V1_GetDocumentRequest()
            get.name = SoakWire.name(path, in: database)
            get.transaction = transaction
            let current: Int
            do {
                current = Int(try await client.getDocument(get, metadata: SoakWire.metadata, options: SoakWire.options).fields["n"]?.integerValue ?? 0)
            } catch let error as RPCError where error.code == .notFound {
                current = 0
            }
            let write = SoakWire.set(path, in: database, ["n": SoakWire.integer(current + 1)])
            ledger.sendingIncrement(key)
            do {
                _ = try await client.commit(
                    SoakWire.commit([write], in: database, transaction: transaction), metadata: SoakWire.metadata,
                    options: SoakWire.options)
            } catch let error as RPCError where error.code == .aborted && !load.isStopped {
                ledger.settledIncrement(key, applied: false)
                load.aborted.add(1, ordering: .relaxed)
                previous = transaction
                continue
            } catch {
                load.failed("transaction on \(key)", error)
                throw error
            }
            ledger.settledIncrement(key, applied: true)
            load.commits.add(1, ordering: .relaxed)
            return
        }
    }

    /// Adds one to this client's tally with a server-side increment (no transaction).
    private func increment(_ client: SoakWire.Client, database: String) async throws {
        let path = "tallies/w\(index)"
        let key = database + "|" + path
        ledger.sendingIncrement(key)
        do {
            _ = try await client.commit(
                SoakWire.commit([SoakWire.increment(path, in: database)], in: database), metadata: SoakWire.metadata,
                options: SoakWire.options)
        } catch {
            load.failed("increment of \(key)", error)
            throw error
        }
        ledger.settledIncrement(key, applied: true)
        load.commits.add(1, ordering: .relaxed)
    }
}
