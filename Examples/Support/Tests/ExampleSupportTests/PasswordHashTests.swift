import ExampleSupport
import Foundation
import Testing

/// PBKDF2-HMAC-SHA256 as the account store calls it (RFC 7914 §11 and the RFC 6070 inputs with
/// SHA-256), and salted password hashes.
@Suite("Password hashing")
struct PasswordHashTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test(arguments: [
        ("password", "salt", 1, 32, "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b"),
        ("password", "salt", 2, 32, "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43"),
        ("password", "salt", 4096, 32, "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
        (
            "passwordPASSWORDpassword", "saltSALTsaltSALTsaltSALTsaltSALTsalt", 4096, 40,
            "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1c635518c7dac47e9"
        ),
        ("pass\0word", "sa\0lt", 4096, 16, "89b69d0516f829893c696226650a8687"),
        (
            "passwd", "salt", 1, 64,
            "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783"
        ),
    ])
    func pbkdf2(password: String, salt: String, iterations: Int, length: Int, key: String) {
        let derived = PasswordHash.deriveKey(
            password: Array(password.utf8), salt: Array(salt.utf8), iterations: iterations, length: length)
        #expect(Self.hex(derived) == key)
    }

    @Test func passwordHashesAreSaltedAndVerifiable() {
        let first = PasswordHash.make(password: "secreto1", iterations: 50)
        let second = PasswordHash.make(password: "secreto1", iterations: 50)
        #expect(first.salt != second.salt)
        #expect(first.hash != second.hash)
        #expect(first.salt.count == 16 && first.hash.count == 32)
        #expect(first.matches("secreto1"))
        #expect(!first.matches("secreto2"))
        #expect(!first.matches(""))
    }

    @Test func aHashWithNoKeyOrAnotherAlgorithmMatchesNothing() {
        var hash = PasswordHash.make(password: "secreto1", iterations: 10)
        hash.algorithm = "md5"
        #expect(!hash.matches("secreto1"))
        var empty = PasswordHash.make(password: "", iterations: 10)
        empty.hash = Data()
        #expect(!empty.matches(""))
    }

    @Test func constantTimeEqualityComparesEveryByte() {
        #expect(ConstantTime.equal([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equal([1, 2, 3], [1, 2]))
    }
}
