public import ArgumentParser
import Foundation
import HearthCore
package import HearthServer
public import Logging
import ServiceLifecycle
import UnixSignals

/// `hearth serve`: runs the emulator — Firestore's gRPC and REST on one port — until SIGINT,
/// SIGTERM or `POST /shutdown`, then shuts down gracefully.
package struct ServeCommand: AsyncParsableCommand {
    /// The subcommand's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Run the emulator (gRPC and REST on one port).")

    /// The address to bind.
    @Option(help: "The address to bind (loopback by default).")
    package var host: String = "127.0.0.1"

    /// The port for gRPC and REST.
    @Option(help: "The port for gRPC and REST (0 picks a free port).")
    package var port: Int = 8080

    /// The data directory.
    @OptionGroup package var data: DataDirectoryOptions

    /// The project id shown in the start-up lines.
    @Option(help: "The project id shown in the start-up lines (clients may use any project).")
    package var project: String?

    /// A rules file applied to every project.
    @Option(help: ArgumentHelp("A firestore.rules file applied to every project, reloaded when it changes.", valueName: "file"))
    package var rules: String?

    /// A composite-index declaration file.
    @Option(help: ArgumentHelp("A firestore.indexes.json file declaring composite indexes.", valueName: "file"))
    package var indexes: String?

    /// Whether queries that lack their composite index are refused.
    @Flag(help: "Reject queries that production Firestore would reject for want of a composite index.")
    package var requireIndexes = false

    /// Whether commits skip the flush to disk.
    @Flag(
        name: .customLong("no-sync"),
        help: "Do not flush each commit to disk before answering (faster; a machine crash can lose recent commits).")
    package var noSync = false

    /// An export to load at start when the data directory holds no documents.
    @Option(
        name: .customLong("import"),
        help: ArgumentHelp("Load this export (emulator folder, gcloud export or .jsonl) at start when the data directory is empty.", valueName: "path"))
    package var importPath: String?

    /// Where to export when the emulator stops.
    @Option(help: ArgumentHelp("Export the project's (default) database here (emulator layout) when the emulator stops.", valueName: "path"))
    package var exportOnExit: String?

    /// A second port for the Auth emulator's clients.
    @Option(help: ArgumentHelp("Also serve the Auth emulator on this port (9099 is what Firebase tooling assumes); the main port serves it too.", valueName: "port"))
    package var authPort: Int?

    /// The initial LMDB map size (a test knob: the soak harness starts tiny to exercise map growth).
    @Option(help: .hidden)
    package var initialMapSize: Int?

    /// Seconds a Listen client may stop reading before its stream ends (tests shorten it).
    @Option(help: .hidden)
    package var listenStallLimit: Double?

    /// Seconds a streaming WebChannel back channel lasts before the client renews it (tests shorten it).
    @Option(help: .hidden)
    package var webChannelRenewal: Double?

    /// Origins allowed to call from web pages besides loopback ones.
    @Option(
        name: .customLong("cors-origin"),
        help: ArgumentHelp(
            "Allow web pages from this origin (e.g. http://192.168.1.20:5173) besides loopback ones; repeatable; '*' allows every origin.",
            valueName: "origin"))
    package var corsOrigins: [String] = []

    /// How many recent requests the console keeps.
    @Option(help: ArgumentHelp("A JSON file of functions to POST Firestore document events to (CloudEvents, as Eventarc sends them).", valueName: "file"))
    var triggers: String?

    @Flag(help: "Let --triggers URLs point at other machines (loopback only by default).")
    var triggersAllowRemote = false

    @Option(
        help: ArgumentHelp(
            "Make these databases (ids, comma-separated or repeated; e.g. '(default)') Enterprise edition, which runs "
                + "pipelines. Stored in the data directory: it holds after restarts without the flag.",
            valueName: "db[,db…]"),
        transform: { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } })
    var enterprise: [[String]] = []

    @Option(help: ArgumentHelp("Seconds between TTL sweeps of the policies in --indexes (0: never).", valueName: "seconds"))
    var ttlInterval: Double = 1

    @Option(help: ArgumentHelp("How many recent requests the console's Requests tab keeps (older ones drop out).", valueName: "count"))
    package var requestLogSize: Int = 1_000

    /// How much the emulator logs.
    @Option(help: "How much to log to stderr: trace, debug, info (one line per request), notice, warning, error, critical.")
    package var logLevel: Logger.Level = .notice

    /// Creates the command (ArgumentParser fills it in).
    package init() {}

    /// Checks what parsing alone cannot: the port's range.
    package func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("Invalid value for '--port': \(port) is not between 0 and 65535.")
        }
        if let initialMapSize, initialMapSize < 65_536 {
            throw ValidationError("Invalid value for '--initial-map-size': \(initialMapSize) is below 65536 bytes.")
        }
        guard requestLogSize > 0 else {
            throw ValidationError("Invalid value for '--request-log-size': \(requestLogSize) must be at least 1.")
        }
        if let listenStallLimit, !(0.1...86_400).contains(listenStallLimit) {
            throw ValidationError("Invalid value for '--listen-stall-limit': \(listenStallLimit) is not between 0.1 and 86400 seconds.")
        }
        if let authPort, !(0...65_535).contains(authPort) {
            throw ValidationError("Invalid value for '--auth-port': \(authPort) is not a port number.")
        }
        if let webChannelRenewal, !(0.5...3_600).contains(webChannelRenewal) {
            throw ValidationError("Invalid value for '--web-channel-renewal': \(webChannelRenewal) is not between 0.5 and 3600 seconds.")
        }
        for origin in corsOrigins where origin != "*" && !(origin.hasPrefix("http://") || origin.hasPrefix("https://")) {
            throw ValidationError("Invalid value for '--cors-origin': '\(origin)' is not an origin like http://host:port (or '*').")
        }
        for database in enterprise.joined() where !Self.isDatabaseID(database) {
            throw ValidationError("Invalid value for '--enterprise': '\(database)' is not a database id ('(default)' or 4-63 of a-z, 0-9, -).")
        }
        guard ttlInterval >= 0, ttlInterval <= 86_400 else {
            throw ValidationError("Invalid value for '--ttl-interval': \(ttlInterval) is not between 0 and 86400 seconds.")
        }
        _ = try Self.faultKill()
    }

    /// Whether `text` is a Firestore database id: `(default)`, or 4-63 lower-case letters, digits
    /// and hyphens starting with a letter.
    static func isDatabaseID(_ text: String) -> Bool {
        if text == "(default)" { return true }
        guard (4...63).contains(text.count), let first = text.first, first.isLowercase, first.isLetter else { return false }
        return text.allSatisfy { ($0.isLetter && $0.isLowercase && $0.isASCII) || $0.isNumber || $0 == "-" }
    }

    /// The crash-test hook `HEARTH_FAULT_KILL` asks for (`map-growth[:STAGE][:N]`), nil when unset.
    /// - Throws: `ValidationError` when it is set to something else.
    static func faultKill() throws -> MapGrowthKill? {
        guard let text = ProcessInfo.processInfo.environment[MapGrowthKill.environmentVariable] else { return nil }
        do {
            return try MapGrowthKill(parsing: text)
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The server configuration the flags describe.
    package var serverConfiguration: ServerConfiguration {
        var configuration = ServerConfiguration(
            host: host, port: port, dataDirectory: data.directory, project: project, rulesFile: rules,
            requireIndexes: requireIndexes, indexesFile: indexes, syncsEachCommit: !noSync,
            initialMapSize: initialMapSize)
        configuration.requestRingSize = requestLogSize
        if let listenStallLimit { configuration.listenStallLimit = .milliseconds(Int64(listenStallLimit * 1_000)) }
        if let webChannelRenewal { configuration.webChannel.backChannelRenewal = .milliseconds(Int64(webChannelRenewal * 1_000)) }
        configuration.corsOrigins = corsOrigins
        configuration.authPort = authPort
        configuration.triggersFile = triggers
        configuration.triggersAllowRemote = triggersAllowRemote
        configuration.enterpriseDatabases = Array(enterprise.joined())
        configuration.ttlSweepInterval = ttlInterval > 0 ? .milliseconds(Int64(ttlInterval * 1_000)) : nil
        configuration.killAtMapGrowth = try? Self.faultKill()
        return configuration
    }

    /// Starts the emulator in a service group that shuts it down gracefully on SIGINT or SIGTERM.
    package func run() async throws {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "hearth")
        if let importPath {
            try await SeedTransfer.importIfEmpty(importPath, directory: data.directory, project: project, syncs: !noSync)
        }
        let emulator = try HearthEmulator(configuration: serverConfiguration, logger: logger)
        // The emulator also stops by itself (`POST /shutdown`): that ends the group normally.
        let service = ServiceGroupConfiguration.ServiceConfiguration(
            service: emulator, successTerminationBehavior: .gracefullyShutdownGroup, serviceName: "hearth-emulator")
        var group = ServiceGroupConfiguration(
            services: [service], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        group.maximumGracefulShutdownDuration = serverConfiguration.shutdownGracePeriod
        try await ServiceGroup(configuration: group).run()
        if let exportOnExit { try SeedTransfer.export(to: exportOnExit, directory: data.directory, project: project) }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
