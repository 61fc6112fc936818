internal import CLMDB
internal import Synchronization

/// What one page trace saw (`Environment.tracingPages`).
package struct PageTrace: Sendable, Equatable {
    /// Distinct pages of the map holding a key or the start of a value that reads handed out.
    package var pages: Int
    /// Entries handed out (cursor positions and point lookups) while tracing.
    package var entries: Int
    /// The environment's page size in bytes (`mdb_env_stat`).
    package var pageSize: Int

    /// The bytes those pages hold.
    package var bytes: Int { pages * pageSize }
}

/// Records which pages of the map read transactions are handed while a trace runs (a benchmark's
/// measure of the file a read touches). A read transaction looks at the tracer once, as it
/// begins (`ReadTransaction.tracer`); off, an entry read costs a nil check and nothing more.
///
/// A page is counted when a returned key lies on it, or a returned value starts on it: the leaf
/// page of each entry, and the first page of a value stored on overflow pages (its later pages are
/// only touched by readers that read that far). Branch pages are not seen: LMDB walks them
/// internally, and they are a small, hot part of the tree. The page of an address is the address
/// divided by the page size: the map starts on a page boundary (`mmap` aligns it, and LMDB's page
/// is the OS page), so this numbers the file's pages up to a constant (`mdb_env_info` gives no map
/// address unless the map is fixed). Write transactions are not traced (their dirty pages are
/// outside the map).
final class PageTracer: Sendable {
    /// Whether a trace is recording.
    let active = Atomic<Bool>(false)
    /// The page size, the pages and the entries seen so far.
    private let seen = Mutex<(pageSize: UInt, pages: Set<UInt>, entries: Int)>((4_096, [], 0))

    /// This tracer while a trace records, else nil (read by each read transaction as it begins).
    var ifRecording: PageTracer? { active.load(ordering: .acquiring) ? self : nil }

    /// Starts a trace (forgetting any earlier one) for pages of `pageSize` bytes.
    func start(pageSize: Int) {
        seen.withLock { $0 = (UInt(max(1, pageSize)), [], 0) }
        active.store(true, ordering: .releasing)
    }

    /// Ends the trace and returns the distinct pages and the entries seen.
    func stop() -> (pages: Int, entries: Int) {
        active.store(false, ordering: .releasing)
        return seen.withLock { ($0.pages.count, $0.entries) }
    }

    /// Records one entry handed out by a read transaction.
    func record(key: UnsafeRawBufferPointer?, value: UnsafeRawBufferPointer) {
        seen.withLock { state in
            state.entries += 1
            for pointer in [key?.baseAddress, value.baseAddress] {
                if let pointer { state.pages.insert(UInt(bitPattern: pointer) / state.pageSize) }
            }
        }
    }
}

extension Environment {
    /// Runs `body` and reports the distinct map pages its reads were handed (see `PageTracer`):
    /// for benchmarks, which must run nothing else on this environment meanwhile.
    package func tracingPages<R>(_ body: () throws -> R) throws -> (result: R, trace: PageTrace) {
        let pageSize = try read { txn in try txn.pageSize() }
        pageTracer.start(pageSize: pageSize)
        let result: R
        do {
            result = try body()
        } catch {
            _ = pageTracer.stop()
            throw error
        }
        let (pages, entries) = pageTracer.stop()
        return (result, PageTrace(pages: pages, entries: entries, pageSize: pageSize))
    }
}

extension ReadTransaction {
    /// The environment's page size (`mdb_env_stat`).
    func pageSize() throws(LMDBError) -> Int {
        _ = try liveHandle()
        guard let env = environment.handle else { throw LMDBError.transactionEnded }
        var stat = MDB_stat()
        try check(mdb_env_stat(env, &stat), "mdb_env_stat")
        return Int(stat.ms_psize)
    }

    /// Tells the page trace this transaction began under (if any) about an entry it handed out.
    @inline(__always)
    func traced(key: UnsafeRawBufferPointer?, value: UnsafeRawBufferPointer) {
        guard let tracer else { return }
        tracer.record(key: key, value: value)
    }
}
