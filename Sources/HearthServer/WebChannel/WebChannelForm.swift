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
        let text = String(decoding: body, as: UTF8.self)
        var count: Int?
        var offset = 0
        var maps: [Int: Message] = [:]
        for (name, value) in try Self.fields(text) {
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

    /// The `name=value` pairs of a form or query string, decoded (`+` is a space).
    /// - Throws: `INVALID_ARGUMENT` for a malformed percent escape.
    static func fields(_ text: String) throws(FirestoreError) -> [(String, String)] {
        var fields: [(String, String)] = []
        for pair in text.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            fields.append((try decode(parts[0]), parts.count > 1 ? try decode(parts[1]) : ""))
        }
        return fields
    }

    /// One form component decoded.
    private static func decode(_ text: Substring) throws(FirestoreError) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        guard let decoded = spaced.removingPercentEncoding else {
            throw FirestoreError(.invalidArgument, "The WebChannel request has a malformed percent escape.")
        }
        return decoded
    }

    /// A form component escaped as `encodeURIComponent` does.
    static func escape(_ text: String) -> String {
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
