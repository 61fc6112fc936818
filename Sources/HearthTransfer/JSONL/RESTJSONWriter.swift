package import HearthCore

/// Writes a document in Firestore's REST JSON straight from the core values, without building
/// protobuf messages first (JSON Lines export). The output is what the protobuf JSON mapping
/// reads back: int64 as decimal strings, NaN and ±Infinity as strings, bytes in standard base64,
/// timestamps in RFC 3339 UTC, empty arrays and maps as `{}`, map keys in sorted order.
package struct RESTJSONWriter {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []

    /// An empty writer.
    package init() { bytes.reserveCapacity(2_048) }

    /// Appends `{"name":…,"fields":{…},"createTime":…,"updateTime":…}` for `document`.
    package mutating func document(_ document: Document, database: DatabaseID) {
        raw("{\"name\":")
        string(document.key.resourceName(in: database))
        if !document.fields.isEmpty {
            raw(",\"fields\":")
            fields(document.fields)
        }
        raw(",\"createTime\":")
        timestamp(document.createTime)
        raw(",\"updateTime\":")
        timestamp(document.updateTime)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends a field map as a JSON object of values, keys sorted.
    mutating func fields(_ fields: [String: Value]) {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for name in fields.keys.sorted() {
            guard let element = fields[name] else { continue }
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            string(name)
            bytes.append(UInt8(ascii: ":"))
            value(element)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends one value as the REST API's `Value` object.
    mutating func value(_ value: Value) {
        switch value {
        case .null: raw("{\"nullValue\":null}")
        case .boolean(let flag): raw(flag ? "{\"booleanValue\":true}" : "{\"booleanValue\":false}")
        case .integer(let number):
            raw("{\"integerValue\":\"")
            text(String(number))
            raw("\"}")
        case .double(let number):
            raw("{\"doubleValue\":")
            double(number)
            bytes.append(UInt8(ascii: "}"))
        case .timestamp(let time):
            raw("{\"timestampValue\":")
            timestamp(time)
            bytes.append(UInt8(ascii: "}"))
        case .string(let text):
            raw("{\"stringValue\":")
            string(text)
            bytes.append(UInt8(ascii: "}"))
        case .bytes(let data):
            raw("{\"bytesValue\":\"")
            Base64.encode(data, into: &bytes)
            raw("\"}")
        case .reference(let reference):
            raw("{\"referenceValue\":")
            string(reference.resourceName)
            bytes.append(UInt8(ascii: "}"))
        case .geoPoint(let point):
            raw("{\"geoPointValue\":{\"latitude\":")
            double(point.latitude)
            raw(",\"longitude\":")
            double(point.longitude)
            raw("}}")
        case .array(let elements):
            guard !elements.isEmpty else { return raw("{\"arrayValue\":{}}") }
            raw("{\"arrayValue\":{\"values\":[")
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                self.value(element)
            }
            raw("]}}")
        case .map(let fields):
            guard !fields.isEmpty else { return raw("{\"mapValue\":{}}") }
            raw("{\"mapValue\":{\"fields\":")
            self.fields(fields)
            raw("}}")
        }
    }

    /// Appends a double as a JSON number (shortest round-trip digits), or `"NaN"`, `"Infinity"`,
    /// `"-Infinity"` as the protobuf JSON mapping spells them.
    mutating func double(_ number: Double) {
        if number.isNaN { return raw("\"NaN\"") }
        if number.isInfinite { return raw(number < 0 ? "\"-Infinity\"" : "\"Infinity\"") }
        text(number.description)
    }

    /// Appends an RFC 3339 UTC timestamp string with 0, 3, 6 or 9 fraction digits.
    mutating func timestamp(_ time: Timestamp) {
        bytes.append(UInt8(ascii: "\""))
        RFC3339.format(seconds: time.seconds, nanoseconds: time.nanoseconds, into: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a JSON string: quotes, backslashes and control characters escaped, the rest as UTF-8
    /// (copied in runs between the bytes that need escaping).
    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                escape(byte)
                runStart = index + 1
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the escape of a quote, a backslash or a control character.
    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        default:
            raw("\\u00")
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        }
    }

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func text(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
