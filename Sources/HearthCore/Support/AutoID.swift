/// Firestore's auto-generated document ids: 20 characters of `[A-Za-z0-9]`, uniformly random.
package enum AutoID {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    /// A new id from the system's secure random source.
    package static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        return generate(using: &generator)
    }

    /// A new id from `generator`, using rejection sampling so every character is equally likely.
    package static func generate(using generator: inout some RandomNumberGenerator) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        let limit = UInt8(256 - 256 % alphabet.count)  // 248: the largest multiple of 62 below 256
        while bytes.count < 20 {
            let random = UInt8.random(in: .min ... .max, using: &generator)
            if random < limit { bytes.append(alphabet[Int(random) % alphabet.count]) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
