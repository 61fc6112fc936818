import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HearthCore
import Logging

extension HearthEmulator {
    /// Registers the `--triggers` file's functions (each resumes from its stored cursor) and
    /// prints one line per trigger.
    /// - Throws: `ServerStartError` when one cannot be registered.
    func registerTriggers() async throws {
        guard !triggerEntries.isEmpty else { return }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = [:]
        configuration.httpMaximumConnectionsPerHost = 4
        let session = URLSession(configuration: configuration)
        for entry in triggerEntries {
            do {
                try await engine.registerTrigger(entry.definition, deliverer: CloudEventPoster(entry: entry, session: session))
            } catch {
                throw ServerStartError(description: "Cannot register trigger \(entry.definition.name): \(error.message)")
            }
            ServerAnnouncements.print(
                "Trigger \(entry.definition.name): \(entry.definition.kind.cloudEventType(withAuthContext: entry.withAuthContext)) "
                    + "on \(entry.definition.pattern) → \(entry.url.absoluteString)")
        }
    }
}
