package import Foundation

/// Hearth's resume tokens: the commit version (microseconds) a consistent snapshot reflects,
/// behind a marker byte and a format version byte, so foreign or damaged tokens are recognised.
package enum ResumeToken {
    private static let marker: UInt8 = 0x48  // "H"
    private static let format: UInt8 = 1

    /// The token for `version`.
    package static func encode(_ version: Int64) -> Data {
        var bytes: [UInt8] = [marker, format]
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: version >> Int64(shift))) }
        return Data(bytes)
    }

    /// The version in a token, or nil when the token is not one of Hearth's.
    package static func decode(_ token: Data) -> Int64? {
        let bytes = [UInt8](token)
        guard bytes.count == 10, bytes[0] == marker, bytes[1] == format else { return nil }
        return bytes[2...].reduce(Int64(0)) { ($0 << 8) | Int64($1) }
    }
}
