import Foundation
import FirestoreWire
import GRPCCore
import GRPCNIOTransportHTTP2

/// The generated Firestore client over loopback HTTP/2, and the messages the harness sends.
enum SoakWire {
    /// The generated client type.
    typealias Client = Google_Firestore_V1_Firestore.Client<HTTP2ClientTransport.Posix>

    /// The project every database of the run belongs to.
    static let project = "soak"
    /// The databases the clients write to; the listener watches the first.
    static let databases = ["(default)", "soak-b", "soak-c"]
    /// Every call carries the emulator's admin token.
    static let metadata: Metadata = ["authorization": "Bearer owner"]

    /// Call options: a deadline, so that nothing waits forever on a killed server.
    static var options: CallOptions {
        var options = CallOptions.defaults
        options.timeout = .seconds(30)
        options.waitForReady = false
        return options
    }

    /// `projects/soak/databases/<database>`.
    static func databasePath(_ database: String) -> String { "projects/\(project)/databases/\(database)" }

    /// The resource name of `path` (`collection/id`) in `database`.
    static func name(_ path: String, in database: String) -> String { databasePath(database) + "/documents/" + path }

    /// Runs `body` with a client on its own connection to the server at `port`.
    static func withClient<R: Sendable>(
        port: Int, isolation: isolated (any Actor)? = #isolation, _ body: (Client) async throws -> R
    ) async throws -> R {
        let transport = try HTTP2ClientTransport.Posix(
            target: .ipv4(address: "127.0.0.1", port: port), transportSecurity: .plaintext)
        return try await withGRPCClient(transport: transport) { client in try await body(Client(wrapping: client)) }
    }

    /// An integer value.
    static func integer(_ value: Int) -> Google_Firestore_V1_Value {
        var result = Google_Firestore_V1_Value()
        result.integerValue = Int64(value)
        return result
    }

    /// A string value.
    static func string(_ value: String) -> Google_Firestore_V1_Value {
        var result = Google_Firestore_V1_Value()
        result.stringValue = value
        return result
    }

    /// A write that replaces document `path` with `fields`.
    static func set(_ path: String, in database: String, _ fields: [String: Google_Firestore_V1_Value]) -> Google_Firestore_V1_Write {
        var write = Google_Firestore_V1_Write()
        write.update.name = name(path, in: database)
        write.update.fields = fields
        return write
    }

    /// A write that adds one to field `n` of `path` (creating the document): a server-side increment,
    /// so that a commit applied twice would show.
    static func increment(_ path: String, in database: String) -> Google_Firestore_V1_Write {
        var write = Google_Firestore_V1_Write()
        write.update.name = name(path, in: database)
        write.updateMask = Google_Firestore_V1_DocumentMask()
        var transform = Google_Firestore_V1_DocumentTransform.FieldTransform()
        transform.fieldPath = "n"
        transform.increment = integer(1)
        write.updateTransforms = [transform]
        return write
    }

    /// A commit of `writes` to `database`, in `transaction` when given.
    static func commit(_ writes: [Google_Firestore_V1_Write], in database: String, transaction: Data? = nil) -> Google_Firestore_V1_CommitRequest {
        var request = Google_Firestore_V1_CommitRequest()
        request.database = databasePath(database)
        request.writes = writes
        if let transaction { request.transaction = transaction }
        return request
    }

    /// A query over collection `collection` of `database`, optionally `field == value`.
    static func query(_ collection: String, where field: String? = nil, equals value: Google_Firestore_V1_Value? = nil)
        -> Google_Firestore_V1_StructuredQuery
    {
        var query = Google_Firestore_V1_StructuredQuery()
        var from = Google_Firestore_V1_StructuredQuery.CollectionSelector()
        from.collectionID = collection
        query.from = [from]
        if let field, let value {
            var filter = Google_Firestore_V1_StructuredQuery.FieldFilter()
            filter.field.fieldPath = field
            filter.op = .equal
            filter.value = value
            query.`where`.fieldFilter = filter
        }
        return query
    }

    /// Runs `query` in `database` and returns every document it yields.
    static func documents(_ query: Google_Firestore_V1_StructuredQuery, in database: String, client: Client) async throws
        -> [Google_Firestore_V1_Document]
    {
        var request = Google_Firestore_V1_RunQueryRequest()
        request.parent = databasePath(database) + "/documents"
        request.structuredQuery = query
        return try await client.runQuery(request, metadata: metadata, options: options) { response in
            var documents: [Google_Firestore_V1_Document] = []
            for try await message in response.messages where message.hasDocument { documents.append(message.document) }
            return documents
        }
    }

    /// The integer field `field` of document `path` (0 when the document or field is missing).
    static func integerField(_ field: String, of path: String, in database: String, client: Client) async throws -> Int {
        var request = Google_Firestore_V1_GetDocumentRequest()
        request.name = name(path, in: database)
        do {
            let document = try await client.getDocument(request, metadata: metadata, options: options)
            return Int(document.fields[field]?.integerValue ?? 0)
        } catch let error as RPCError where error.code == .notFound {
            return 0
        }
    }
}
