/// How an `Environment` is opened: map size, table and reader limits, and durability.
public struct EnvironmentOptions: Sendable {
    /// The initial map size in bytes (rounded up to the page size). The map grows automatically on
    /// `MDB_MAP_FULL` and never shrinks below a size an earlier run already reached.
    public var mapSize: Int
    /// The maximum number of named databases (`mdb_env_set_maxdbs`); count every table plus headroom.
    public var maxDatabases: Int
    /// The size of the reader table (`mdb_env_set_maxreaders`): the most read transactions live at once,
    /// across every process using the environment.
    public var maxReaders: Int
    /// `true` (the default) syncs on every commit. `false` is the non-durable mode (`MDB_NOSYNC` and
    /// `MDB_NOMETASYNC`): a crash may lose recent commits, never corrupt the file; `close()` syncs first.
    public var durable: Bool
    /// With `durable`, `true` skips the sync of the meta page at commit (`MDB_NOMETASYNC`): each
    /// commit's data pages are synced, so a machine crash can undo the last commit but never
    /// corrupt the file; `close()` syncs the rest. For bulk loads, which sync once at their end.
    public var defersMetaSync = false
    /// Told, on the writing thread, about each stage of automatic map growth with the map size at
    /// that moment. A fault-injection hook for crash tests (`hearth serve` sets it only when
    /// `HEARTH_FAULT_KILL` asks); nil, the default, costs nothing.
    public var mapGrowthHook: (@Sendable (MapGrowthStage, Int) -> Void)?

    /// Creates options; the defaults are a 1 GiB map, 16 databases, 126 readers, durable commits.
    public init(mapSize: Int = 1 << 30, maxDatabases: Int = 16, maxReaders: Int = 126, durable: Bool = true) {
        self.mapSize = mapSize
        self.maxDatabases = maxDatabases
        self.maxReaders = maxReaders
        self.durable = durable
    }
}
