import Crypto
import HearthCore

/// The `hashing` namespace: digests of bytes or UTF-8 strings, returned as bytes.
extension RuleStandardLibrary {
    /// Dispatches `hashing.<name>`; nil for names the namespace lacks.
    static func hashingFunction(_ name: String, _ arguments: [RuleValue]) throws(RuleError) -> RuleValue? {
        let digest: ([UInt8]) -> [UInt8]
        switch name {
        case "crc32": digest = { CRC32.ieee.littleEndianDigest($0) }
        case "crc32c": digest = { CRC32.castagnoli.littleEndianDigest($0) }
        case "md5": digest = { Array(Insecure.MD5.hash(data: $0)) }
        case "sha256": digest = { Array(Crypto.SHA256.hash(data: $0)) }
        default: return nil
        }
        let call = RuleCall(
            name: "hashing.\(name)", arguments: arguments, expected: "hashing.\(name)(bytes), hashing.\(name)(string)")
        try call.require(1)
        return .bytes(digest(try call.bytesOrString(0)))
    }
}
