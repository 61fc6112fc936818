import FirestoreWire
import Foundation
import HearthCore
import SwiftProtobuf
@testable import HearthServer

/// Drives a `ListenStateMachine` on `projects/p/databases/(default)` and renders what it answers
/// as short lines (`"ADD [7]"`, `"NO_CHANGE [] @980"`, `"listen 7 [rooms/a]"`), read back from
/// the responses' own fields so a wrong type, id, version, token or cause shows.
struct ListenMachineDriver {
    /// How far back resume tokens reach: 100 s.
    static let retention: Int64 = 100_000_000
    /// The clock and the newest commit every request is judged at: now 1000 s, latest 990 s, so a
    /// resume point is usable from 960 s (retention less the margin) through 990 s.
    static let moment = ListenMoment(now: 1_000_000_000, latestVersion: 990_000_000)

    /// The stream's database.
    let database: DatabaseID
    /// The machine under test.
    var machine = ListenStateMachine(retentionMicroseconds: retention)

    /// A driver with a fresh machine.
    init() throws { database = try DatabaseID(project: "p") }

    /// Feeds one event and returns the machine's answer as it is.
    mutating func actions(_ event: ListenEvent) -> [ListenAction] { machine.handle(event) }

    /// Feeds one event and returns the machine's answer as lines.
    mutating func feed(_ event: ListenEvent) -> [String] { Self.lines(machine.handle(event)) }

    /// Sends an add-target request.
    mutating func add(_ target: Google_Firestore_V1_Target) -> [String] {
        var request = Google_Firestore_V1_ListenRequest()
        request.database = database.resourceName
        request.addTarget = target
        return feed(.request(request, Self.moment))
    }

    /// Sends a remove-target request.
    mutating func remove(_ id: Int32) -> [String] {
        var request = Google_Firestore_V1_ListenRequest()
        request.database = database.resourceName
        request.removeTarget = id
        return feed(.request(request, Self.moment))
    }

    /// A documents target for `paths` (relative to the documents root).
    func documentsTarget(_ id: Int32, _ paths: [String], resumeToken: Data? = nil, once: Bool = false) -> Google_Firestore_V1_Target {
        var target = Google_Firestore_V1_Target()
        target.targetID = id
        target.documents.documents = paths.map { "\(database.resourceName)/documents/\($0)" }
        if let resumeToken { target.resumeToken = resumeToken }
        target.once = once
        return target
    }

    /// A query target over the top-level collection `collection`.
    func queryTarget(_ id: Int32, _ collection: String, resumeToken: Data? = nil) -> Google_Firestore_V1_Target {
        var selector = Google_Firestore_V1_StructuredQuery.CollectionSelector()
        selector.collectionID = collection
        var target = Google_Firestore_V1_Target()
        target.targetID = id
        target.query.parent = "\(database.resourceName)/documents"
        target.query.structuredQuery.from = [selector]
        if let resumeToken { target.resumeToken = resumeToken }
        return target
    }

    /// The key at `path`.
    func key(_ path: String) throws -> DocumentKey { try DocumentKey(validating: path) }

    /// A document at `path` last updated at version `updated`.
    func document(_ path: String, updated: Int64) throws -> Document {
        Document(
            key: try key(path), fields: ["updated": .integer(updated)],
            createTime: Timestamp(microseconds: 1), updateTime: Timestamp(microseconds: updated))
    }

    /// Each action as a line.
    static func lines(_ actions: [ListenAction]) -> [String] { actions.map(line) }

    /// One action as a line.
    static func line(_ action: ListenAction) -> String {
        switch action {
        case .send(let response): line(response)
        case .readDocuments(let target, let keys, _, let version): "read \(target) \(list(keys)) @\(version)"
        case .listenToDocuments(let target, let keys, _): "listen \(target) \(list(keys))"
        case .listenToQuery(let target, let query, _, let after):
            "listen \(target) query \(query.collectionID ?? "*")" + (after.map { " after \($0)" } ?? "")
        case .stopListeners(let target): "stop \(target)"
        case .fail(let error): "fail \(error.code.name)"
        case .finish: "finish"
        }
    }

    /// One response as a line.
    static func line(_ response: Google_Firestore_V1_ListenResponse) -> String {
        switch response.responseType {
        case .targetChange(let change): line(change)
        case .documentChange(let change):
            "change \(relative(change.document.name)) updated \(micros(change.document.updateTime)) \(change.targetIds)"
                + (change.removedTargetIds.isEmpty ? "" : " removed \(change.removedTargetIds)")
        case .documentDelete(let delete):
            "delete \(relative(delete.document)) @\(micros(delete.readTime)) \(delete.removedTargetIds)"
        case .documentRemove(let remove):
            "remove \(relative(remove.document)) @\(micros(remove.readTime)) \(remove.removedTargetIds)"
        case .filter: "filter"
        case nil: "empty response"
        }
    }

    /// A target change: its type, ids, then its version (and a token that disagrees) and cause.
    private static func line(_ change: Google_Firestore_V1_TargetChange) -> String {
        let type = switch change.targetChangeType {
        case .noChange: "NO_CHANGE"
        case .add: "ADD"
        case .remove: "REMOVE"
        case .current: "CURRENT"
        case .reset: "RESET"
        case .UNRECOGNIZED(let raw): "UNRECOGNIZED(\(raw))"
        }
        var line = "\(type) \(change.targetIds)"
        if change.hasReadTime {
            let version = micros(change.readTime)
            line += " @\(version)"
            let token = ResumeToken.decode(change.resumeToken)
            if token != version { line += " token=\(token.map(String.init) ?? "none")" }
        } else if !change.resumeToken.isEmpty {
            line += " token without read time"
        }
        if change.hasCause {
            line += " cause=" + (FirestoreError.Code(rawValue: Int(change.cause.code))?.name ?? "\(change.cause.code)")
        }
        return line
    }

    /// Document paths as `[a/b, a/c]`.
    private static func list(_ keys: [DocumentKey]) -> String {
        "[" + keys.map(\.description).joined(separator: ", ") + "]"
    }

    /// A wire timestamp in microseconds.
    private static func micros(_ time: Google_Protobuf_Timestamp) -> Int64 {
        time.seconds * 1_000_000 + Int64(time.nanos / 1_000)
    }

    /// A document name without the database's documents root.
    private static func relative(_ name: String) -> String {
        guard let range = name.range(of: "/documents/") else { return name }
        return String(name[range.upperBound...])
    }
}
