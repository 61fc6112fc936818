import CryptoExtras
import Foundation

/// Hashes and checks passwords: PBKDF2-HMAC-SHA256 (swift-crypto) with a random 16-byte salt per
/// password. Passwords are never stored, returned or logged.
public struct PasswordHasher: Sendable {
    /// PBKDF2 rounds for new hashes (tests lower it to stay fast).
    public var rounds: Int

    /// The algorithm name stored with Hearth's hashes.
    public static let algorithm = "pbkdf2-sha256"
    /// The default round count.
    public static let defaultRounds = 10_000

    /// A hasher using `rounds` PBKDF2 rounds (at least 1).
    public init(rounds: Int = PasswordHasher.defaultRounds) { self.rounds = max(1, rounds) }

    /// A new hash of `password` with a fresh salt.
    func hash(_ password: String) -> StoredPassword {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let key = Self.derive(Array(password.utf8), salt: salt, rounds: rounds, length: 32)
        return StoredPassword(
            algorithm: Self.algorithm, salt: Data(salt).base64EncodedString(), rounds: rounds,
            hash: Data(key).base64EncodedString())
    }

    /// Whether `password` matches `stored`, compared in constant time; imported hashes of other
    /// algorithms never match (as on Google's Auth emulator, which cannot check them either).
    func matches(_ password: String, _ stored: StoredPassword) -> Bool {
        guard stored.algorithm == Self.algorithm, stored.rounds > 0,
              let salt = Data(base64Encoded: stored.salt), let expected = Data(base64Encoded: stored.hash),
              !expected.isEmpty
        else { return false }
        let key = Self.derive(Array(password.utf8), salt: Array(salt), rounds: stored.rounds, length: expected.count)
        guard key.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(key, expected) { difference |= left ^ right }
        return difference == 0
    }

    /// The stored form of a hash an import brings: the Auth emulator's own `fakeHash:salt=…:password=…`
    /// is re-hashed (so the password stops being kept in clear); Hearth's exported form is taken as is;
    /// anything else is kept verbatim and can never sign in.
    func imported(hash: String, salt: String?) -> StoredPassword {
        if let password = Self.emulatorPassword(hash) { return self.hash(password) }
        let parts = hash.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        if parts.count == 3, parts[0] == "hearth-\(Self.algorithm)", let rounds = Int(parts[1]), rounds > 0,
           let salt, Data(base64Encoded: salt) != nil
        {
            return StoredPassword(algorithm: Self.algorithm, salt: salt, rounds: rounds, hash: String(parts[2]))
        }
        return StoredPassword(algorithm: "imported", salt: salt ?? "", rounds: 0, hash: hash)
    }

    /// How an export writes a stored hash so that `imported(hash:salt:)` reads it back.
    static func exported(_ stored: StoredPassword) -> (hash: String, salt: String) {
        guard stored.algorithm == algorithm else { return (stored.hash, stored.salt) }
        return ("hearth-\(algorithm):\(stored.rounds):\(stored.hash)", stored.salt)
    }

    /// The password inside Google's Auth emulator's fake hash, if `hash` is one.
    static func emulatorPassword(_ hash: String) -> String? {
        guard hash.hasPrefix("fakeHash:salt="), let marker = hash.range(of: ":password=") else { return nil }
        return String(hash[marker.upperBound...])
    }

    private static func derive(_ password: [UInt8], salt: [UInt8], rounds: Int, length: Int) -> [UInt8] {
        do {
            let key = try KDF.Insecure.PBKDF2.deriveKey(
                from: password, salt: salt, using: .sha256, outputByteCount: length, unsafeUncheckedRounds: rounds)
            return key.withUnsafeBytes { Array($0) }
        } catch {
            return []
        }
    }
}
