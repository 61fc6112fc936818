package import Foundation
package import HearthCore

/// `hearth serve --triggers FILE`: the functions to call on document events, as JSON —
/// `{"triggers": [{"name": "onUser", "eventType": "google.cloud.firestore.document.v1.written",
/// "document": "users/{userId}", "database": "(default)", "url": "http://127.0.0.1:9000/"}]}`.
/// Optional per trigger: `project` (default: every project), `location` (the `ce-location` sent,
/// default `nam5`), `maxAttempts` (5), `retryBackoffSeconds` (0.1, doubling up to 10), `timeoutSeconds` (60).
package struct TriggersFile: Sendable {
    /// One function to call.
    package struct Entry: Sendable {
        /// The trigger's name: the key of its durable cursor.
        package var definition: TriggerDefinition
        /// Whether the `.withAuthContext` variant was asked for (adds `ce-authtype`/`ce-authid`).
        package var withAuthContext: Bool
        /// Where events are POSTed.
        package var url: URL
        /// The `ce-location` attribute.
        package var location: String
        /// How long one delivery may take.
        package var timeout: Duration
    }

    /// The triggers, in file order.
    package let entries: [Entry]

    /// Reads and checks the file at `path`.
    /// - Throws: `ServerStartError` naming the file and the entry at fault.
    package init(path: String, allowRemoteURLs: Bool) throws {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ServerStartError(description: "Cannot read triggers file \(path): \(error.localizedDescription)")
        }
        do throws(FirestoreError) {
            try self.init(json: text, allowRemoteURLs: allowRemoteURLs)
        } catch {
            throw ServerStartError(description: "Triggers file \(path): \(error.message)")
        }
    }

    /// Parses the file's text.
    /// - Throws: `INVALID_ARGUMENT` naming the entry (`triggers[2].url`) and what is wrong.
    package init(json: String, allowRemoteURLs: Bool) throws(FirestoreError) {
        let file: RawFile
        do {
            file = try JSONDecoder().decode(RawFile.self, from: Data(json.utf8))
        } catch let error as DecodingError {
            throw FirestoreError(
                .invalidArgument, DecodingErrorText.describe(error) + " A triggers file is {\"triggers\": [{…}, …]}.")
        } catch {
            throw FirestoreError(.invalidArgument, "cannot be read as JSON: \(error.localizedDescription)")
        }
        var entries: [Entry] = []
        var names = Set<String>()
        for (index, raw) in file.triggers.enumerated() {
            let entry = try raw.entry(at: "triggers[\(index)]", allowRemoteURLs: allowRemoteURLs)
            guard names.insert(entry.definition.name).inserted else {
                throw FirestoreError(.invalidArgument, "triggers[\(index)].name: \"\(entry.definition.name)\" is used twice.")
            }
            entries.append(entry)
        }
        self.entries = entries
    }

    private struct RawFile: Decodable {
        let triggers: [RawEntry]
    }

    private struct RawEntry: Decodable {
        let name: String?
        let eventType: String?
        let document: String?
        let database: String?
        let project: String?
        let url: String?
        let location: String?
        let maxAttempts: Int?
        let retryBackoffSeconds: Double?
        let timeoutSeconds: Double?

        func entry(at path: String, allowRemoteURLs: Bool) throws(FirestoreError) -> Entry {
            func invalid(_ field: String, _ detail: String) -> FirestoreError {
                FirestoreError(.invalidArgument, "\(path).\(field): \(detail)")
            }
            guard let name, !name.isEmpty, name.utf8.count <= 400 else { throw invalid("name", "needs a name of 1 to 400 bytes.") }
            guard let eventType, let (kind, withAuth) = TriggerEventKind.parse(cloudEventType: eventType) else {
                throw invalid("eventType", "must be google.cloud.firestore.document.v1.created, .updated, .deleted or "
                    + ".written, optionally followed by .withAuthContext (got \(eventType.map { "\"\($0)\"" } ?? "nothing")).")
            }
            guard let document else { throw invalid("document", "needs a document pattern such as \"users/{userId}\".") }
            let pattern: DocumentPattern
            do {
                pattern = try DocumentPattern(document)
            } catch {
                throw invalid("document", error.message)
            }
            guard let text = url, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty else {
                throw invalid("url", "needs an http:// or https:// URL (got \(url.map { "\"\($0)\"" } ?? "nothing")).")
            }
            guard allowRemoteURLs || Self.isLoopback(host) else {
                throw invalid("url", "\(host) is not this machine; Hearth calls only loopback URLs unless started with "
                    + "--triggers-allow-remote.")
            }
            if let maxAttempts, !(1...100).contains(maxAttempts) { throw invalid("maxAttempts", "must be 1 to 100.") }
            if let retryBackoffSeconds, !(0.001...3_600).contains(retryBackoffSeconds) {
                throw invalid("retryBackoffSeconds", "must be between 0.001 and 3600.")
            }
            if let timeoutSeconds, !(0.1...3_600).contains(timeoutSeconds) {
                throw invalid("timeoutSeconds", "must be between 0.1 and 3600.")
            }
            let database = database ?? DatabaseID.defaultDatabase
            var retry = TriggerRetryPolicy(maxAttempts: maxAttempts ?? 5)
            if let retryBackoffSeconds {
                retry.initialBackoff = .milliseconds(Int64(retryBackoffSeconds * 1_000))
                retry.maxBackoff = max(retry.initialBackoff, .seconds(10))
            }
            return Entry(
                definition: TriggerDefinition(
                    name: name, pattern: pattern, kind: kind, project: project, database: database, retry: retry),
                withAuthContext: withAuth, url: url, location: location ?? "nam5",
                timeout: .milliseconds(Int64((timeoutSeconds ?? 60) * 1_000)))
        }

        static func isLoopback(_ host: String) -> Bool {
            let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
            return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
        }
    }
}
