import Synchronization

/// A document's field map in the storage encoding (`ValueCodec`), decoded once, on first use.
///
/// Made only from bytes that `ValueCodec.skimFields` accepted as ordered, so the decode cannot
/// fail; the map it builds is kept for every later read, from any thread.
final class EncodedFields: Sendable {
    /// The encoded field map (an owned copy of the stored bytes).
    let bytes: [UInt8]
    /// The decoded map, once something has asked for it.
    private let decoded = Mutex<[String: Value]?>(nil)

    /// Wraps bytes that `ValueCodec.skimFields(from:)` returned true for.
    init(checked bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The field map, decoded on the first call.
    var fields: [String: Value] {
        decoded.withLock { cached in
            if let cached { return cached }
            // Checked when made: the skim makes every check the decode makes, so this cannot
            // fail; an empty map is only the type system's fallback.
            let fields = (try? ValueCodec.decodeFields(from: bytes)) ?? [:]
            cached = fields
            return fields
        }
    }
}
