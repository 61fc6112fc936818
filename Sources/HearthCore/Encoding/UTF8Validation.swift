/// UTF-8 validation for the readers of stored records and imported files. The standard
/// library's `String(validating:as:)` goes through generic code and a metadata lookup per call
/// (three times the cost on short strings); this checks the bytes once and then builds the
/// string on the library's non-generic path, which never repairs validated bytes.
package enum UTF8Validation {
    /// True when `bytes` is well-formed UTF-8 (Unicode Table 3-7: no overlongs, no surrogates,
    /// nothing above U+10FFFF). Non-generic, with an 8-bytes-at-a-time ASCII fast path.
    package static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count,
               bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            func isContinuation(_ offset: Int) -> Bool { bytes[index + offset] & 0xC0 == 0x80 }
            switch lead {
            case 0xC2 ... 0xDF:
                guard index + 1 < count, isContinuation(1) else { return false }
                index += 2
            case 0xE0 ... 0xEF:
                guard index + 2 < count else { return false }
                let second = bytes[index + 1]
                let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80  // no overlongs
                let high: UInt8 = lead == 0xED ? 0x9F : 0xBF  // no surrogates
                guard second >= low, second <= high, isContinuation(2) else { return false }
                index += 3
            case 0xF0 ... 0xF4:
                guard index + 3 < count else { return false }
                let second = bytes[index + 1]
                let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80  // no overlongs
                let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF  // nothing above U+10FFFF
                guard second >= low, second <= high, isContinuation(2), isContinuation(3) else { return false }
                index += 4
            default:
                return false  // a stray continuation byte, an overlong lead (C0, C1) or F5…FF
            }
        }
        return true
    }

    /// The string `bytes` spell, or nil when they are not well-formed UTF-8.
    @inline(__always)
    package static func string(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard isValid(bytes) else { return nil }
        return String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }
}
