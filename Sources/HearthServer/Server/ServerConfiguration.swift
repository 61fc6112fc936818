package import HearthCore
import HearthAuth

/// How `hearth serve` runs: where it listens, where data lives, which rules and indexes apply.
public struct ServerConfiguration: Sendable, Equatable {
    /// The address to bind (loopback by default).
    public var host: String
    /// The port for gRPC and REST alike; 0 picks a free port.
    public var port: Int
    /// The data directory (created when missing).
    public var dataDirectory: String
    /// The project id shown in the startup lines; any project may still be used by clients.
    public var project: String?
    /// A `firestore.rules` file applied to every project (reloaded when it changes).
    public var rulesFile: String?
    /// Reject queries production Firestore would reject for want of an index.
    public var requireIndexes: Bool
    /// A `firestore.indexes.json` file declaring composite indexes.
    public var indexesFile: String?
    /// The largest request accepted, in bytes (Firestore's 10 MiB).
    public var maxRequestBytes: Int
    /// Whether each commit is flushed to disk before it is acknowledged (`--no-sync` turns it off).
    public var syncsEachCommit: Bool
    /// How long running requests may take to finish once shutdown began, before they are cancelled.
    public var shutdownGracePeriod: Duration
    /// The initial LMDB map size in bytes when not the engine's default (it grows on demand; a tiny
    /// one makes the soak harness exercise map growth).
    public var initialMapSize: Int?
    /// How many recent requests the console's Requests tab keeps (a ring: older ones drop out).
    public var requestRingSize: Int = 1_000
    /// How long a Listen client may go without reading while responses wait for it before its
    /// stream ends with `RESOURCE_EXHAUSTED` (`ListenStallWatch`).
    public var listenStallLimit: Duration = ListenStallWatch.defaultLimit
    /// Origins allowed to call from web pages besides loopback ones (`--cors-origin`; `*` allows every origin).
    public var corsOrigins: [String] = []
    /// A second port serving only HTTP/1.1 for the Auth emulator's clients (nil: the main port serves them).
    public var authPort: Int?
    /// PBKDF2 rounds for the Auth emulator's new password hashes (tests lower it to stay fast).
    public var authPasswordRounds: Int = PasswordHasher.defaultRounds
    /// WebChannel session limits and timings (tests shorten the back channel's renewal).
    package var webChannel = WebChannelLimits()
    /// A `--triggers` file: functions to POST document events to (nil: none).
    public var triggersFile: String?
    /// Whether trigger URLs may point at other machines (`--triggers-allow-remote`); loopback only by default.
    public var triggersAllowRemote = false
    /// Databases (ids, of every project) made Enterprise-edition at start (`--enterprise`); the
    /// setting is stored, so it holds after a restart without the flag.
    public var enterpriseDatabases: [String] = []
    /// How often TTL policies are swept (nil: never by themselves).
    public var ttlSweepInterval: Duration? = .seconds(1)
    /// A crash-test hook: the process kills itself inside a map growth (`HEARTH_FAULT_KILL`,
    /// read by `hearth serve`); nil by default.
    package var killAtMapGrowth: MapGrowthKill?

    /// Creates a configuration; the defaults are those of `hearth serve` without flags.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, dataDirectory: String = "./.hearth", project: String? = nil,
        rulesFile: String? = nil, requireIndexes: Bool = false, indexesFile: String? = nil,
        maxRequestBytes: Int = 10 * 1024 * 1024, syncsEachCommit: Bool = true,
        shutdownGracePeriod: Duration = .seconds(5), initialMapSize: Int? = nil
    ) {
        self.initialMapSize = initialMapSize
        self.shutdownGracePeriod = shutdownGracePeriod
        self.syncsEachCommit = syncsEachCommit
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.project = project
        self.rulesFile = rulesFile
        self.requireIndexes = requireIndexes
        self.indexesFile = indexesFile
        self.maxRequestBytes = maxRequestBytes
    }
}
