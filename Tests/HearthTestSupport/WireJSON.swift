import FirestoreWire
import Foundation
package import HearthCore
import SwiftProtobuf

/// Firestore's proto3 JSON (as in `specs/cases/` and the conformance vectors) turned into engine
/// types by the production path: SwiftProtobuf decodes the JSON into the wire messages and
/// FirestoreWire's mapping (the server's own) converts them. Only the JSON plumbing lives here.
package enum WireJSON {
    /// A test input that is not what the caller expected.
    package struct Failure: Error, CustomStringConvertible {
        /// What was wrong.
        package let description: String
        /// A failure saying `description`.
        package init(description: String) { self.description = description }
    }

    /// The database relative names resolve against (`specs/cases` use paths like `c/d`).
    package static let defaultDatabase = DatabaseID(uncheckedProject: "p", database: "(default)")

    /// `any` as a JSON object, or a failure naming `what`.
    package static func object(_ any: Any?, _ what: String) throws -> [String: Any] {
        guard let object = any as? [String: Any] else { throw Failure(description: "\(what) is not an object") }
        return object
    }

    /// A `Value` from `{"integerValue": "1"}` and friends.
    package static func value(_ any: Any?) throws -> Value {
        try ProtoValue.value(try decode(Google_Firestore_V1_Value.self, from: any))
    }

    /// The fields of a document or map, from its `fields` object.
    package static func fields(_ any: Any?) throws -> [String: Value] {
        guard let any else { return [:] }
        let map = try decode(Google_Firestore_V1_MapValue.self, from: ["fields": any])
        return try ProtoValue.fields(map.fields)
    }

    /// An RFC 3339 timestamp, as the wire decodes it.
    package static func timestamp(_ text: String) throws -> Timestamp {
        try Timestamp(proto: try decode(Google_Protobuf_Timestamp.self, from: text))
    }

    /// A full resource name, or a path relative to `defaultDatabase`.
    package static func documentName(_ name: String) throws -> (DatabaseID, DocumentKey) {
        if name.hasPrefix("projects/") { return try DocumentKey.parse(resourceName: name) }
        return (defaultDatabase, try DocumentKey(validating: name))
    }

    /// A `Write` from a CommitRequest's `writes[i]`; relative document names resolve against
    /// `defaultDatabase`.
    package static func write(_ any: Any?) throws -> (DatabaseID, Write) {
        var json = try object(any, "write")
        var name: String?
        if let deleted = json["delete"] as? String {
            name = deleted
            json["delete"] = try fullName(deleted)
        }
        if var update = json["update"] as? [String: Any], let updated = update["name"] as? String {
            name = updated
            update["name"] = try fullName(updated)
            json["update"] = update
        }
        guard let name else { throw Failure(description: "write without a document name: \(json)") }
        let (database, _) = try documentName(name)
        return (database, try ProtoWrite.write(try decode(Google_Firestore_V1_Write.self, from: json), in: database))
    }

    /// A `StructuredQuery` from Firestore's proto3 JSON, run under `parent` (root when nil).
    package static func structuredQuery(_ any: Any?, parent: ResourcePath = .root) throws -> StructuredQuery {
        try ProtoQuery.query(try decode(Google_Firestore_V1_StructuredQuery.self, from: any), parent: parent)
    }

    private static func fullName(_ name: String) throws -> String {
        let (database, key) = try documentName(name)
        return key.resourceName(in: database)
    }

    /// Decodes a wire message from a JSON value (object, string, …) with SwiftProtobuf.
    private static func decode<Message: SwiftProtobuf.Message>(_ type: Message.Type, from any: Any?) throws -> Message {
        guard let any else { throw Failure(description: "missing \(Message.protoMessageName)") }
        let data = try JSONSerialization.data(withJSONObject: any, options: [.fragmentsAllowed])
        var options = JSONDecodingOptions()
        options.ignoreUnknownFields = true
        return try Message(jsonUTF8Data: data, options: options)
    }
}
