/// The opaque id of a server-side transaction (16 random bytes).
public struct TransactionID: Sendable, Hashable, CustomStringConvertible {
    /// The id's bytes, as sent on the wire.
    public let bytes: [UInt8]

    /// Wraps bytes received from a client.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// A fresh random id.
    package static func random() -> TransactionID {
        var generator = SystemRandomNumberGenerator()
        return TransactionID(bytes: (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// Lower-case hex.
    public var description: String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

/// How a transaction reads.
public enum TransactionOptions: Sendable, Equatable {
    /// Reads and writes; reads see the latest data and are validated at commit (optimistic).
    case readWrite
    /// A read-write transaction retrying one that aborted (Firestore's `retry_transaction`).
    /// It reserves the documents it reads: until it ends, another transaction that commits a
    /// write to one of them aborts instead, so a retried transaction cannot keep losing.
    case readWriteRetry(previous: TransactionID)
    /// Reads only, all at one consistent time: `readTime`, or the latest commit when nil.
    case readOnly(readTime: Timestamp?)
}

/// Which version of the data a read sees.
public enum ReadConsistency: Sendable, Equatable {
    /// The latest committed data.
    case strong
    /// As part of a transaction (see `TransactionOptions`).
    case transaction(TransactionID)
    /// The data as it was at this time (within the retention window).
    case readTime(Timestamp)
}
