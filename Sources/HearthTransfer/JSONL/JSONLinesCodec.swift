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
    package static func record(_ line: [UInt8], file: String, offset: Int64) throws(FirestoreError) -> ImportRecord {
        let proto: Google_Firestore_V1_Document
        do {
            proto = try Google_Firestore_V1_Document(jsonUTF8Data: Data(line))
        } catch {
            throw TransferError.invalid(file, offset: offset, "not a Firestore document in REST JSON: \(error)")
        }
        let database: DatabaseID?
        let key: DocumentKey
        do {
            if proto.name.hasPrefix("projects/") {
                let parsed = try DocumentKey.parse(resourceName: proto.name)
                database = parsed.0
                key = parsed.1
            } else {
                database = nil
                key = try DocumentKey(validating: proto.name)
            }
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
