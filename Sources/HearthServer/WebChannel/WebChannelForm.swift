package import Foundation
package import HearthCore

/// The body of a WebChannel forward-channel POST, as the Closure library's `WireV8` encodes it:
/// `count=N&ofs=K&req0___data__=<json>&req1___data__=…`, and on the handshake a leading
/// `headers=` field holding the HTTP headers the SDK could not send (`encodeInitMessageHeaders`),
/// each `Name:Value\r\n`.
///
/// Map `reqI` has id `ofs + I`. Every map of the Firestore SDK is raw JSON (`sendRawJson`), so it has
/// one key, `__data__`; a map the client could not encode arrives as `reqI_type=_badmap` and is
/// skipped (its id still counts).
package struct WebChannelForm: Sendable, Equatable {
    /// One client message.
    package struct Message: Sendable, Equatable {
        /// The map id (the client numbers its messages from 0).
        package var id: Int
        /// The JSON text of the message; nil for a `_badmap` placeholder.
        package var json: String?

        /// A message with id `id` carrying `json`.
        package init(id: Int, json: String?) {
            self.id = id
            self.json = json
        }
    }

    /// The headers of the `headers=` field, names lowercased.
    package var headers: [String: String] = [:]
    /// The messages, by increasing id.
    package var messages: [Message] = []

    /// The most maps one request may carry (the Closure library sends at most 1,000).
    static let maxMessages = 1_000

    /// Parses a form body.
    /// - Throws: `INVALID_ARGUMENT` naming what is wrong (a bad number, a map without data, too many maps).
    package init(body: Data) throws(FirestoreError) {
        var count: Int?
        var offset = 0
        var maps: [Int: Message] = [:]
        for (name, value) in try Self.fields([UInt8](body)) {
            switch name {
            case "count": count = try Self.number(value, name: name)
            case "ofs": offset = try Self.number(value, name: name)
            case "headers": headers = Self.headerLines(value)
            default:
                guard name.hasPrefix("req"), let underscore = name.firstIndex(of: "_"),
                      let index = Int(name[name.index(name.startIndex, offsetBy: 3)..<underscore]), index >= 0,
                      index < 100_000
                else { continue }
                let key = name[name.index(after: underscore)...]
                if key == "__data__" {
                    maps[index] = Message(id: index, json: value)
                } else if key == "type" && value == "_badmap" {
                    if maps[index] == nil { maps[index] = Message(id: index, json: nil) }
                } else {
                    throw FirestoreError(
                        .invalidArgument, "WebChannel message \(index) is not raw JSON (field '\(key)'); send it with sendRawJson.")
                }
            }
            if maps.count > Self.maxMessages {
                throw FirestoreError(.invalidArgument, "A WebChannel request may carry at most \(Self.maxMessages) messages.")
            }
        }
        if let count, count != maps.count {
            throw FirestoreError(.invalidArgument, "The WebChannel request says count=\(count) but carries \(maps.count) messages.")
        }
        guard offset >= 0, offset <= Int(Int32.max) else {
            throw FirestoreError(.invalidArgument, "Invalid WebChannel map offset \(offset).")
        }
        messages = maps.keys.sorted().compactMap { index in
            maps[index].map { Message(id: offset + index, json: $0.json) }
        }
    }

    /// Creates a form from parts (tests and the fuzz target's round trip).
    package init(headers: [String: String] = [:], messages: [Message]) {
        self.headers = headers
        self.messages = messages
    }

    /// The form as the Closure library would send it (the `headers=` field first when any).
    package var encoded: String {
        var fields: [String] = []
        if !headers.isEmpty {
            let lines = headers.keys.sorted().map { "\($0):\(headers[$0] ?? "")\r\n" }.joined()
            fields.append("headers=" + Self.escape(lines))
        }
        let offset = messages.first?.id ?? 0
        fields.append("count=\(messages.count)")
        fields.append("ofs=\(offset)")
        for message in messages {
            if let json = message.json {
                fields.append("req\(message.id - offset)___data__=" + Self.escape(json))
            } else {
                fields.append("req\(message.id - offset)_type=_badmap")
            }
        }
        return fields.joined(separator: "&")
    }

    /// The `name=value` pairs of a form or query string, decoded (`+` is a space), read byte by
    /// byte: a Write-stream message of 500 documents is a ~150 KB field, which Foundation's
    /// percent decoding took longer to read than the commit took to apply.
    /// - Throws: `INVALID_ARGUMENT` for a malformed percent escape or text that is not UTF-8.
    static func fields(_ bytes: [UInt8]) throws(FirestoreError) -> [(String, String)] {
        var fields: [(String, String)] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                var equals = start
                while equals < end && bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                let name = try decode(bytes, start..<equals)
                let value = equals < end ? try decode(bytes, (equals + 1)..<end) : ""
                fields.append((name, value))
            }
            start = end + 1
        }
        return fields
    }

    /// One form component decoded: `+` is a space, `%XX` a byte; the bytes must be UTF-8.
    private static func decode(_ bytes: [UInt8], _ range: Range<Int>) throws(FirestoreError) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < range.upperBound,
                      let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { throw FirestoreError(.invalidArgument, "The WebChannel request has a malformed percent escape.") }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw FirestoreError(.invalidArgument, "The WebChannel request is not UTF-8 once decoded.")
        }
        return text
    }

    /// The value of a hexadecimal digit.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// A form component escaped as `encodeURIComponent` does.
    package static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// What `encodeURIComponent` leaves as it is.
    private static let unreserved = CharacterSet(charactersIn:
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")

    /// A non-negative decimal number.
    private static func number(_ text: String, name: String) throws(FirestoreError) -> Int {
        guard let value = Int(text), value >= 0 else {
            throw FirestoreError(.invalidArgument, "Invalid WebChannel field \(name)='\(text.prefix(40))'.")
        }
        return value
    }

    /// The `Name:Value` lines of a `headers` field, names lowercased (later lines win).
    static func headerLines(_ text: String) -> [String: String] {
        var headers: [String: String] = [:]
        for line in text.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            guard !name.isEmpty else { continue }
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return headers
    }
}
