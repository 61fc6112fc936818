import Synchronization

/// A document's field map in the storage encoding (`ValueCodec`), decoded once, on first use.
///
/// Made only from bytes that `ValueCodec.skimFields` accepted as ordered, so the decode cannot
/// fail. The decoded map replaces the bytes (which are then released) for every later read, from
/// any thread.
final class EncodedFields: Sendable {
    /// What the box holds: the bytes until the first read, the map after it.
    private enum State {
        case encoded([UInt8])
        case decoded([String: Value])
    }

    private let state: Mutex<State>

    /// Wraps bytes that `ValueCodec.skimFields(_:)` returned true for.
    init(checked bytes: [UInt8]) {
        state = Mutex(.encoded(bytes))
    }

    /// The field map, decoded on the first call.
    var fields: [String: Value] {
        state.withLock { state in
            switch state {
            case .decoded(let fields):
                return fields
            case .encoded(let bytes):
                // Checked when made: the skim makes every check the decode makes, so this cannot
                // fail; an empty map is only the type system's fallback.
                let fields = (try? ValueCodec.decodeFields(from: bytes)) ?? [:]
                state = .decoded(fields)
                return fields
            }
        }
    }

    /// The encoded bytes while nothing has read the fields yet, else nil.
    var undecodedBytes: [UInt8]? {
        state.withLock { state in
            if case .encoded(let bytes) = state { return bytes }
            return nil
        }
    }
}
