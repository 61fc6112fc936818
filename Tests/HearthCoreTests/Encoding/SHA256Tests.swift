import HearthCore
import Testing

@Suite("SHA256")
struct SHA256Tests {
    /// (message, digest) pairs: FIPS 180-4 examples, and padding boundaries checked with `sha256sum`.
    static let vectors: [(String, String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
            + "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
        (String(repeating: "x", count: 55), "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"),
        (String(repeating: "x", count: 56), "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"),
        (String(repeating: "x", count: 63), "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"),
        (String(repeating: "x", count: 64), "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"),
        (String(repeating: "x", count: 65), "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9"),
        (String(repeating: "x", count: 119), "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c"),
        (String(repeating: "x", count: 120), "13f05a0b594787f5ecd315edc96141bd3243203d1b7d4f0836f37308b276ba98"),
    ]

    @Test(arguments: SHA256Tests.vectors)
    func standardVectors(_ message: String, _ digest: String) {
        #expect(hex(SHA256.hash(Array(message.utf8))) == digest)
        // A non-contiguous collection takes the copying path and must agree.
        #expect(hex(SHA256.hash(message.utf8.lazy.map { $0 })) == digest)
    }

    @Test func oneMillionAs() {
        let digest = SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        #expect(hex(digest) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func longPatternedInput() {
        // Bytes (i * 7 + 3) mod 256 for i in 0 ..< 100,000; digest from `sha256sum`.
        let message = (0 ..< 100_000).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
        #expect(hex(SHA256.hash(message)) == "d96bab6a55ee326ba206dd4a85a6e95e14360d7fabbf448f03e689c24382b7d0")
        #expect(hex(SHA256.hash(message[1...])) != hex(SHA256.hash(message)))
    }

    @Test func digestIs32Bytes() {
        #expect(SHA256.hash([UInt8]()).count == SHA256.digestByteCount)
    }
}

/// Lower-case hexadecimal.
func hex(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef")
    return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] })
}
