/// SHA-256 (FIPS 180-4), used to shorten long names and values inside bounded LMDB keys.
package enum SHA256 {
    /// The digest length in bytes.
    package static let digestByteCount = 32

    /// Returns the 32-byte SHA-256 digest of `bytes`.
    package static func hash(_ bytes: some Collection<UInt8>) -> [UInt8] {
        if let digest = bytes.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        return Array(bytes).withUnsafeBytes { hash($0) }
    }

    /// Returns the 32-byte SHA-256 digest of borrowed memory.
    package static func hash(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        var state = initialState
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            roundConstants.withUnsafeBufferPointer { constants in
                // Whole 64-byte blocks straight from the message.
                let wholeBlocks = message.count / 64
                for block in 0 ..< wholeBlocks {
                    compress(&state, UnsafeRawBufferPointer(rebasing: message[block * 64 ..< block * 64 + 64]),
                             schedule, constants)
                }
                // The tail: remaining bytes, 0x80, zero padding, and the bit length (one or two blocks).
                let tailStart = wholeBlocks * 64
                let tailCount = message.count - tailStart
                var tail = [UInt8](repeating: 0, count: tailCount + 9 <= 64 ? 64 : 128)
                for index in 0 ..< tailCount {
                    tail[index] = message[tailStart + index]
                }
                tail[tailCount] = 0x80
                let bitLength = UInt64(message.count) &* 8
                for index in 0 ..< 8 {
                    tail[tail.count - 1 - index] = UInt8(truncatingIfNeeded: bitLength &>> (8 * UInt64(index)))
                }
                tail.withUnsafeBytes { padded in
                    var offset = 0
                    while offset < padded.count {
                        compress(&state, UnsafeRawBufferPointer(rebasing: padded[offset ..< offset + 64]),
                                 schedule, constants)
                        offset += 64
                    }
                }
            }
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(digestByteCount)
        for word in state {
            ByteWriter.writeUInt32BigEndian(word, into: &digest)
        }
        return digest
    }

    /// Processes one 64-byte block into `state` (FIPS 180-4 §6.2.2).
    @inline(__always)
    private static func compress(
        _ state: inout [UInt32], _ block: UnsafeRawBufferPointer,
        _ w: UnsafeMutableBufferPointer<UInt32>, _ k: UnsafeBufferPointer<UInt32>
    ) {
        for t in 0 ..< 16 {
            w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
        }
        for t in 16 ..< 64 {
            let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] &>> 3)
            let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] &>> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var a = state[0], b = state[1], c = state[2], d = state[3]
        var e = state[4], f = state[5], g = state[6], h = state[7]
        for t in 0 ..< 64 {
            let sigma1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
            let choose = (e & f) ^ (~e & g)
            let t1 = h &+ sigma1 &+ choose &+ k[t] &+ w[t]
            let sigma0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = sigma0 &+ majority
            h = g
            g = f
            f = e
            e = d &+ t1
            d = c
            c = b
            b = a
            a = t1 &+ t2
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
        state[5] &+= f
        state[6] &+= g
        state[7] &+= h
    }

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x &>> n) | (x &<< (32 &- n))
    }

    /// H(0): the first 32 bits of the fractional parts of the square roots of the first 8 primes.
    private static let initialState: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]

    /// K: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
