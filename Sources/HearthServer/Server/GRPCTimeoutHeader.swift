/// The `grpc-timeout` request header: how long the client gives an RPC, as gRPC's HTTP/2 protocol
/// writes it (one to eight ASCII digits, then `H`, `M`, `S`, `m`, `u` or `n`).
enum GRPCTimeoutHeader {
    /// The header's name as it arrives (HTTP/2 lowercases header names).
    static let name = "grpc-timeout"

    /// The duration `value` names, or `nil` when it is not a valid `grpc-timeout` value.
    static func duration(_ value: String) -> Duration? {
        let ascii = Array(value.utf8)
        guard (2...9).contains(ascii.count), let unit = ascii.last else { return nil }
        var amount: Int64 = 0
        for digit in ascii.dropLast() {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            amount = amount * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        switch unit {
        case UInt8(ascii: "H"): return .seconds(amount * 3_600)
        case UInt8(ascii: "M"): return .seconds(amount * 60)
        case UInt8(ascii: "S"): return .seconds(amount)
        case UInt8(ascii: "m"): return .milliseconds(amount)
        case UInt8(ascii: "u"): return .microseconds(amount)
        case UInt8(ascii: "n"): return .nanoseconds(amount)
        default: return nil
        }
    }
}
