/// `rules.Bytes` methods.
extension RuleStandardLibrary {
    /// Dispatches a bytes method; nil when bytes have no method of that name.
    static func bytesMethod(_ name: String, _ bytes: [UInt8], _ arguments: [RuleValue]) throws(RuleError) -> RuleValue?
    {
        let result: RuleValue
        switch name {
        case "size": result = .int(Int64(bytes.count))
        case "toBase64": result = .string(base64URL(bytes))
        case "toHexString": result = .string(upperHex(bytes))
        default: return nil
        }
        try RuleCall(name: "bytes.\(name)", arguments: arguments, expected: "bytes.\(name)()").require(0)
        return result
    }

    /// Base64 with the URL-safe alphabet (`-`, `_`) and `=` padding, as `toBase64()` prints it.
    static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".unicodeScalars)
        var result = ""
        var index = 0
        while index < bytes.count {
            let remaining = bytes.count - index
            let b0 = UInt32(bytes[index])
            let b1 = remaining > 1 ? UInt32(bytes[index + 1]) : 0
            let b2 = remaining > 2 ? UInt32(bytes[index + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            result.unicodeScalars.append(alphabet[Int(group >> 18 & 0x3F)])
            result.unicodeScalars.append(alphabet[Int(group >> 12 & 0x3F)])
            result += remaining > 1 ? String(alphabet[Int(group >> 6 & 0x3F)]) : "="
            result += remaining > 2 ? String(alphabet[Int(group & 0x3F)]) : "="
            index += 3
        }
        return result
    }

    /// Uppercase hexadecimal, two digits per byte.
    static func upperHex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        var result = ""
        result.unicodeScalars.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            result.unicodeScalars.append(digits[Int(byte >> 4)])
            result.unicodeScalars.append(digits[Int(byte & 0x0F)])
        }
        return result
    }
}
