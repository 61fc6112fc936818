import FirestoreWire
import GRPCCore
import GRPCNIOTransportHTTP2
import HearthCore
import SwiftProtobuf

/// Drives a running emulator over gRPC on loopback, one HTTP/2 connection per client, as an admin.
enum WireBenchClient {
    /// The generated Firestore client over the Posix HTTP/2 transport.
    typealias Client = Google_Firestore_V1_Firestore.Client<HTTP2ClientTransport.Posix>

    /// The metadata every call carries: the emulator's admin token.
    static let metadata: Metadata = ["authorization": "Bearer owner"]

    /// Runs `body` with a client on its own connection to 127.0.0.1:`port`, closing it afterwards.
    static func withClient<R: Sendable>(
        port: Int, isolation: isolated (any Actor)? = #isolation, _ body: (Client) async throws -> R
    ) async throws -> R {
        let transport = try HTTP2ClientTransport.Posix(
            target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
        return try await withGRPCClient(transport: transport) { client in
            try await body(Client(wrapping: client))
        }
    }

    /// Commits `requests` over `connections` clients (each sends its share `inFlight` at a time);
    /// returns seconds.
    static func commit(
        _ requests: [Google_Firestore_V1_CommitRequest], port: Int, connections: Int, inFlight: Int = 1
    ) async throws -> Double {
        try await shared(requests, port: port, connections: connections, inFlight: inFlight) { request, client in
            let response = try await Client(wrapping: client).commit(request: ClientRequest(message: request, metadata: metadata))
            guard response.writeResults.count == request.writes.count else {
                throw WireBenchFailure(description: "Commit returned \(response.writeResults.count) results")
            }
        }
    }

    /// Deals `requests` out over `connections` connections, round robin; each connection sends its
    /// share with `send`, `inFlight` requests at a time (HTTP/2 streams of the one connection, the
    /// next sent before the last is answered), all connections at once. Returns the seconds it all took.
    static func shared<Request: Sendable>(
        _ requests: [Request], port: Int, connections: Int, inFlight: Int = 1,
        send: @escaping @Sendable (Request, GRPCClient<HTTP2ClientTransport.Posix>) async throws -> Void
    ) async throws -> Double {
        let shares = deal(requests, into: connections)
        return try await WireStopwatch.time {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for share in shares {
                    group.addTask {
                        let transport = try HTTP2ClientTransport.Posix(
                            target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
                        try await withGRPCClient(transport: transport) { client in
                            try await withThrowingTaskGroup(of: Void.self) { streams in
                                for lane in deal(share, into: inFlight) {
                                    streams.addTask { for request in lane { try await send(request, client) } }
                                }
                                try await streams.waitForAll()
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }.1
    }

    /// `items` dealt round robin into `count` shares.
    static func deal<Item>(_ items: [Item], into count: Int) -> [[Item]] {
        (0..<max(1, count)).map { c in stride(from: c, to: items.count, by: max(1, count)).map { items[$0] } }
    }

    /// Sends each client's `GetDocument` requests one at a time, all clients at once; returns seconds.
    static func get(_ perClient: [[Google_Firestore_V1_GetDocumentRequest]], port: Int) async throws -> Double {
        try await WireStopwatch.time {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for requests in perClient {
                    group.addTask {
                        try await withClient(port: port) { client in
                            for request in requests { try await getOne(request, with: client) }
                        }
                    }
                }
                try await group.waitForAll()
            }
        }.1
    }

    /// Fetches each of `names` once, as the emulator encodes it (for the transport baseline to serve).
    static func fetchAll(
        _ names: Set<String>, port: Int
    ) async throws -> [String: Google_Firestore_V1_Document] {
        try await withClient(port: port) { client in
            var documents: [String: Google_Firestore_V1_Document] = [:]
            for name in names {
                var request = Google_Firestore_V1_GetDocumentRequest()
                request.name = name
                documents[name] = try await client.getDocument(request: ClientRequest(message: request, metadata: metadata))
            }
            return documents
        }
    }

    /// Runs, over the wire, the query `WireBenchEngine.queryOnce` runs in process (the newest
    /// `createdAt` of `collection`) and returns the seconds it took: the server answers it once
    /// the commits' deferred index work is done.
    static func queryOnce(collection: String, database: DatabaseID, port: Int) async throws -> Double {
        var request = Google_Firestore_V1_RunQueryRequest()
        request.parent = database.resourceName + "/documents"
        var from = Google_Firestore_V1_StructuredQuery.CollectionSelector()
        from.collectionID = collection
        var order = Google_Firestore_V1_StructuredQuery.Order()
        order.field.fieldPath = "createdAt"
        order.direction = .descending
        request.structuredQuery.from = [from]
        request.structuredQuery.orderBy = [order]
        request.structuredQuery.limit = Google_Protobuf_Int32Value(1)
        let (found, seconds) = try await WireStopwatch.time {
            try await withClient(port: port) { client in
                try await client.runQuery(request: ClientRequest(message: request, metadata: metadata)) { response in
                    var documents = 0
                    for try await answer in response.messages where answer.hasDocument { documents += 1 }
                    return documents
                }
            }
        }
        guard found == 1 else { throw WireBenchFailure(description: "the query after the commits found \(found) documents") }
        return seconds
    }

    /// Fetches one document and checks that it came back whole.
    static func getOne(_ request: Google_Firestore_V1_GetDocumentRequest, with client: Client) async throws {
        let document = try await client.getDocument(request: ClientRequest(message: request, metadata: metadata))
        guard document.name == request.name, !document.fields.isEmpty else {
            throw WireBenchFailure(description: "GetDocument returned \(document.name) for \(request.name)")
        }
    }
}
