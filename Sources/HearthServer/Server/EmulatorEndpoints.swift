package import FirestoreWire
package import Foundation
import HearthCore

/// The emulator's request handlers — the REST router (with the console) and the gRPC service — wired
/// as `HearthEmulator.start()` serves them, so they can also be driven in-process without a socket
/// (the fuzz targets in `Fuzz/` do: package-visible, not public API).
package struct EmulatorEndpoints: Sendable {
    /// Routes REST and console requests.
    let router: RESTRouter
    /// The `google.firestore.v1.Firestore` service.
    let service: FirestoreGRPCService

    /// The gRPC service, for calling its methods directly.
    package var grpc: any Google_Firestore_V1_Firestore.ServiceProtocol { service }

    /// Answers one REST request as the server routes it: the HTTP status and the body (a streamed
    /// body, the console's event feed, is not read).
    package func rest(method: String, uri: String, authorization: String?, body: Data) async -> (status: Int, body: Data) {
        let response = await router.respond(to: RESTRequest(method: method, uri: uri, authorization: authorization, body: body))
        return (response.status, response.body)
    }
}

extension HearthEmulator {
    /// The endpoints over this emulator's engine, counting usage in `usage` and logging requests
    /// to `ring`; `requestShutdown` is what `POST /shutdown` runs.
    func makeEndpoints(
        usage: UsageCounters, ring: RequestRing, requestShutdown: @escaping @Sendable () -> Void
    ) -> EmulatorEndpoints {
        let operations = FirestoreOperations(engine: engine, usage: usage)
        let controls = EmulatorControls(engine: engine, rules: rules, listens: listens, requestShutdown: requestShutdown)
        let log = RequestLog(logger: logger, rules: rules, ring: ring)
        let console = ConsoleRoutes(
            controls: controls, ring: ring, usage: usage, guardian: ConsoleGuard(boundHost: configuration.host),
            requireIndexes: configuration.requireIndexes, project: configuration.project)
        let writeStreams = WriteStreamHistory()
        let rpcs = WebChannelRPCs(
            operations: operations, listens: listens, writeStreams: writeStreams, log: log,
            retentionMicroseconds: engineOptions.retentionMicroseconds, listenStallLimit: configuration.listenStallLimit)
        let router = RESTRouter(
            operations: operations, controls: controls, log: log, console: console,
            webChannel: WebChannelRoutes(sessions: webChannelSessions, rpcs: rpcs),
            auth: AuthRoutes(service: auth, defaultProject: configuration.project ?? AuthRoutes.fallbackProject),
            cors: CORSPolicy(configured: configuration.corsOrigins, boundHost: configuration.host))
        let service = FirestoreGRPCService(
            operations: operations, listens: listens, maxRequestBytes: configuration.maxRequestBytes,
            retentionMicroseconds: engineOptions.retentionMicroseconds, listenStallLimit: configuration.listenStallLimit,
            writeStreams: writeStreams, log: log)
        return EmulatorEndpoints(router: router, service: service)
    }

    /// The endpoints for in-process use (no socket, no usage feed; `POST /shutdown` does nothing).
    package func inProcessEndpoints() -> EmulatorEndpoints {
        makeEndpoints(usage: UsageCounters(), ring: RequestRing(capacity: configuration.requestRingSize), requestShutdown: {})
    }
}
