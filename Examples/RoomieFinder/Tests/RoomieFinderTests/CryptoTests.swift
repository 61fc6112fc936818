import Foundation
import Testing

@testable import RoomieFinder

/// SHA-256, HMAC-SHA256 and PBKDF2-HMAC-SHA256 against published test vectors
/// (FIPS 180-2 examples, RFC 4231, RFC 7914 §11 and the RFC 6070 inputs with SHA-256).
@Suite("Password crypto")
struct CryptoTests {
    static func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func sha256(message: String, digest: String) {
        #expect(Self.hex(SHA256.hash(Array(message.utf8))) == digest)
    }

    @Test func sha256OfAMillionAs() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(Self.hex(SHA256.hash(message)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func hmacRFC4231() {
        let case1 = HMACSHA256(key: [UInt8](repeating: 0x0b, count: 20)).authenticate(Array("Hi There".utf8))
        #expect(Self.hex(case1) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7")
        let case2 = HMACSHA256(key: Array("Jefe".utf8)).authenticate(Array("what do ya want for nothing?".utf8))
        #expect(Self.hex(case2) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        let longKey = HMACSHA256(key: [UInt8](repeating: 0xaa, count: 131))
            .authenticate(Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8))
        #expect(Self.hex(longKey) == "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")
    }

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
        let derived = PBKDF2.deriveKey(
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

    @Test func productionDefaultsUseAtLeast100000Iterations() {
        #expect(RoomieFinderConfiguration().passwordIterations >= 100_000)
    }
}
