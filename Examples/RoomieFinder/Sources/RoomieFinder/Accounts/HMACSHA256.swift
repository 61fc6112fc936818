/// HMAC-SHA256 (RFC 2104) for one key: the padded key's inner and outer hash states are computed
/// once, so each message costs only the blocks of the message itself plus one outer block.
struct HMACSHA256 {
    /// The hash state after absorbing `key XOR ipad`.
    let innerState: SHA256.State
    /// The hash state after absorbing `key XOR opad`.
    let outerState: SHA256.State

    /// Prepares the key (hashed first when longer than a block, as RFC 2104 says).
    init(key: [UInt8]) {
        var block = key.count > SHA256.blockSize ? SHA256.hash(key) : key
        block += [UInt8](repeating: 0, count: SHA256.blockSize - block.count)
        var inner = SHA256.State()
        var outer = SHA256.State()
        let innerPad = block.map { $0 ^ 0x36 }
        let outerPad = block.map { $0 ^ 0x5c }
        SHA256.withSchedule { schedule in
            innerPad.withUnsafeBufferPointer {
                if let base = $0.baseAddress { SHA256.compress(&inner, block: base, schedule: schedule) }
            }
            outerPad.withUnsafeBufferPointer {
                if let base = $0.baseAddress { SHA256.compress(&outer, block: base, schedule: schedule) }
            }
        }
        innerState = inner
        outerState = outer
    }

    /// The 32-byte MAC of `message`.
    func authenticate(_ message: [UInt8]) -> [UInt8] {
        let inner = SHA256.finish(innerState, message: message, alreadyHashed: SHA256.blockSize)
        return SHA256.finish(outerState, message: inner.bytes, alreadyHashed: SHA256.blockSize).bytes
    }
}
