/// Standard base64 (RFC 4648 §4, with padding), the alphabet protobuf JSON uses for bytes.
enum Base64 {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Appends the base64 text of `data` to `output`.
    static func encode(_ data: [UInt8], into output: inout [UInt8]) {
        output.reserveCapacity(output.count + (data.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= data.count {
            let group = UInt32(data[index]) << 16 | UInt32(data[index + 1]) << 8 | UInt32(data[index + 2])
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(alphabet[Int(group >> 6 & 0x3F)])
            output.append(alphabet[Int(group & 0x3F)])
            index += 3
        }
        switch data.count - index {
        case 1:
            let group = UInt32(data[index]) << 16
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(UInt8(ascii: "="))
            output.append(UInt8(ascii: "="))
        case 2:
            let group = UInt32(data[index]) << 16 | UInt32(data[index + 1]) << 8
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(alphabet[Int(group >> 6 & 0x3F)])
            output.append(UInt8(ascii: "="))
        default: break
        }
    }
}
