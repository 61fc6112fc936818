internal import Synchronization
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

extension Environment {
    /// Drops this process's mappings of the data file's pages (`madvise(MADV_DONTNEED)` on LMDB's
    /// read-only shared map): the pages stay in the kernel's page cache, and the next read of one
    /// maps it again (a minor fault). Resident memory falls back to what the process allocated, so
    /// a long walk over a large file (an export, an import) does not count every page it passed.
    ///
    /// Safe at any time, inside a read or not: the map is `MAP_SHARED` and never written through,
    /// so a dropped page comes back with the file's contents, which no live snapshot's pages change.
    /// Holds the resize gate so that map growth cannot remap the range meanwhile. Linux only (a
    /// no-op elsewhere). Returns the bytes of mapping advised.
    @discardableResult
    public func releaseMappedPages() -> Int {
        #if os(Linux)
        let reentrant = ThreadActivity.current.isReading(serial)
        gate.enterShared(reentrant: reentrant)
        defer { gate.leaveShared() }
        guard handle != nil else { return 0 }
        // The map moves only when it grows, so its address is looked up again only then.
        let size = mapSize
        let ranges = mappedRanges.withLock { known -> [Range<UInt>] in
            if let known, known.mapSize == size { return known.ranges }
            let found = MappedFile.ranges(of: path + "/" + Environment.dataFileName)
            known = (size, found)
            return found
        }
        var advised = 0
        for range in ranges {
            guard let start = UnsafeMutableRawPointer(bitPattern: range.lowerBound) else { continue }
            if madvise(start, range.count, MADV_DONTNEED) == 0 { advised += range.count }
        }
        return advised
        #else
        return 0
        #endif
    }

    /// The bytes of the data file's map now resident in this process (`Rss` of its mappings in
    /// `/proc/self/smaps`); nil where that file is not available.
    public func mappedResidentBytes() -> Int? {
        MappedFile.residentBytes(of: path + "/" + Environment.dataFileName)
    }
}

extension ReadTransaction {
    /// Releases the data file's mapped pages from inside a transaction (`Environment.releaseMappedPages`):
    /// a long write that walks much of the file (an index catch-up) calls it as it goes. Safe in
    /// a write too: pages it has not changed come back from the file as they were, and the pages
    /// it changed are in its own memory until it commits.
    public func releaseMappedPages() {
        environment.releaseMappedPages()
    }
}

/// Where a file is mapped in this process, read from `/proc/self/maps` and `/proc/self/smaps`.
enum MappedFile {
    /// The address ranges of this process's mappings of the file at `path` (matched by device and
    /// inode, so a path printed oddly in the maps file still matches).
    static func ranges(of path: String) -> [Range<UInt>] {
        guard let identity = identity(of: path), let maps = contents(of: "/proc/self/maps") else { return [] }
        return maps.split(separator: "\n").compactMap { line in
            guard let mapping = Mapping(line: line), mapping.inode == identity.inode, mapping.device == identity.device else {
                return nil
            }
            return mapping.range
        }
    }

    /// The resident bytes of the file's mappings, from `/proc/self/smaps`.
    static func residentBytes(of path: String) -> Int? {
        guard let identity = identity(of: path), let smaps = contents(of: "/proc/self/smaps") else { return nil }
        var total = 0
        var inFile = false
        for line in smaps.split(separator: "\n") {
            if let mapping = Mapping(line: line) {
                inFile = mapping.inode == identity.inode && mapping.device == identity.device
            } else if inFile, line.hasPrefix("Rss:") {
                let kib = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Int($0) }
                total += (kib ?? 0) * 1_024
            }
        }
        return total
    }

    /// One mapping line: `start-end perms offset major:minor inode [path]`.
    private struct Mapping {
        let range: Range<UInt>
        let device: (major: UInt, minor: UInt)
        let inode: UInt

        init?(line: Substring) {
            let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
            guard fields.count >= 5 else { return nil }
            let bounds = fields[0].split(separator: "-")
            let device = fields[3].split(separator: ":")
            guard bounds.count == 2, device.count == 2,
                  let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16), start <= end,
                  let major = UInt(device[0], radix: 16), let minor = UInt(device[1], radix: 16),
                  let inode = UInt(fields[4])
            else { return nil }
            range = start..<end
            self.device = (major, minor)
            self.inode = inode
        }
    }

    /// The file's device (major, minor) and inode; nil when it cannot be stat'ed.
    private static func identity(of path: String) -> (device: (major: UInt, minor: UInt), inode: UInt)? {
        #if os(Linux)
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let device = UInt(info.st_dev)
        // glibc's major() / minor() bit layout, written out (they are macros Swift cannot call).
        let major = ((device & 0x0000_0000_000f_ff00) >> 8) | ((device & 0xffff_f000_0000_0000) >> 32)
        let minor = (device & 0x0000_0000_0000_00ff) | ((device & 0x0000_0fff_fff0_0000) >> 12)
        return ((major, minor), UInt(info.st_ino))
        #else
        return nil
        #endif
    }

    /// A whole (small, virtual) file's text; nil when it cannot be read.
    private static func contents(of path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
