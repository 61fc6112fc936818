import FirestoreWire
import Foundation
import HearthCore
import SwiftProtobuf

/// Live changes for the console over Server-Sent Events: one `change` event per changed document
/// of the watched collection (or the watched document), straight from the engine's change feed —
/// no query is re-run, so an open console costs writers next to nothing.
enum ConsoleEventStream {
    /// How many events may wait for a slow browser before the oldest are dropped (the page then
    /// shows a gap marker and reloads).
    static let bufferLimit = 1_000

    /// The `text/event-stream` response following `path` (a collection or a document) of `database`.
    static func response(engine: Engine, database: DatabaseID, path: ResourcePath) throws(FirestoreError) -> RESTResponse {
        let scope: ChangeFeedScope
        if path.isCollectionPath {
            scope = .collection(database, path)
        } else {
            scope = .document(database, try DocumentKey(path: path))
        }
        let (stream, continuation) = AsyncStream<Data>.makeStream(bufferingPolicy: .bufferingNewest(bufferLimit))
        let handle = engine.followChanges(scope) { database, changes, version in
            for change in changes {
                continuation.yield(Data(event(change, database: database, version: version).utf8))
            }
        }
        continuation.onTermination = { _ in handle.cancel() }
        var response = RESTResponse(
            status: 200, contentType: "text/event-stream; charset=utf-8", body: Data(": connected\nretry: 1000\n\n".utf8))
        response.stream = stream
        return response
    }

    /// One SSE event: `{"name", "exists", "version", "document"}` with the document as REST JSON.
    static func event(_ change: ChangeSet.Change, database: DatabaseID, version: Int64) -> String {
        let name = "projects/\(database.project)/databases/\(database.database)/documents/\(change.key.path.canonicalString)"
        var document = "null"
        if let after = change.after, let json = try? ProtoDocument.proto(after, in: database).jsonString() {
            document = json
        }
        let quotedName = (try? JSONEncoder().encode(name)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        let payload = "{\"name\":\(quotedName),\"exists\":\(change.after != nil),\"version\":\(version),\"document\":\(document)}"
        return "event: change\ndata: \(payload)\n\n"
    }
}
