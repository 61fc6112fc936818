/// PBKDF2 with HMAC-SHA256 as its pseudo-random function (RFC 8018 §5.2).
enum PBKDF2 {
    /// Derives `length` bytes from `password` and `salt` with `iterations` rounds (at least 1).
    static func deriveKey(password: [UInt8], salt: [UInt8], iterations: Int, length: Int) -> [UInt8] {
        let mac = HMACSHA256(key: password)
        var derived: [UInt8] = []
        derived.reserveCapacity(length + SHA256.digestSize)
        var blockIndex: UInt32 = 1
        while derived.count < length {
            derived += block(blockIndex, mac: mac, salt: salt, iterations: max(1, iterations))
            blockIndex += 1
        }
        return Array(derived.prefix(length))
    }

    /// T_i = U_1 ^ U_2 ^ … ^ U_c, where U_1 = PRF(P, S || INT(i)) and U_j = PRF(P, U_{j-1}).
    private static func block(_ index: UInt32, mac: HMACSHA256, salt: [UInt8], iterations: Int) -> [UInt8] {
        let indexBytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: index >> UInt32($0)) }
        let first = mac.authenticate(salt + indexBytes)
        // Every later U_j hashes exactly 32 bytes after a 64-byte padded key: one block each for
        // the inner and the outer hash, laid out once here (message, 0x80, zeros, bit length 768).
        let inner = paddedDigestBlock()
        let outer = paddedDigestBlock()
        defer {
            inner.deallocate()
            outer.deallocate()
        }
        first.withUnsafeBufferPointer { bytes in
            for offset in 0..<SHA256.digestSize { inner[offset] = bytes[offset] }
        }
        var accumulated = SHA256.State(bytes: first)
        SHA256.withSchedule { schedule in
            for _ in 1..<iterations {
                var innerHash = mac.innerState
                SHA256.compress(&innerHash, block: inner, schedule: schedule)
                innerHash.write(to: outer)
                var outerHash = mac.outerState
                SHA256.compress(&outerHash, block: outer, schedule: schedule)
                outerHash.write(to: inner)
                accumulated.xor(outerHash)
            }
        }
        return accumulated.bytes
    }

    /// A 64-byte block whose last 32 bytes pad a 32-byte message that follows one 64-byte block.
    private static func paddedDigestBlock() -> UnsafeMutablePointer<UInt8> {
        let block = UnsafeMutablePointer<UInt8>.allocate(capacity: SHA256.blockSize)
        block.initialize(repeating: 0, count: SHA256.blockSize)
        block[SHA256.digestSize] = 0x80
        block[SHA256.blockSize - 2] = 0x03  // (64 + 32) * 8 = 768 = 0x0300
        return block
    }
}
