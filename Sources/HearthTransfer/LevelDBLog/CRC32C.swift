/// CRC-32C (Castagnoli), the checksum LevelDB log records carry, with LevelDB's masking.
///
/// Hand-written: swift-crypto has no CRC, and a table-driven loop is all the format needs.
package enum CRC32C {
    /// The reflected Castagnoli polynomial.
    private static let polynomial: UInt32 = 0x82F6_3B78

    /// Eight lookup tables for slicing-by-8 (table 0 is the classic byte-at-a-time table).
    private static let tables: [[UInt32]] = {
        var first = [UInt32](repeating: 0, count: 256)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ polynomial : crc >> 1 }
            first[index] = crc
        }
        var all = [first]
        for level in 1..<8 {
            let previous = all[level - 1]
            all.append((0..<256).map { index in (previous[index] >> 8) ^ first[Int(previous[index] & 0xFF)] })
        }
        return all
    }()

    /// Extends `crc` (0 to start) with `bytes`.
    package static func update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var value = ~crc
        var index = 0
        let count = bytes.count
        return tables.withUnsafeBufferPointer { t in
            let t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6 = t[6], t7 = t[7]
            while count - index >= 8 {
                let low = value ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
                    | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
                value = t7[Int(low & 0xFF)] ^ t6[Int((low >> 8) & 0xFF)] ^ t5[Int((low >> 16) & 0xFF)]
                    ^ t4[Int(low >> 24)] ^ t3[Int(bytes[index + 4])] ^ t2[Int(bytes[index + 5])]
                    ^ t1[Int(bytes[index + 6])] ^ t0[Int(bytes[index + 7])]
                index += 8
            }
            while index < count {
                value = t0[Int((value ^ UInt32(bytes[index])) & 0xFF)] ^ (value >> 8)
                index += 1
            }
            return ~value
        }
    }

    /// The CRC-32C of `bytes`.
    package static func checksum(_ bytes: some Collection<UInt8>) -> UInt32 {
        if let direct = bytes.withContiguousStorageIfAvailable({ update(0, UnsafeRawBufferPointer($0)) }) { return direct }
        return Array(bytes).withUnsafeBytes { update(0, $0) }
    }

    /// LevelDB's mask: rotate right by 15 bits and add a constant, so a CRC of data holding CRCs stays strong.
    package static func mask(_ crc: UInt32) -> UInt32 { ((crc >> 15) | (crc << 17)) &+ 0xA282_EAD8 }

    /// Undoes `mask(_:)`.
    package static func unmask(_ masked: UInt32) -> UInt32 {
        let rotated = masked &- 0xA282_EAD8
        return (rotated >> 17) | (rotated << 15)
    }
}
