/// The opaque id of a server-side transaction (16 bytes): when its chain of attempts began
/// (8 bytes, big-endian microseconds), then 8 random bytes.
package struct TransactionID: Sendable, Hashable, CustomStringConvertible {
    /// The id's bytes, as sent on the wire.
    package let bytes: [UInt8]

    /// Wraps bytes received from a client.
    package init(bytes: [UInt8]) { self.bytes = bytes }

    /// A fresh random id (its chain begins at time zero).
    package static func random() -> TransactionID { make(chainStarted: 0) }

    /// A fresh id whose chain of attempts began at `chainStarted` (µs): a first attempt's begin
    /// time, or for a retry the time its first attempt began, so retries keep their age.
    package static func make(chainStarted: Int64) -> TransactionID {
        var generator = SystemRandomNumberGenerator()
        var bytes = withUnsafeBytes(of: UInt64(bitPattern: chainStarted).bigEndian) { Array($0) }
        bytes += (0..<8).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return TransactionID(bytes: bytes)
    }

    /// When the id's chain of attempts began (µs), for ids Hearth made; nil for other bytes.
    package var chainStarted: Int64? {
        guard bytes.count == 16 else { return nil }
        return Int64(bitPattern: bytes.prefix(8).reduce(0) { $0 << 8 | UInt64($1) })
    }

    /// Lower-case hex.
    package var description: String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

/// How a transaction reads.
package enum TransactionOptions: Sendable, Equatable {
    /// Reads and writes; reads see the latest data and are validated at commit (optimistic).
    case readWrite
    /// A read-write transaction retrying one that aborted (Firestore's `retry_transaction`).
    /// It reserves the documents it reads: until it ends, another transaction that commits a
    /// write to one of them aborts instead, so a retried transaction cannot keep losing. Between
    /// retries the older chain (by its first attempt) takes a reservation from a younger one.
    case readWriteRetry(previous: TransactionID)
    /// Reads only, all at one consistent time: `readTime`, or the latest commit when nil.
    case readOnly(readTime: Timestamp?)
}

/// Which version of the data a read sees.
package enum ReadConsistency: Sendable, Equatable {
    /// The latest committed data.
    case strong
    /// As part of a transaction (see `TransactionOptions`).
    case transaction(TransactionID)
    /// The data as it was at this time (within the retention window).
    case readTime(Timestamp)
}
