import FirestoreWire
import Foundation
package import HearthCore
import SwiftProtobuf

/// One document per line in Firestore's REST JSON (`name`, `fields`, `createTime`, `updateTime`),
/// read through the same protobuf JSON mapping the REST API uses.
package enum JSONLinesCodec {
    /// The line for `document` of `database` (no trailing newline), written directly from the
    /// core values (`RESTJSONWriter`): what the protobuf JSON mapping of `Document` reads back.
    package static func line(_ document: Document, database: DatabaseID) -> [UInt8] {
        var writer = RESTJSONWriter()
        writer.document(document, database: database)
        return writer.bytes
    }

    /// The record a line holds; the name may be a full resource name or a document path.
    /// - Throws: `INVALID_ARGUMENT` naming the file and offset for JSON that is not a document.
    /// Lines in the plain form are read directly (`RESTJSONReader`); any other line goes through
    /// the protobuf JSON mapping, which accepts every form it allows and words the errors.
    package static func record(_ line: [UInt8], file: String, offset: Int64) throws(FirestoreError) -> ImportRecord {
        if let plain = RESTJSONReader.read(line), let record = try? record(plain, file: file, offset: offset) {
            return record
        }
        return try protobufRecord(line, file: file, offset: offset)
    }

    /// The record of a line read directly; throws when its name or times are not valid (the
    /// caller then reads the line again through the protobuf mapping for its error).
    private static func record(_ line: RESTJSONReader.Line, file: String, offset: Int64) throws(FirestoreError) -> ImportRecord {
        let (database, key) = try documentKey(line.name)
        var record = ImportRecord(key: key, fields: line.fields, sourceDatabase: database, file: file, offset: offset)
        if let createTime = line.createTime, let updateTime = line.updateTime {
            record.times = PreservedTimes(createTime: createTime, updateTime: updateTime)
        }
        return record
    }

    /// The database (when the name is a full resource name) and key a line's `name` gives.
    private static func documentKey(_ name: String) throws(FirestoreError) -> (DatabaseID?, DocumentKey) {
        if name.hasPrefix("projects/") {
            let (database, key) = try DocumentKey.parse(resourceName: name)
            return (database, key)
        }
        return (nil, try DocumentKey(validating: name))
    }

    /// The record of a line, read through SwiftProtobuf's JSON decoder.
    static func protobufRecord(_ line: [UInt8], file: String, offset: Int64) throws(FirestoreError) -> ImportRecord {
        let proto: Google_Firestore_V1_Document
        do {
            proto = try Google_Firestore_V1_Document(jsonUTF8Data: Data(line))
        } catch {
            throw TransferError.invalid(file, offset: offset, "not a Firestore document in REST JSON: \(error)")
        }
        let database: DatabaseID?
        let key: DocumentKey
        do {
            (database, key) = try documentKey(proto.name)
        } catch {
            throw TransferError.invalid(file, offset: offset, "'\(proto.name)' is not a valid document name: \(error.message)")
        }
        let fields: [String: Value]
        do {
            fields = try ProtoValue.fields(proto.fields)
        } catch {
            throw TransferError.invalid(file, offset: offset, "\(key): \(error.message)")
        }
        var record = ImportRecord(key: key, fields: fields, sourceDatabase: database, file: file, offset: offset)
        if proto.hasCreateTime, proto.hasUpdateTime {
            do {
                record.times = PreservedTimes(
                    createTime: try Timestamp(proto: proto.createTime), updateTime: try Timestamp(proto: proto.updateTime))
            } catch {
                throw TransferError.invalid(file, offset: offset, "\(key): \(error.message)")
            }
        }
        return record
    }
}
