import FirestoreWire
import Foundation
import HearthCore
import SwiftProtobuf

/// Proto3 JSON for REST bodies (Firestore's JSON value mapping is the standard proto3 mapping).
enum RESTJSON {
    /// Decodes a request body; an empty body is an empty message.
    /// - Throws: `INVALID_ARGUMENT` with the parser's complaint.
    static func decode<M: SwiftProtobuf.Message>(_ type: M.Type, from body: Data) throws(FirestoreError) -> M {
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return M() }
        do {
            return try M(jsonUTF8Data: body)
        } catch {
            throw FirestoreError(.invalidArgument, "Invalid JSON payload received. \(error)")
        }
    }

    /// A 200 response holding one message.
    static func response(_ message: some SwiftProtobuf.Message) throws(FirestoreError) -> RESTResponse {
        .json(try encode(message))
    }

    /// A 200 response holding a server stream: a JSON array of messages.
    static func response(streaming messages: [some SwiftProtobuf.Message]) throws(FirestoreError) -> RESTResponse {
        .json("[" + (try messages.map { m throws(FirestoreError) in try encode(m) }).joined(separator: ",\n") + "]")
    }

    private static func encode(_ message: some SwiftProtobuf.Message) throws(FirestoreError) -> String {
        do {
            return try message.jsonString()
        } catch {
            throw FirestoreError(.internal, "Could not encode the response as JSON.")
        }
    }

    /// A timestamp from a query parameter (RFC 3339).
    static func timestamp(_ text: String) throws(FirestoreError) -> Google_Protobuf_Timestamp {
        do {
            return try Google_Protobuf_Timestamp(jsonString: "\"\(text)\"")
        } catch {
            throw FirestoreError(.invalidArgument, "Invalid timestamp '\(text)'; expected RFC 3339, e.g. 2024-01-01T00:00:00Z.")
        }
    }

    /// Bytes from a query parameter (standard or URL-safe base64).
    static func bytes(_ text: String) throws(FirestoreError) -> Data {
        if let data = Data(base64Encoded: text) ?? AuthorizationHeader.base64URLDecode(text) { return data }
        throw FirestoreError(.invalidArgument, "Invalid base64 value '\(text)'.")
    }

    /// A boolean query parameter.
    static func bool(_ text: String) throws(FirestoreError) -> Bool {
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: throw FirestoreError(.invalidArgument, "Invalid boolean '\(text)'.")
        }
    }

    /// An int32 query parameter.
    static func int32(_ text: String) throws(FirestoreError) -> Int32 {
        guard let value = Int32(text) else { throw FirestoreError(.invalidArgument, "Invalid integer '\(text)'.") }
        return value
    }
}

extension RESTTarget {
    /// The `mask.fieldPaths`-style mask named `prefix`, if any path is given.
    func mask(_ prefix: String) -> Google_Firestore_V1_DocumentMask? {
        let paths = values(prefix + ".fieldPaths") + values(prefix + ".field_paths")
        guard !paths.isEmpty else { return nil }
        var mask = Google_Firestore_V1_DocumentMask()
        mask.fieldPaths = paths
        return mask
    }

    /// The `currentDocument.exists` / `currentDocument.updateTime` precondition, if any.
    func precondition() throws(FirestoreError) -> Google_Firestore_V1_Precondition? {
        var precondition = Google_Firestore_V1_Precondition()
        if let exists = value("currentDocument.exists") ?? value("current_document.exists") {
            precondition.exists = try RESTJSON.bool(exists)
            return precondition
        }
        if let time = value("currentDocument.updateTime") ?? value("current_document.update_time") {
            precondition.updateTime = try RESTJSON.timestamp(time)
            return precondition
        }
        return nil
    }
}
