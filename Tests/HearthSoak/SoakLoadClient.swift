import Foundation
import FirestoreWire
import GRPCCore
import SwiftProtobuf

/// One load client on its own connection: picks an operation at random, times it, repeats.
struct SoakLoadClient: Sendable {
    let index: Int
    let port: Int
    let stats: SoakLoadStats
    let seed: UInt64

    private var database: String { SoakWire.databases[0] }

    /// Runs operations until `deadline`, then merges what it measured into `stats`.
    func run(until deadline: Date) async {
        var random = SoakRandom(seed: seed)
        var latencies: [String: [Double]] = [:]
        var aborted = 0
        var unexpected: [String] = []
        do {
            try await SoakWire.withClient(port: port) { client in
                var sequence = 0
                while Date() < deadline {
                    sequence += 1
                    let roll = random.next() % 100
                    let name = switch roll {
                    case 0..<25: "get"
                    case 25..<35: "batchGet"
                    case 35..<50: "query"
                    case 50..<58: "count"
                    case 58..<78: "batch"
                    case 78..<95: "transaction"
                    default: "listen"
                    }
                    let start = ContinuousClock.now
                    do {
                        aborted += try await perform(name, client, sequence: sequence, random: &random)
                    } catch {
                        unexpected.append("\(name): \(error)")
                        if unexpected.count > 20 { break }
                    }
                    let elapsed = ContinuousClock.now - start
                    latencies[name, default: []].append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                }
            }
        } catch {
            unexpected.append("client \(index): \(error)")
        }
        stats.merge(latencies: latencies, aborted: aborted, unexpected: unexpected)
    }

    /// Performs one operation; returns the ABORTED retries it took.
    private func perform(_ name: String, _ client: SoakWire.Client, sequence: Int, random: inout SoakRandom) async throws -> Int {
        let item = Int(random.next() % 400)
        switch name {
        case "get":
            _ = try await SoakWire.integerField("n", of: "items/i\(item)", in: database, client: client)
        case "batchGet":
            var request = Google_Firestore_V1_BatchGetDocumentsRequest()
            request.database = SoakWire.databasePath(database)
            request.documents = (0..<10).map { SoakWire.name("items/i\((item + $0 * 37) % 400)", in: database) }
            _ = try await client.batchGetDocuments(request, metadata: SoakWire.metadata, options: SoakWire.options) { response in
                var count = 0
                for try await _ in response.messages { count += 1 }
                return count
            }
        case "query":
            var query = SoakWire.query("items", where: "group", equals: SoakWire.integer(item % 20))
            query.limit = .init()
            query.limit.value = 20
            _ = try await SoakWire.documents(query, in: database, client: client)
        case "count":
            var request = Google_Firestore_V1_RunAggregationQueryRequest()
            request.parent = SoakWire.databasePath(database) + "/documents"
            request.structuredAggregationQuery.structuredQuery = SoakWire.query("items", where: "group", equals: SoakWire.integer(item % 20))
            var count = Google_Firestore_V1_StructuredAggregationQuery.Aggregation()
            count.count = .init()
            count.alias = "n"
            request.structuredAggregationQuery.aggregations = [count]
            _ = try await client.runAggregationQuery(request, metadata: SoakWire.metadata, options: SoakWire.options) { response in
                for try await _ in response.messages {}
            }
        case "batch":
            let writes = (0..<3).map { i in
                SoakWire.set("items/i\((item + i) % 400)", in: database, [
                    "group": SoakWire.integer(((item + i) % 400) % 20), "n": SoakWire.integer(sequence), "by": SoakWire.integer(index),
                ])
            }
            _ = try await client.commit(SoakWire.commit(writes, in: database), metadata: SoakWire.metadata, options: SoakWire.options)
        case "transaction":
            return try await transaction(client, counter: Int(random.next() % 4))
        default:
            try await listenOnce(client, group: item % 20)
        }
        return 0
    }

    /// Adds one to a hot counter in a transaction, retrying on ABORTED; returns the retries.
    private func transaction(_ client: SoakWire.Client, counter: Int) async throws -> Int {
        let path = "hot/c\(counter)"
        var previous: Data?
        for attempt in 0..<50 {
            var begin = Google_Firestore_V1_BeginTransactionRequest()
            begin.database = SoakWire.databasePath(database)
            // As the SDKs do: a retry names the aborted transaction, which earns it priority.
            if let previous { begin.options.readWrite.retryTransaction = previous }
            let transaction = try await client.beginTransaction(begin, metadata: SoakWire.metadata, options: SoakWire.options).transaction
            var get = Google_Firestore_V1_GetDocumentRequest()
            get.name = SoakWire.name(path, in: database)
            get.transaction = transaction
            let current: Int64
            do {
                current = try await client.getDocument(get, metadata: SoakWire.metadata, options: SoakWire.options).fields["n"]?.integerValue ?? 0
            } catch let error as RPCError where error.code == .notFound {
                current = 0
            }
            let write = SoakWire.set(path, in: database, ["n": SoakWire.integer(Int(current) + 1)])
            do {
                _ = try await client.commit(
                    SoakWire.commit([write], in: database, transaction: transaction), metadata: SoakWire.metadata, options: SoakWire.options)
                return attempt
            } catch let error as RPCError where error.code == .aborted {
                previous = transaction
                continue
            }
        }
        throw SoakFailure("a transaction on \(path) was aborted 50 times")
    }

    /// Attaches a listener to one group's query, waits for its first snapshot, detaches.
    private func listenOnce(_ client: SoakWire.Client, group: Int) async throws {
        var request = Google_Firestore_V1_ListenRequest()
        request.database = SoakWire.databasePath(database)
        request.addTarget.targetID = 7
        request.addTarget.query.parent = request.database + "/documents"
        request.addTarget.query.structuredQuery = SoakWire.query("items", where: "group", equals: SoakWire.integer(group))
        let opening = request
        try await client.listen(
            metadata: SoakWire.metadata, options: SoakWire.options,
            requestProducer: { writer in
                try await writer.write(opening)
                try await Task.sleep(for: .seconds(3_600))
            },
            onResponse: { response in
                for try await message in response.messages {
                    if case .targetChange(let change) = message.responseType, change.targetChangeType == .noChange,
                        change.targetIds.isEmpty, !change.resumeToken.isEmpty
                    {
                        return
                    }
                }
                throw SoakFailure("the listen stream ended before its first snapshot")
            })
    }
}
