import Crypto

/// SHA-256 digests as byte arrays, used to shorten long names and values inside bounded LMDB keys
/// (a thin adapter over swift-crypto, so storage code keeps working with `[UInt8]`).
package enum SHA256 {
    /// The digest length in bytes.
    package static let digestByteCount = 32

    /// Returns the 32-byte SHA-256 digest of `bytes`.
    package static func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
        if let digest = bytes.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        return Array(bytes).withUnsafeBytes { hash($0) }
    }

    /// Returns the 32-byte SHA-256 digest of borrowed memory.
    package static func hash(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        Array(Crypto.SHA256.hash(data: message))
    }
}
