import FirestoreWire
import Foundation
import HearthCore
import SwiftProtobuf

/// Delivers a trigger's events as Eventarc delivers them to Cloud Run: an HTTP POST of a
/// CloudEvent in binary content mode (attributes in `ce-*` headers, the `DocumentEventData`
/// protobuf as the body). Any 2xx answer is a delivery; anything else, or no answer within the
/// timeout, is a failed attempt.
struct CloudEventPoster: TriggerDeliverer {
    let entry: TriggersFile.Entry
    let client: HTTPPostClient

    /// The schema Eventarc names for Firestore document events.
    static let dataSchema =
        "https://github.com/googleapis/google-cloudevents/blob/main/proto/google/events/cloud/firestore/v1/data.proto"

    func deliver(_ event: TriggerEvent) async throws {
        let url = entry.url.absoluteString
        let body = try DocumentEventPayload.encoded(event.change, kind: event.kind)
        let response: HTTPPostClient.Response
        do {
            response = try await client.post(
                to: entry.url, headers: try Self.headers(for: event, entry: entry), body: Array(body), timeout: entry.timeout)
        } catch {
            throw CloudEventDeliveryError(description: "could not reach \(url): \(error)")
        }
        guard (200..<300).contains(response.status) else {
            let text = String(decoding: response.bodyPrefix, as: UTF8.self)
            throw CloudEventDeliveryError(description: "\(url) answered HTTP \(response.status)" + (text.isEmpty ? "" : ": \(text)"))
        }
    }

    /// The CloudEvent's headers for `event`.
    static func headers(for event: TriggerEvent, entry: TriggersFile.Entry) throws -> [(String, String)] {
        let change = event.change
        let path = change.key.path.canonicalString
        let database = change.database
        var time = try change.commitTime.proto.jsonString()
        time = String(time.dropFirst().dropLast())
        var headers = [
            ("Content-Type", "application/protobuf"),
            ("ce-specversion", "1.0"),
            ("ce-id", change.eventID),
            ("ce-source", "//firestore.googleapis.com/projects/\(database.project)/databases/\(database.database)"),
            ("ce-type", event.kind.cloudEventType(withAuthContext: entry.withAuthContext)),
            ("ce-time", time),
            ("ce-subject", "documents/\(path)"),
            ("ce-dataschema", dataSchema),
            ("ce-project", database.project),
            ("ce-database", database.database),
            ("ce-namespace", "(default)"),
            ("ce-document", path),
            ("ce-location", entry.location),
        ]
        if entry.withAuthContext {
            // firebase-functions reads `authid` unconditionally: it is sent (empty without a principal).
            headers.append(("ce-authtype", change.author.type))
            headers.append(("ce-authid", change.author.id ?? ""))
        }
        return headers
    }
}

/// A function answered with something other than 2xx (or not at all).
struct CloudEventDeliveryError: Error, CustomStringConvertible {
    /// What went wrong, naming the URL.
    let description: String
}
