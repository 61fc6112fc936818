import CryptoExtras
public import Foundation

/// A password as stored: PBKDF2-HMAC-SHA256 (swift-crypto) over the password with a random
/// per-user salt. The password itself is never stored.
public struct PasswordHash: Codable, Sendable, Equatable {
    /// The KDF's name, so the scheme can change later without breaking old accounts.
    public var algorithm: String
    /// Random bytes mixed into the hash, different for every account.
    public var salt: Data
    /// The PBKDF2 round count used for this hash.
    public var iterations: Int
    /// The derived key.
    public var hash: Data

    /// The only algorithm written today.
    public static let pbkdf2SHA256 = "pbkdf2-hmac-sha256"
    /// Salt length in bytes.
    public static let saltLength = 16
    /// Derived key length in bytes.
    public static let keyLength = 32

    /// Hashes `password` with a fresh random salt and `iterations` PBKDF2 rounds (at least 1).
    public static func make(password: String, iterations: Int) -> PasswordHash {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<saltLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let rounds = max(1, iterations)
        let key = deriveKey(password: Array(password.utf8), salt: salt, iterations: rounds, length: keyLength)
        return PasswordHash(algorithm: pbkdf2SHA256, salt: Data(salt), iterations: rounds, hash: Data(key))
    }

    /// Whether `password` produces this hash; compares in constant time.
    public func matches(_ password: String) -> Bool {
        guard algorithm == Self.pbkdf2SHA256, iterations > 0, !hash.isEmpty else { return false }
        let key = Self.deriveKey(
            password: Array(password.utf8), salt: Array(salt), iterations: iterations, length: hash.count)
        return ConstantTime.equal(key, Array(hash))
    }

    /// PBKDF2-HMAC-SHA256 of `password` and `salt`: `length` bytes after `iterations` rounds. The
    /// round count is the caller's choice (tests use few); empty when the KDF refuses the parameters.
    public static func deriveKey(password: [UInt8], salt: [UInt8], iterations: Int, length: Int) -> [UInt8] {
        do {
            let key = try KDF.Insecure.PBKDF2.deriveKey(
                from: password, salt: salt, using: .sha256, outputByteCount: length, unsafeUncheckedRounds: iterations)
            return key.withUnsafeBytes { Array($0) }
        } catch {
            return []
        }
    }
}

/// Comparisons whose duration does not depend on where the inputs differ.
public enum ConstantTime {
    /// True when both byte strings are equal.
    public static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
