import FirestoreWire
import Foundation
import HearthCore
import SwiftProtobuf

/// The console's Triggers tab data: each registered trigger with its cursor and counts, every
/// dead letter (registered trigger or not), and the TTL policies with what they deleted.
struct ConsoleTriggerReport: Encodable {
    struct Trigger: Encodable {
        let name: String
        let pattern: String
        let kind: String
        let cursor: String
        let delivered: Int
        let retries: Int
        let deadLettered: Int
        let lastError: String?
    }

    struct Letter: Encodable {
        let trigger: String
        let id: String
        let document: String
        let database: String
        let attempts: Int
        let error: String
        let failedAt: String
        let registered: Bool
    }

    struct Policy: Encodable {
        let collectionGroup: String
        let fieldPath: String
        let deleted: Int
        let lastSweep: String?
        let recent: [String]
        let lastError: String?
    }

    let triggers: [Trigger]
    let deadLetters: [Letter]
    let ttl: [Policy]

    /// The report for `engine`.
    init(engine: Engine) throws(FirestoreError) {
        let statuses = engine.triggerStatuses()
        let registered = Set(statuses.map(\.name))
        triggers = statuses.map { status in
            Trigger(
                name: status.name, pattern: status.pattern, kind: status.kind.rawValue,
                cursor: Timestamp(microseconds: status.cursor).rfc3339, delivered: status.delivered, retries: status.retries,
                deadLettered: status.deadLettered, lastError: status.lastError)
        }
        deadLetters = try engine.deadLetters().map { letter in
            Letter(
                trigger: letter.trigger, id: letter.change.eventID, document: letter.key.path.canonicalString,
                database: letter.database.resourceName, attempts: letter.attempts, error: letter.error,
                failedAt: Timestamp(microseconds: letter.failedAt).rfc3339, registered: registered.contains(letter.trigger))
        }
        ttl = engine.ttlStatuses().map { status in
            Policy(
                collectionGroup: status.policy.collectionGroup, fieldPath: status.policy.fieldPath, deleted: status.deleted,
                lastSweep: status.lastSweep.map { Timestamp(microseconds: $0).rfc3339 }, recent: status.recent,
                lastError: status.lastError)
        }
    }

    /// Parses a dead letter id as the report gives it (`<16 hex digits>-<index>`).
    static func letterID(_ text: String) throws(FirestoreError) -> DeadLetter.ID {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let version = UInt64(parts[0], radix: 16), let index = Int(parts[1]) else {
            throw FirestoreError(.invalidArgument, "Expected a dead letter id like 0006234abc000000-0, got '\(text)'.")
        }
        return DeadLetter.ID(version: Int64(bitPattern: version), index: index)
    }
}

private extension Timestamp {
    /// RFC 3339 in UTC (the protobuf JSON form, without its quotes).
    var rfc3339: String {
        let quoted = (try? proto.jsonString()) ?? "\"\""
        return String(quoted.dropFirst().dropLast())
    }
}
