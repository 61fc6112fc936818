package import HearthCore

/// Reads a JSON Lines document in the plain form `RESTJSONWriter` and Google's tools write, straight
/// into core values, without building protobuf messages (JSON Lines import).
///
/// It only accepts what it can read exactly as the protobuf JSON mapping would: anything else
/// (an unknown or snake_case key, a quoted number, URL-safe base64, a time zone offset, a duplicate
/// key, invalid JSON, a value the core refuses) makes it give up with nil, and the caller reads the
/// line through SwiftProtobuf, which accepts every form the mapping allows and words the errors.
package struct RESTJSONReader {
    /// A document as the line states it.
    package struct Line {
        /// The `name` member: a full resource name or a document path.
        package var name: String
        /// The document's fields.
        package var fields: [String: Value]
        /// `createTime`, when present.
        package var createTime: Timestamp?
        /// `updateTime`, when present.
        package var updateTime: Timestamp?
    }

    /// Nesting beyond this gives up (the protobuf decoder has its own recursion limit).
    private static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The document `line` states, or nil when the line is not in the plain form.
    package static func read(_ line: [UInt8]) -> Line? {
        line.withUnsafeBufferPointer { buffer in
            var reader = RESTJSONReader(buffer)
            guard let document = reader.document() else { return nil }
            reader.skipSpace()
            return reader.index == buffer.count ? document : nil
        }
    }

    // MARK: document and values

    private mutating func document() -> Line? {
        var line = Line(name: "", fields: [:])
        var seen: Set<String> = []
        let complete = members { reader, key in
            guard seen.insert(key).inserted else { return false }
            switch key {
            case "name":
                guard let name = reader.string() else { return false }
                line.name = name
            case "fields":
                guard let fields = reader.fields(depth: 0) else { return false }
                line.fields = fields
            case "createTime":
                guard let time = reader.timestamp() else { return false }
                line.createTime = time
            case "updateTime":
                guard let time = reader.timestamp() else { return false }
                line.updateTime = time
            default: return false
            }
            return true
        }
        return complete && seen.contains("name") ? line : nil
    }

    /// A JSON object of field name → `Value` object.
    private mutating func fields(depth: Int) -> [String: Value]? {
        guard depth <= Self.maximumDepth else { return nil }
        var result: [String: Value] = [:]
        let complete = members { reader, key in
            guard let value = reader.value(depth: depth) else { return false }
            return result.updateValue(value, forKey: key) == nil
        }
        return complete ? result : nil
    }

    /// A `Value` object: exactly one member naming its type.
    private mutating func value(depth: Int) -> Value? {
        var result: Value?
        let complete = members { reader, key in
            guard result == nil else { return false }
            result = reader.typedValue(key, depth: depth)
            return result != nil
        }
        return complete ? result : nil
    }

    private mutating func typedValue(_ type: String, depth: Int) -> Value? {
        switch type {
        case "nullValue": return literal("null") ? .null : nil
        case "booleanValue":
            if literal("true") { return .boolean(true) }
            return literal("false") ? .boolean(false) : nil
        case "integerValue": return integer().map(Value.integer)
        case "doubleValue": return double().map(Value.double)
        case "timestampValue": return timestamp().map { .timestamp($0.truncatedToMicroseconds) }
        case "stringValue": return string().map(Value.string)
        case "bytesValue": return string().flatMap(Self.base64).map(Value.bytes)
        case "referenceValue":
            guard let name = string(), let (database, key) = try? DocumentKey.parse(resourceName: name) else { return nil }
            return .reference(DocumentReferenceValue(database: database, key: key))
        case "geoPointValue": return geoPoint().map(Value.geoPoint)
        case "arrayValue":
            var elements: [Value] = []
            var seen = false
            let complete = members { reader, key in
                guard key == "values", !seen, let list = reader.array(depth: depth + 1) else { return false }
                seen = true
                elements = list
                return true
            }
            return complete ? .array(elements) : nil
        case "mapValue":
            var fields: [String: Value] = [:]
            var seen = false
            let complete = members { reader, key in
                guard key == "fields", !seen, let map = reader.fields(depth: depth + 1) else { return false }
                seen = true
                fields = map
                return true
            }
            return complete ? .map(fields) : nil
        default: return nil
        }
    }

    private mutating func array(depth: Int) -> [Value]? {
        guard depth <= Self.maximumDepth, consume(UInt8(ascii: "[")) else { return nil }
        var elements: [Value] = []
        if consume(UInt8(ascii: "]")) { return elements }
        repeat {
            guard let element = value(depth: depth) else { return nil }
            elements.append(element)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]")) ? elements : nil
    }

    private mutating func geoPoint() -> GeoPoint? {
        var latitude: Double?
        var longitude: Double?
        let complete = members { reader, key in
            switch key {
            case "latitude" where latitude == nil: latitude = reader.number()
            case "longitude" where longitude == nil: longitude = reader.number()
            default: return false
            }
            return (key == "latitude" ? latitude : longitude) != nil
        }
        guard complete else { return nil }
        return try? GeoPoint(latitude: latitude ?? 0, longitude: longitude ?? 0)
    }

    // MARK: scalars

    /// `"-?digits"` without leading zeros, within Int64.
    private mutating func integer() -> Int64? {
        guard let text = string(), let first = text.utf8.first else { return nil }
        let digits = first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        guard let lead = digits.first, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              lead != UInt8(ascii: "0") || digits.count == 1, text != "-0" else { return nil }
        return Int64(text)
    }

    /// A JSON number, or the strings `"NaN"`, `"Infinity"`, `"-Infinity"`.
    private mutating func double() -> Double? {
        skipSpace()
        guard index < bytes.count else { return nil }
        guard bytes[index] == UInt8(ascii: "\"") else { return number() }
        switch string() {
        case "NaN": return .nan
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: return nil
        }
    }

    /// A JSON number (RFC 8259 grammar), converted with correct rounding; nil when it overflows.
    private mutating func number() -> Double? {
        skipSpace()
        let start = index
        _ = consumeByte(UInt8(ascii: "-"))
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard skipDigits() > 0 else { return nil }
        }
        if consumeByte(UInt8(ascii: ".")) { guard skipDigits() > 0 else { return nil } }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if !consumeByte(UInt8(ascii: "+")) { _ = consumeByte(UInt8(ascii: "-")) }
            guard skipDigits() > 0 else { return nil }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else { return nil }
        return number
    }

    /// `"YYYY-MM-DDThh:mm:ss[.f{1,9}]Z"`, a valid date in years 1–9999.
    private mutating func timestamp() -> Timestamp? {
        guard let text = string() else { return nil }
        let utf8 = Array(text.utf8)
        guard utf8.count >= 20, utf8.last == UInt8(ascii: "Z"), utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"),
              utf8[10] == UInt8(ascii: "T"), utf8[13] == UInt8(ascii: ":"), utf8[16] == UInt8(ascii: ":"),
              let year = Self.decimal(utf8[0..<4]), let month = Self.decimal(utf8[5..<7]), let day = Self.decimal(utf8[8..<10]),
              let hour = Self.decimal(utf8[11..<13]), let minute = Self.decimal(utf8[14..<16]),
              let second = Self.decimal(utf8[17..<19]),
              year >= 1, (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }
        var nanoseconds: Int64 = 0
        if utf8.count > 20 {
            let fraction = utf8[19..<(utf8.count - 1)]
            guard fraction.first == UInt8(ascii: "."), (2...10).contains(fraction.count),
                  let digits = Self.decimal(fraction.dropFirst()) else { return nil }
            nanoseconds = digits
            for _ in fraction.count..<10 { nanoseconds *= 10 }
        }
        let days = Self.daysSinceEpoch(year: year, month: month, day: day)
        return try? Timestamp(seconds: days * 86_400 + hour * 3_600 + minute * 60 + second, nanoseconds: Int32(nanoseconds))
    }

    // MARK: strings and structure

    /// A JSON string; nil for a raw control character, a bad escape or invalid UTF-8.
    private mutating func string() -> String? {
        skipSpace()
        guard consumeByte(UInt8(ascii: "\"")) else { return nil }
        let start = index
        // Eight bytes at a time up to the first that needs a look (an import's long values are
        // mostly plain text); the bytes loop below then reaches it within eight.
        let raw = UnsafeRawBufferPointer(bytes)
        var highBits: UInt64 = 0
        while index + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            if Self.needsLook(word) { break }
            highBits |= word
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeRawBufferPointer(rebasing: raw[start..<index])
                index += 1
                // Only ASCII bytes seen: valid UTF-8 as they are.
                if highBits & 0x8080_8080_8080_8080 == 0 {
                    return String(decoding: text.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
                }
                return UTF8Validation.string(text)
            }
            if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
            if byte < 0x20 { return nil }
            highBits |= UInt64(byte)
            index += 1
        }
        return nil
    }

    /// Whether any of the eight bytes of `word` is a quote, a backslash or a control character
    /// (exact for "any": the usual zero-byte and less-than tests on all lanes at once).
    @inline(__always)
    private static func needsLook(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let hasQuote = (quotes &- ones) & ~quotes & highs
        let hasBackslash = (backslashes &- ones) & ~backslashes & highs
        let hasControl = (word &- ones &* 0x20) & ~word & highs
        return hasQuote | hasBackslash | hasControl != 0
    }

    /// The rest of a string that has escapes, from its first byte at `start`.
    private mutating func escapedString(from start: Int) -> String? {
        var text = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return text.withUnsafeBytes { UTF8Validation.string($0) }
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    text.append(contentsOf: String(Character(scalar)).utf8)
                default: return nil
                }
            case 0..<0x20: return nil
            default: text.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `XXXX` after `\u` (a surrogate pair as two escapes); nil for a lone surrogate.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        guard (0xD800...0xDFFF).contains(high) else { return Unicode.Scalar(high) }
        guard high < 0xDC00, consumeByte(UInt8(ascii: "\\")), consumeByte(UInt8(ascii: "u")),
              let low = hex4(), (0xDC00...0xDFFF).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + (high - 0xD800) << 10 + (low - 0xDC00))
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var result: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            result = result << 4 | UInt32(digit)
            index += 1
        }
        return result
    }

    /// Walks an object's members, calling `member` with each key positioned at its value; false
    /// when the object is malformed or `member` refuses.
    private mutating func members(_ member: (inout RESTJSONReader, String) -> Bool) -> Bool {
        guard consume(UInt8(ascii: "{")) else { return false }
        if consume(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = string(), consume(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "}"))
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        skipSpace()
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// Skips white space, then consumes `byte` if it is next.
    private mutating func consume(_ byte: UInt8) -> Bool {
        skipSpace()
        return consumeByte(byte)
    }

    private mutating func consumeByte(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipDigits() -> Int {
        let start = index
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        return index - start
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    // MARK: helpers

    private static func decimal(_ digits: ArraySlice<UInt8>) -> Int64? {
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for digit in digits {
            guard digit >= 0x30, digit <= 0x39 else { return nil }
            value = value * 10 + Int64(digit - 0x30)
        }
        return value
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (the inverse of `RFC3339.civilDate`).
    static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthIndex = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * monthIndex + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Standard base64 with padding, as the writer and Google's tools emit; nil for any other form.
    static func base64(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        var group = 0
        while group < input.count {
            var quad: UInt32 = 0
            var padding = 0
            for offset in 0..<4 {
                let byte = input[group + offset]
                let sextet: UInt32
                switch byte {
                case 0x41...0x5A: sextet = UInt32(byte - 0x41)
                case 0x61...0x7A: sextet = UInt32(byte - 0x61 + 26)
                case 0x30...0x39: sextet = UInt32(byte - 0x30 + 52)
                case UInt8(ascii: "+"): sextet = 62
                case UInt8(ascii: "/"): sextet = 63
                case UInt8(ascii: "=") where group + 4 == input.count && offset >= 2:
                    padding += 1
                    sextet = 0
                default: return nil
                }
                if padding > 0 && byte != UInt8(ascii: "=") { return nil }
                quad = quad << 6 | sextet
            }
            // Bits under the padding must be zero, as a canonical encoder leaves them.
            if padding == 2 && quad >> 12 & 0xF != 0 || padding == 1 && quad >> 6 & 0x3 != 0 { return nil }
            output.append(UInt8(quad >> 16 & 0xFF))
            if padding < 2 { output.append(UInt8(quad >> 8 & 0xFF)) }
            if padding < 1 { output.append(UInt8(quad & 0xFF)) }
            group += 4
        }
        return output
    }
}
