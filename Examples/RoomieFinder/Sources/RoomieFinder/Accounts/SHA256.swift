/// SHA-256 (FIPS 180-4), written for the password KDF: a one-shot digest plus the raw
/// compression step, which `HMACSHA256` drives directly to avoid re-hashing its padded keys.
enum SHA256 {
    /// The digest length in bytes.
    static let digestSize = 32
    /// The block length in bytes.
    static let blockSize = 64

    /// The eight working words of the hash.
    struct State: Equatable {
        var h0: UInt32 = 0x6a09_e667, h1: UInt32 = 0xbb67_ae85, h2: UInt32 = 0x3c6e_f372, h3: UInt32 = 0xa54f_f53a
        var h4: UInt32 = 0x510e_527f, h5: UInt32 = 0x9b05_688c, h6: UInt32 = 0x1f83_d9ab, h7: UInt32 = 0x5be0_cd19

        /// The initial hash value.
        init() {}

        /// The words of a 32-byte digest (missing bytes read as zero).
        init(bytes: [UInt8]) {
            func word(_ index: Int) -> UInt32 {
                (0..<4).reduce(UInt32(0)) { partial, offset in
                    let position = index * 4 + offset
                    return partial << 8 | UInt32(position < bytes.count ? bytes[position] : 0)
                }
            }
            h0 = word(0)
            h1 = word(1)
            h2 = word(2)
            h3 = word(3)
            h4 = word(4)
            h5 = word(5)
            h6 = word(6)
            h7 = word(7)
        }

        /// The state written big-endian into `output` (32 bytes).
        func write(to output: UnsafeMutablePointer<UInt8>) {
            store(h0, output)
            store(h1, output + 4)
            store(h2, output + 8)
            store(h3, output + 12)
            store(h4, output + 16)
            store(h5, output + 20)
            store(h6, output + 24)
            store(h7, output + 28)
        }

        /// The words XORed with `other`'s (PBKDF2 accumulates its blocks this way).
        mutating func xor(_ other: State) {
            h0 ^= other.h0
            h1 ^= other.h1
            h2 ^= other.h2
            h3 ^= other.h3
            h4 ^= other.h4
            h5 ^= other.h5
            h6 ^= other.h6
            h7 ^= other.h7
        }

        private func store(_ word: UInt32, _ output: UnsafeMutablePointer<UInt8>) {
            output[0] = UInt8(truncatingIfNeeded: word >> 24)
            output[1] = UInt8(truncatingIfNeeded: word >> 16)
            output[2] = UInt8(truncatingIfNeeded: word >> 8)
            output[3] = UInt8(truncatingIfNeeded: word)
        }

        /// The state as 32 bytes.
        var bytes: [UInt8] {
            [UInt8](unsafeUninitializedCapacity: SHA256.digestSize) { buffer, count in
                if let base = buffer.baseAddress { write(to: base) }
                count = SHA256.digestSize
            }
        }
    }

    /// The digest of `message`.
    static func hash(_ message: [UInt8]) -> [UInt8] {
        finish(State(), message: message, alreadyHashed: 0).bytes
    }

    /// Hashes `message` onward from `state`, which has already absorbed `alreadyHashed` bytes
    /// (a whole number of blocks), and pads the total length.
    static func finish(_ start: State, message: [UInt8], alreadyHashed: Int) -> State {
        var state = start
        var padded = message
        padded.append(0x80)
        while padded.count % blockSize != blockSize - 8 { padded.append(0) }
        let bitLength = UInt64(alreadyHashed + message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            padded.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        withSchedule { schedule in
            padded.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                for offset in stride(from: 0, to: bytes.count, by: blockSize) {
                    compress(&state, block: base + offset, schedule: schedule)
                }
            }
        }
        return state
    }

    /// Runs `body` with scratch space for the compression step: the 64-word message schedule
    /// followed by the 64 round constants.
    static func withSchedule<T>(_ body: (UnsafeMutablePointer<UInt32>) -> T) -> T {
        let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: 128)
        defer { scratch.deallocate() }
        scratch.initialize(repeating: 0, count: 64)
        (scratch + 64).initialize(from: roundConstants, count: 64)
        return body(scratch)
    }

    /// Folds one 64-byte block into `state`; `w` is scratch from `withSchedule`.
    ///
    /// Rotations are written out and there are no closures: the password KDF runs this 200,000
    /// times per hash, and debug builds neither inline helpers nor optimize closures.
    static func compress(_ state: inout State, block: UnsafePointer<UInt8>, schedule w: UnsafeMutablePointer<UInt32>) {
        for i in 0..<16 {
            w[i] =
                UInt32(block[i &* 4]) << 24 | UInt32(block[i &* 4 &+ 1]) << 16
                | UInt32(block[i &* 4 &+ 2]) << 8 | UInt32(block[i &* 4 &+ 3])
        }
        for i in 16..<64 {
            let x = w[i &- 15]
            let y = w[i &- 2]
            let s0 = (x >> 7 | x << 25) ^ (x >> 18 | x << 14) ^ (x >> 3)
            let s1 = (y >> 17 | y << 15) ^ (y >> 19 | y << 13) ^ (y >> 10)
            w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
        }
        let k = w + 64
        var a = state.h0
        var b = state.h1
        var c = state.h2
        var d = state.h3
        var e = state.h4
        var f = state.h5
        var g = state.h6
        var h = state.h7
        for i in 0..<64 {
            let s1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
            let s0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            h = g
            g = f
            f = e
            e = d &+ t1
            d = c
            c = b
            b = a
            a = t1 &+ s0 &+ majority
        }
        state.h0 &+= a
        state.h1 &+= b
        state.h2 &+= c
        state.h3 &+= d
        state.h4 &+= e
        state.h5 &+= f
        state.h6 &+= g
        state.h7 &+= h
    }

    /// The first 32 bits of the fractional parts of the cube roots of the first 64 primes.
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
