/// A moment of automatic map growth in `Environment.write`, reported to
/// `EnvironmentOptions.mapGrowthHook` (a fault-injection point for crash tests; nothing else uses it).
public enum MapGrowthStage: String, Sendable, CaseIterable {
    /// The transaction hit `MDB_MAP_FULL` and was aborted; `mdb_env_set_mapsize` is next. The file
    /// still records the old size and holds no page of the aborted attempt that a meta page reaches.
    case beforeResize = "before-resize"
    /// The map was enlarged in this process only (no commit has recorded the new size yet); the
    /// aborted body is replayed next.
    case afterResize = "after-resize"
    /// The replayed transaction committed at the larger size, which its meta page now records;
    /// `write` returns next (the caller has not been told the commit succeeded).
    case afterCommit = "after-commit"
}
