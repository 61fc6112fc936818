import Foundation

/// A password as stored: PBKDF2-HMAC-SHA256 over the password with a random per-user salt.
/// The password itself is never stored.
struct PasswordHash: Codable, Sendable, Equatable {
    /// The KDF's name, so the scheme can change later without breaking old accounts.
    var algorithm: String
    /// Random bytes mixed into the hash, different for every account.
    var salt: Data
    /// The PBKDF2 round count used for this hash.
    var iterations: Int
    /// The derived key.
    var hash: Data

    /// The only algorithm written today.
    static let pbkdf2SHA256 = "pbkdf2-hmac-sha256"
    /// Salt length in bytes.
    static let saltLength = 16
    /// Derived key length in bytes.
    static let keyLength = 32

    /// Hashes `password` with a fresh random salt.
    static func make(password: String, iterations: Int) -> PasswordHash {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<saltLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let key = PBKDF2.deriveKey(
            password: Array(password.utf8), salt: salt, iterations: iterations, length: keyLength)
        return PasswordHash(algorithm: pbkdf2SHA256, salt: Data(salt), iterations: iterations, hash: Data(key))
    }

    /// Whether `password` produces this hash; compares in constant time.
    func matches(_ password: String) -> Bool {
        guard algorithm == Self.pbkdf2SHA256, iterations > 0 else { return false }
        let key = PBKDF2.deriveKey(
            password: Array(password.utf8), salt: Array(salt), iterations: iterations, length: hash.count)
        return ConstantTime.equal(key, Array(hash))
    }
}

/// Comparisons whose duration does not depend on where the inputs differ.
enum ConstantTime {
    /// True when both byte strings are equal.
    static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
