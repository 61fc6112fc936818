/// UTF-8 validation for the readers of stored records and imported files. The standard
/// library's `String(validating:as:)` goes through generic code and a metadata lookup per call
/// (three times the cost on short strings); this checks the bytes once and then builds the
/// string on the library's non-generic path, which never repairs validated bytes.
package enum UTF8Validation {
    /// True when `bytes` is well-formed UTF-8 (Unicode Table 3-7: no overlongs, no surrogates,
    /// nothing above U+10FFFF). Non-generic, with an 8-bytes-at-a-time ASCII fast path.
    @inline(__always)
    package static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        isASCII(bytes) || isValidBeyondASCII(bytes)
    }

    /// True when no byte has its high bit set, checked a word at a time: a short string (most
    /// field names and ids) takes two overlapping loads and no loop.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard let base = bytes.baseAddress else { return true }
        switch count {
        case 0:
            return true
        case 1:
            return base.load(as: UInt8.self) & 0x80 == 0
        case 2 ... 3:
            let bits = base.loadUnaligned(as: UInt16.self) | base.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
            return bits & 0x8080 == 0
        case 4 ... 8:
            let bits = base.loadUnaligned(as: UInt32.self) | base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            return bits & 0x8080_8080 == 0
        default:
            var bits = base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            var index = 0
            while index + 8 <= count {
                bits |= base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                index += 8
            }
            return bits & 0x8080_8080_8080_8080 == 0
        }
    }

    /// The full check, for bytes that are not all ASCII.
    private static func isValidBeyondASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
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
