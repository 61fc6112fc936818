package import HearthCore

/// Decodes one export record (a legacy `EntityProto`) into a document: key, then properties,
/// mapping Datastore's meanings back onto Firestore's value types.
package enum EntityDecoder {
    private typealias F = EntityFields

    /// Decodes the entity in `bytes`, read from `origin`.
    /// - Throws: `DATA_LOSS` for malformed bytes or unknown fields; `INVALID_ARGUMENT` for a path
    ///   that is not a valid Firestore document path or a value Firestore cannot hold.
    package static func decode(_ bytes: [UInt8], origin: WireReader.Origin) throws(FirestoreError) -> ExportedEntity {
        var reader = WireReader(bytes, origin: origin)
        var key: (app: String, database: String?, segments: [String])?
        var properties = PropertyCollector()
        while let tag = try reader.nextTag() {
            switch (tag.field, tag.type) {
            case (F.Entity.key, .lengthDelimited):
                var keyReader = try reader.message()
                key = try decodeKey(&keyReader)
            case (F.Entity.property, .lengthDelimited), (F.Entity.rawProperty, .lengthDelimited):
                var propertyReader = try reader.message()
                try properties.add(&propertyReader)
            case (F.Entity.entityGroup, _), (F.Entity.kind, _), (F.Entity.kindURI, _), (F.Entity.owner, _), (F.Entity.rank, _):
                try reader.skip(tag.type, field: tag.field)
            default:
                throw reader.damaged("unknown EntityProto field \(tag.field) (wire type \(tag.type.rawValue))")
            }
        }
        guard let key else { throw reader.damaged("an entity without a key") }
        let documentKey: DocumentKey
        do {
            documentKey = try DocumentKey(path: try ResourcePath(validatingSegments: key.segments))
        } catch {
            throw TransferError.invalid(
                origin.file, offset: origin.offset,
                "'\(key.segments.joined(separator: "/"))' is not a valid Firestore document path: \(error.message)")
        }
        return ExportedEntity(
            project: ExportedEntity.project(fromApp: key.app), database: key.database ?? DatabaseID.defaultDatabase,
            key: documentKey, fields: try properties.fields(reader))
    }

    /// A `Reference`: application id, database id, path segments.
    private static func decodeKey(_ reader: inout WireReader) throws(FirestoreError) -> (app: String, database: String?, segments: [String]) {
        var app = ""
        var database: String?
        var segments: [String] = []
        while let tag = try reader.nextTag() {
            switch (tag.field, tag.type) {
            case (F.Key.app, .lengthDelimited): app = try reader.string()
            case (F.Key.databaseID, .lengthDelimited): database = try reader.string()
            case (F.Key.namespace, .lengthDelimited):
                let namespace = try reader.string()
                guard namespace.isEmpty else { throw reader.damaged("a key in namespace '\(namespace)' (Firestore uses none)") }
            case (F.Key.path, .lengthDelimited):
                var pathReader = try reader.message()
                while let element = try pathReader.nextTag() {
                    guard element.field == F.Path.element, element.type == .startGroup else {
                        throw pathReader.damaged("unknown Path field \(element.field)")
                    }
                    segments += try pathElement(&pathReader, typeField: F.Path.type, idField: F.Path.id,
                                                nameField: F.Path.name, groupField: F.Path.element)
                }
            default:
                throw reader.damaged("unknown key field \(tag.field)")
            }
        }
        return (app, database.flatMap { $0.isEmpty ? nil : $0 }, segments)
    }

    /// One path element group (already opened): its kind and its name (or `__id<n>__` for a numeric id).
    static func pathElement(
        _ reader: inout WireReader, typeField: Int, idField: Int, nameField: Int, groupField: Int
    ) throws(FirestoreError) -> [String] {
        var type: String?
        var name: String?
        while let tag = try reader.nextTag() {
            switch (tag.field, tag.type) {
            case (groupField, .endGroup):
                guard let type, let name else { throw reader.damaged("a path element without a kind or a name") }
                return [type, name]
            case (typeField, .lengthDelimited): type = try reader.string()
            case (nameField, .lengthDelimited): name = try reader.string()
            case (idField, .varint): name = "__id\(Int64(bitPattern: try reader.varint()))__"
            default: throw reader.damaged("unknown path element field \(tag.field)")
            }
        }
        throw reader.damaged("a path element that is never closed")
    }
}
