import Dispatch
import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
package import HearthAuth
package import HearthCore
public import Logging
import NIOCore
import NIOPosix
public import ServiceLifecycle
import Synchronization

/// The Hearth emulator: Firestore's gRPC service and REST/JSON API on one port, plus the
/// emulator endpoints, over one data directory holding any number of projects and databases.
///
/// `start()` binds and returns the port; `shutdown()` ends Listen streams with `UNAVAILABLE`,
/// lets running requests finish and stops accepting connections; `waitUntilStopped()` returns
/// once the server is down and the data directory is closed (queued commits are on disk).
/// As a swift-service-lifecycle `Service`, `run()` does all of it: a `ServiceGroup`'s graceful
/// shutdown (SIGINT/SIGTERM in `hearth serve`) or `POST /shutdown` stops it, and cancellation
/// stops it at once.
public final class HearthEmulator: Service, Sendable {
    /// The configuration the emulator was created with.
    public let configuration: ServerConfiguration
    /// Where the emulator's log lines go (requests at `info`, problems at `warning` and above).
    public let logger: Logger
    /// The engine serving every project (package-visible for the benchmarks' in-process baselines).
    package let engine: Engine
    let rules: ProjectRulesPolicy
    let listens = ListenRegistry()
    /// The open WebChannel sessions (the JS SDK's Listen and Write streams).
    let webChannelSessions: WebChannelSessions
    /// The Auth emulator's accounts (`<data directory>/auth`) and operations.
    package let auth: AuthService
    /// Whether `closeStorage()` ran.
    private let storageClosed = Atomic<Bool>(false)
    let engineOptions: EngineOptions
    /// The `--triggers` file's functions (registered by `start()`).
    let triggerEntries: [TriggersFile.Entry]
    private let initialRulesStamp: FileStamp?
    private let running = Mutex(RunState())

    private struct RunState {
        var server: GRPCServer<RPCDeadlineTransport<HTTP2ServerTransport.Custom<SniffingListenerFactory>>>?
        var serveTask: Task<Void, any Error>?
        var watcher: Task<Void, Never>?
        var usageFeed: ListenHandle?
        var authChannel: (any Channel)?
        var port: Int?
        var stopping = false
    }

    /// HTTP/2 settings the server advertises. The library's default receive window (64 KiB, the
    /// protocol's initial one) makes a client stop mid-request on every Commit larger than that
    /// until the server's WINDOW_UPDATE comes back: a 500-document batch (~160 KB) is between two and three windows. An 8 MiB
    /// window (grpc-swift's client default) lets a request of any size Firestore accepts flow in
    /// one go; the frame size stays at the protocol's 16 KiB, which every client supports.
    static var http2Settings: HTTP2ServerTransport.Config.HTTP2 {
        var settings = HTTP2ServerTransport.Config.HTTP2.defaults
        settings.targetWindowSize = 8 * 1024 * 1024
        return settings
    }

    /// Opens the data directory (creating it) and loads the rules and index files; logs to `logger`.
    /// - Throws: `ServerStartError` for unreadable files or invalid rules, `FirestoreError` for storage problems.
    public init(configuration: ServerConfiguration, logger: Logger = Logger(label: "hearth")) throws {
        self.configuration = configuration
        self.logger = logger
        webChannelSessions = WebChannelSessions(limits: configuration.webChannel)
        try FileManager.default.createDirectory(atPath: configuration.dataDirectory, withIntermediateDirectories: true)
        var options = EngineOptions(
            durability: configuration.syncsEachCommit ? .full : .none, requireIndexes: configuration.requireIndexes)
        if let mapSize = configuration.initialMapSize { options.initialMapSize = mapSize }
        options.killAtMapGrowth = configuration.killAtMapGrowth
        options.ttlSweepInterval = configuration.ttlSweepInterval
        triggerEntries = try configuration.triggersFile.map {
            try TriggersFile(path: $0, allowRemoteURLs: configuration.triggersAllowRemote).entries
        } ?? []
        if let indexesFile = configuration.indexesFile {
            let text: String
            do {
                text = try String(contentsOfFile: indexesFile, encoding: .utf8)
            } catch {
                throw ServerStartError(description: "Cannot read indexes file \(indexesFile): \(error.localizedDescription)")
            }
            options.indexes = try IndexConfiguration(json: text)
        }
        engineOptions = options
        engine = try Engine(directory: configuration.dataDirectory, options: options)
        do {
            for database in configuration.enterpriseDatabases {
                try engine.setEditionNow(.enterprise, project: nil, database: database)
            }
        } catch {
            engine.close()
            throw ServerStartError(description: "Cannot store the Enterprise edition setting: \(error.message)")
        }
        rules = ProjectRulesPolicy(engine: engine)
        // Opened by the first Auth request (AuthStore): a start nobody signs in to never opens it.
        let store = AuthStore.acquire(
            directory: (configuration.dataDirectory as NSString).appendingPathComponent("auth"),
            durable: configuration.syncsEachCommit)
        auth = AuthService(store: store, hasher: PasswordHasher(rounds: configuration.authPasswordRounds))
        engine.setBackgroundErrorHandler { [logger] error in
            logger.error("background index work failed (it is retried when a reader needs the index): \(error)")
        }
        if let rulesFile = configuration.rulesFile {
            initialRulesStamp = try RulesFileWatcher(path: rulesFile, policy: rules, logger: logger).loadNow()
        } else {
            initialRulesStamp = nil
        }
    }

    /// The port the emulator listens on, once started.
    public var port: Int? { running.withLock { $0.port } }

    /// Binds the port and starts serving; prints `FIRESTORE_EMULATOR_HOST=host:port` and a line
    /// containing `ready` once connections are accepted. Returns the bound port.
    /// - Throws: when the address cannot be bound.
    @discardableResult
    public func start() async throws -> Int {
        let usage = UsageCounters()
        let usageFeed = engine.followChanges(.everything) { database, changes, _ in usage.commit(changes, database: database) }
        let ring = RequestRing(capacity: configuration.requestRingSize)
        engine.setTTLObserver { [logger] (deletion: TTLDeletion) in
            let (seconds, attoseconds) = deletion.duration.components
            ring.append(RequestRecord(
                sequence: 0, time: Date().timeIntervalSince1970 * 1_000, method: "TTL delete",
                path: "\(deletion.database.documentsRoot)/\(deletion.policy.collectionGroup)",
                principal: "system", status: "OK", durationMs: Double(seconds) * 1_000 + Double(attoseconds) / 1e15,
                rules: RequestLog.RulesOutcome.bypassed.rawValue,
                detail: "\(deletion.paths.count) expired document(s) (\(deletion.policy.fieldPath)): "
                    + deletion.paths.prefix(5).joined(separator: ", ")))
            logger.info("TTL deleted \(deletion.paths.count) document(s) of \(deletion.policy.collectionGroup) in \(deletion.database)")
        }
        let endpoints = makeEndpoints(
            usage: usage, ring: ring, requestShutdown: { [weak self] in self?.shutdown() })
        let router = endpoints.router
        let maxBytes = configuration.maxRequestBytes
        let factory = SniffingListenerFactory(
            host: configuration.host, port: configuration.port, eventLoopGroup: MultiThreadedEventLoopGroup.singleton,
            makeRESTHandler: { RESTChannelHandler(responder: router, maxBodyBytes: maxBytes) })
        var transportConfig = HTTP2ServerTransport.Custom<SniffingListenerFactory>.Config.defaults
        transportConfig.rpc.maxRequestPayloadSize = maxBytes * 4
        transportConfig.http2 = Self.http2Settings
        let transport = HTTP2ServerTransport.Custom(listenerFactory: factory, config: transportConfig)
        let server = GRPCServer(
            transport: RPCDeadlineTransport(base: transport, timers: MultiThreadedEventLoopGroup.singleton),
            services: [endpoints.service])
        let serveTask = Task { try await server.serve() }
        guard let address = await transport.listeningAddress else {
            try await serveTask.value
            throw ServerStartError(description: "Could not listen on \(configuration.host):\(configuration.port).")
        }
        let port = address.ipv4?.port ?? address.ipv6?.port ?? configuration.port
        var watcher: Task<Void, Never>?
        if let rulesFile = configuration.rulesFile, let stamp = initialRulesStamp {
            let fileWatcher = RulesFileWatcher(path: rulesFile, policy: rules, logger: logger)
            watcher = Task { await fileWatcher.watch(from: stamp) }
        }
        running.withLock { state in
            state.server = server
            state.serveTask = serveTask
            state.watcher = watcher
            state.usageFeed = usageFeed
            state.port = port
        }
        do {
            try await registerTriggers()
        } catch {
            shutdown()
            throw error
        }
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        var authPort = port
        if let wanted = configuration.authPort {
            let channel: any Channel
            do {
                channel = try await AuthPortListener.bind(
                    host: configuration.host, port: wanted, group: MultiThreadedEventLoopGroup.singleton,
                    makeRESTHandler: { RESTChannelHandler(responder: router, maxBodyBytes: maxBytes) })
            } catch {
                shutdown()
                throw ServerStartError(description: "Could not listen on \(configuration.host):\(wanted) for Auth: \(error)")
            }
            authPort = channel.localAddress?.port ?? wanted
            running.withLock { $0.authChannel = channel }
        }
        auth.linkBase = "http://\(host):\(authPort)"
        ServerAnnouncements.print("FIRESTORE_EMULATOR_HOST=\(host):\(port)")
        ServerAnnouncements.print(
            "Hearth emulator ready: gRPC and REST on http://\(host):\(port), data in \(configuration.dataDirectory)"
                + (configuration.project.map { ", project \($0)" } ?? ""))
        ServerAnnouncements.print("FIREBASE_AUTH_EMULATOR_HOST=\(host):\(authPort)")
        ServerAnnouncements.print("Hearth console: http://\(host):\(port)/console/")
        if configuration.corsOrigins.contains("*") {
            ServerAnnouncements.print(
                "WARNING: --cors-origin '*': every web page this browser opens may read and change the emulator's data.")
        }
        return port
    }

    /// Starts shutting down: Listen streams end with `UNAVAILABLE`, new connections are refused,
    /// running requests finish; those still running after `configuration.shutdownGracePeriod` are
    /// cancelled. Idempotent.
    public func shutdown() {
        let (server, serveTask, watcher, usageFeed) = running.withLock { state in
            let alreadyStopping = state.stopping
            state.stopping = true
            return alreadyStopping ? (nil, nil, nil, nil) : (state.server, state.serveTask, state.watcher, state.usageFeed)
        }
        watcher?.cancel()
        usageFeed?.cancel()
        running.withLock { state in
            state.authChannel?.close(promise: nil)
            state.authChannel = nil
        }
        listens.shutdown()
        webChannelSessions.shutdown()
        server?.beginGracefulShutdown()
        if let serveTask {
            let grace = configuration.shutdownGracePeriod
            Task {
                try? await Task.sleep(for: grace)
                serveTask.cancel()
            }
        }
    }

    /// Stops at once: running requests are cancelled (used when the emulator's task is cancelled).
    public func stopNow() {
        shutdown()
        running.withLock { $0.serveTask }?.cancel()
    }

    /// Closes the data directory: the engine and this emulator's share of the account store
    /// (idempotent; in-process users such as the fuzz targets call it instead of stopping a server).
    package func closeStorage() {
        guard !storageClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        auth.store.release()
        engine.close()
    }

    deinit { closeStorage() }

    /// Waits until the server has stopped, then closes the data directory.
    public func waitUntilStopped() async {
        let serveTask = running.withLock { $0.serveTask }
        _ = await serveTask?.result
        closeStorage()
    }

    /// Starts, serves until a graceful shutdown (the service group's, or `POST /shutdown`) or
    /// cancellation, and returns once everything is closed.
    /// - Throws: when the port cannot be bound.
    public func run() async throws {
        try await start()
        await withTaskCancellationHandler {
            await withGracefulShutdownHandler {
                await waitUntilStopped()
            } onGracefulShutdown: {
                self.shutdown()
            }
        } onCancel: {
            self.stopNow()
        }
        ServerAnnouncements.print("Hearth emulator stopped")
    }
}
