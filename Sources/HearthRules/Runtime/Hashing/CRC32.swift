/// A reflected 32-bit CRC with a byte-wise lookup table (CRC-32/ISO-HDLC and CRC-32C).
struct CRC32: Sendable {
    /// CRC-32 as zlib, PNG and Ethernet use it (reflected polynomial 0xEDB88320).
    static let ieee = CRC32(reflectedPolynomial: 0xEDB8_8320)
    /// CRC-32C (Castagnoli), as iSCSI and Google Cloud Storage use it (reflected polynomial 0x82F63B78).
    static let castagnoli = CRC32(reflectedPolynomial: 0x82F6_3B78)

    /// The remainder of every byte value, for processing a byte per step.
    private let table: [UInt32]

    /// Builds the table for a polynomial given in reflected (LSB-first) form.
    init(reflectedPolynomial polynomial: UInt32) {
        table = (0..<256).map { (byte: UInt32) -> UInt32 in
            var remainder = byte
            for _ in 0..<8 {
                remainder = remainder & 1 == 1 ? (remainder >> 1) ^ polynomial : remainder >> 1
            }
            return remainder
        }
    }

    /// The checksum of `bytes` (initial value and final XOR all ones).
    func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The checksum as four little-endian bytes, as `hashing.crc32`/`crc32c` return it.
    func littleEndianDigest(_ bytes: [UInt8]) -> [UInt8] {
        let value = checksum(bytes)
        return [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }
}
