import Foundation
import HearthCore
import Logging
import NIOPosix
import NIOSSL

extension HearthEmulator {
    /// Registers the `--triggers` file's functions (each resumes from its stored cursor) and
    /// prints one line per trigger.
    /// - Throws: `ServerStartError` when one cannot be registered.
    func registerTriggers() async throws {
        guard !triggerEntries.isEmpty else { return }
        var tls: NIOSSLContext?
        if triggerEntries.contains(where: { $0.url.scheme?.lowercased() == "https" }) {
            do {
                tls = try HTTPPostClient.systemTrustTLS()
            } catch {
                throw ServerStartError(description: "Cannot set up TLS for the https triggers: \(error)")
            }
        }
        let client = HTTPPostClient(group: MultiThreadedEventLoopGroup.singleton, tls: tls)
        for entry in triggerEntries {
            do {
                try await engine.registerTrigger(entry.definition, deliverer: CloudEventPoster(entry: entry, client: client))
            } catch {
                throw ServerStartError(description: "Cannot register trigger \(entry.definition.name): \(error.message)")
            }
            ServerAnnouncements.print(
                "Trigger \(entry.definition.name): \(entry.definition.kind.cloudEventType(withAuthContext: entry.withAuthContext)) "
                    + "on \(entry.definition.pattern) → \(entry.url.absoluteString)")
        }
    }
}
