internal import CLMDB

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A one-byte allocation standing in for the address of empty buffers, so LMDB never gets a NULL data
/// pointer (it would `memcpy` from it). Never written and never read past zero bytes, hence safe to share.
nonisolated(unsafe) private let emptyBytes = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)

extension MDB_val {
    /// An `MDB_val` naming `buffer`'s bytes. LMDB only reads through it (puts copy the bytes in).
    init(_ buffer: UnsafeRawBufferPointer) {
        self.init(mv_size: buffer.count, mv_data: UnsafeMutableRawPointer(mutating: buffer.baseAddress) ?? emptyBytes)
    }

    /// The bytes LMDB returned: they point into the map, so they are only lent to closures (lmdb.h:
    /// valid until the next update in the transaction or its end).
    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: mv_data, count: mv_size)
    }
}

/// LMDB's default key order: byte-wise `memcmp`, and on a shared prefix the shorter key first.
func compareKeys(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Int {
    let common = min(lhs.count, rhs.count)
    // Keys are short: eight bytes at a time as big-endian words settles them without a call.
    var offset = 0
    while offset + 8 <= common {
        let left = UInt64(bigEndian: lhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let right = UInt64(bigEndian: rhs.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        if left != right { return left < right ? -1 : 1 }
        offset += 8
    }
    while offset < common {
        if lhs[offset] != rhs[offset] { return Int(lhs[offset]) - Int(rhs[offset]) }
        offset += 1
    }
    return lhs.count - rhs.count
}

/// `compareKeys` with an array on the right.
func compareKeys(_ lhs: UnsafeRawBufferPointer, _ rhs: [UInt8]) -> Int {
    rhs.withUnsafeBytes { compareKeys(lhs, $0) }
}

extension ReadTransaction {
    /// Throws `badValueSize` unless `length` is a valid key length (1 … `maxKeySize`).
    func validateKeyLength(_ length: Int) throws(LMDBError) {
        // lmdb.h: keys must be 1 … mdb_env_get_maxkeysize() bytes; check here rather than let LMDB fail.
        guard length >= 1, length <= environment.maxKeySize else {
            throw LMDBError(
                code: LMDBError.badValueSize.code,
                message: "invalid key length \(length): LMDB keys must be 1…\(environment.maxKeySize) bytes")
        }
    }
}
