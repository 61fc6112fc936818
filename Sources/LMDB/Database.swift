internal import CLMDB

/// A named database (table) of one `Environment`, opened once at startup with `Environment.openDatabase`.
///
/// The value stays valid for the environment's lifetime and may be shared between threads. Using it with
/// another environment throws `LMDBError.badDatabase`.
public struct Database: Sendable, Hashable {
    /// The table's name, as passed to `openDatabase`.
    public let name: String
    /// The `MDB_dbi` LMDB returned; valid for every transaction begun after the opening one committed.
    let handle: MDB_dbi
    /// The serial number of the environment that opened it, to reject handles from another environment.
    let environmentSerial: UInt64

    init(name: String, handle: MDB_dbi, environmentSerial: UInt64) {
        self.name = name
        self.handle = handle
        self.environmentSerial = environmentSerial
    }
}

/// Size figures for one database, from `mdb_stat`.
public struct DatabaseStatistics: Sendable, Hashable {
    /// The number of entries (key/value pairs).
    public let entries: Int
    /// The depth of the B-tree.
    public let depth: Int
    /// The number of internal (branch) pages.
    public let branchPages: Int
    /// The number of leaf pages.
    public let leafPages: Int
    /// The number of overflow pages (large values).
    public let overflowPages: Int
    /// The page size in bytes.
    public let pageSize: Int

    /// Total pages used by the database (branch + leaf + overflow).
    public var pages: Int { branchPages + leafPages + overflowPages }

    init(_ stat: MDB_stat) {
        entries = Int(stat.ms_entries)
        depth = Int(stat.ms_depth)
        branchPages = Int(stat.ms_branch_pages)
        leafPages = Int(stat.ms_leaf_pages)
        overflowPages = Int(stat.ms_overflow_pages)
        pageSize = Int(stat.ms_psize)
    }
}
