import FirestoreWire
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HearthCore
import SwiftProtobuf

/// Delivers a trigger's events as Eventarc delivers them to Cloud Run: an HTTP POST of a
/// CloudEvent in binary content mode (attributes in `ce-*` headers, the `DocumentEventData`
/// protobuf as the body). Any 2xx answer is a delivery; anything else, or no answer within the
/// timeout, is a failed attempt.
///
/// It uses Foundation's URLSession (libcurl underneath on Linux): the toolchain ships it, so a
/// client of a few lines costs no extra package to build.
struct CloudEventPoster: TriggerDeliverer {
    let entry: TriggersFile.Entry
    let session: URLSession

    /// The schema Eventarc names for Firestore document events.
    static let dataSchema =
        "https://github.com/googleapis/google-cloudevents/blob/main/proto/google/events/cloud/firestore/v1/data.proto"

    func deliver(_ event: TriggerEvent) async throws {
        var request = URLRequest(url: entry.url)
        request.httpMethod = "POST"
        request.timeoutInterval = Double(entry.timeout.components.seconds) + Double(entry.timeout.components.attoseconds) / 1e18
        for (name, value) in try Self.headers(for: event, entry: entry) { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = try DocumentEventPayload.encoded(event.change, kind: event.kind)
        let body: Data
        let response: URLResponse
        do {
            (body, response) = try await session.data(for: request)
        } catch {
            throw CloudEventDeliveryError(description: "could not reach \(entry.url.absoluteString): \(error.localizedDescription)")
        }
        guard let http = response as? HTTPURLResponse else {
            throw CloudEventDeliveryError(description: "\(entry.url.absoluteString) gave no HTTP response")
        }
        guard (200..<300).contains(http.statusCode) else {
            let text = String(decoding: body.prefix(300), as: UTF8.self)
            throw CloudEventDeliveryError(
                description: "\(entry.url.absoluteString) answered HTTP \(http.statusCode)" + (text.isEmpty ? "" : ": \(text)"))
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
