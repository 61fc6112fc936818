import Foundation
public import HearthCore

/// Turns Firestore's proto3 JSON (as in `specs/cases/` and the conformance vectors) into engine types.
public enum ProtoJSON {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public static func object(_ any: Any?, _ what: String) throws -> [String: Any] {
        guard let object = any as? [String: Any] else { throw Failure(description: "\(what) is not an object") }
        return object
    }

    /// A `Value` from `{"integerValue": "1"}` and friends.
    public static func value(_ any: Any?) throws -> Value {
        let json = try object(any, "value")
        guard let (kind, payload) = json.first, json.count == 1 else { throw Failure(description: "bad value \(json)") }
        switch kind {
        case "nullValue": return .null
        case "booleanValue": return .boolean(payload as? Bool ?? false)
        case "integerValue":
            if let text = payload as? String, let int = Int64(text) { return .integer(int) }
            if let number = payload as? NSNumber { return .integer(number.int64Value) }
            throw Failure(description: "bad integer \(payload)")
        case "doubleValue":
            if let text = payload as? String {
                switch text {
                case "NaN": return .double(.nan)
                case "Infinity": return .double(.infinity)
                case "-Infinity": return .double(-.infinity)
                default: throw Failure(description: "bad double \(text)")
                }
            }
            guard let number = payload as? NSNumber else { throw Failure(description: "bad double \(payload)") }
            return .double(number.doubleValue)
        case "stringValue": return .string(payload as? String ?? "")
        case "bytesValue":
            guard let text = payload as? String, let data = Data(base64Encoded: text) else {
                throw Failure(description: "bad bytes \(payload)")
            }
            return .bytes(Array(data))
        case "timestampValue":
            guard let text = payload as? String else { throw Failure(description: "bad timestamp") }
            return .timestamp(try timestamp(text))
        case "referenceValue":
            guard let text = payload as? String else { throw Failure(description: "bad reference") }
            let (database, key) = try DocumentKey.parse(resourceName: text)
            return .reference(DocumentReferenceValue(database: database, key: key))
        case "geoPointValue":
            let point = try object(payload, "geoPoint")
            return .geoPoint(
                try GeoPoint(
                    latitude: (point["latitude"] as? NSNumber)?.doubleValue ?? 0,
                    longitude: (point["longitude"] as? NSNumber)?.doubleValue ?? 0))
        case "arrayValue":
            let array = try object(payload, "arrayValue")
            return .array(try (array["values"] as? [Any] ?? []).map(value))
        case "mapValue":
            let map = try object(payload, "mapValue")
            return .map(try fields(map["fields"]))
        default:
            throw Failure(description: "unknown value kind \(kind)")
        }
    }

    public static func fields(_ any: Any?) throws -> [String: Value] {
        guard let any else { return [:] }
        var result: [String: Value] = [:]
        for (name, raw) in try object(any, "fields") { result[name] = try value(raw) }
        return result
    }

    /// RFC 3339 with optional fraction, `Z` only.
    public static func timestamp(_ text: String) throws -> Timestamp {
        let parts = text.dropLast().split(separator: ".", maxSplits: 1)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard text.hasSuffix("Z"), let base = parts.first, let date = formatter.date(from: base + "Z") else {
            throw Failure(description: "bad timestamp \(text)")
        }
        var nanos: Int32 = 0
        if parts.count == 2 {
            let digits = String(parts[1]).padding(toLength: 9, withPad: "0", startingAt: 0)
            nanos = Int32(digits) ?? 0
        }
        return try Timestamp(seconds: Int64(date.timeIntervalSince1970), nanoseconds: nanos)
    }

    /// The database relative names resolve against (`specs/cases` use paths like `c/d`).
    public static let defaultDatabase = DatabaseID(uncheckedProject: "p", database: "(default)")

    /// A full resource name, or a path relative to `defaultDatabase`.
    public static func documentName(_ name: String) throws -> (DatabaseID, DocumentKey) {
        if name.hasPrefix("projects/") { return try DocumentKey.parse(resourceName: name) }
        return (defaultDatabase, try DocumentKey(validating: name))
    }

    /// A `Write` from a CommitRequest's `writes[i]`.
    public static func write(_ any: Any?) throws -> (DatabaseID, Write) {
        let json = try object(any, "write")
        var precondition = Precondition.none
        if let current = json["currentDocument"] as? [String: Any] {
            if let exists = current["exists"] as? Bool { precondition = .exists(exists) }
            if let time = current["updateTime"] as? String { precondition = .updateTime(try timestamp(time)) }
        }
        let transforms = try (json["updateTransforms"] as? [Any] ?? []).map(transform)
        if let name = json["delete"] as? String {
            let (database, key) = try documentName(name)
            return (database, Write(.delete(key), precondition: precondition))
        }
        let update = try object(json["update"], "update")
        guard let name = update["name"] as? String else { throw Failure(description: "update without name") }
        let (database, key) = try documentName(name)
        let fields = try fields(update["fields"])
        if let mask = json["updateMask"] as? [String: Any] {
            let paths = try (mask["fieldPaths"] as? [String] ?? []).map { try FieldPath(serverFormat: $0) }
            return (database, Write(.update(key, fields: fields, mask: paths), transforms: transforms, precondition: precondition))
        }
        return (database, Write(.set(key, fields: fields), transforms: transforms, precondition: precondition))
    }

    public static func transform(_ any: Any?) throws -> FieldTransform {
        let json = try object(any, "transform")
        guard let pathText = json["fieldPath"] as? String else { throw Failure(description: "transform without path") }
        let path = try FieldPath(serverFormat: pathText)
        if json["setToServerValue"] != nil { return FieldTransform(path, .serverTimestamp) }
        if let operand = json["increment"] { return FieldTransform(path, .increment(try value(operand))) }
        if let operand = json["maximum"] { return FieldTransform(path, .maximum(try value(operand))) }
        if let operand = json["minimum"] { return FieldTransform(path, .minimum(try value(operand))) }
        if let array = json["appendMissingElements"] as? [String: Any] {
            return FieldTransform(path, .appendMissingElements(try (array["values"] as? [Any] ?? []).map(value)))
        }
        if let array = json["removeAllFromArray"] as? [String: Any] {
            return FieldTransform(path, .removeAllFromArray(try (array["values"] as? [Any] ?? []).map(value)))
        }
        throw Failure(description: "unknown transform \(json)")
    }
}
