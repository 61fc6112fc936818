package import HearthCore

/// Encodes a document as the legacy `EntityProto` an export record holds, laid out the way
/// Google's tools write it (key, unindexed properties, entity group).
package enum EntityEncoder {
    private typealias F = EntityFields

    /// The entity bytes of `document`, keyed in `app` (e.g. `dev~project`) and `database`.
    package static func encode(_ document: Document, app: String, database: String) -> [UInt8] {
        var writer = WireWriter()
        writer.messageField(F.Entity.key) { key in
            key.stringField(F.Key.app, app)
            key.messageField(F.Key.path) { path in
                let segments = document.key.path.segments
                for index in stride(from: 0, to: segments.count - 1, by: 2) {
                    pathElement(&path, type: segments[index], name: segments[index + 1])
                }
            }
            if database != DatabaseID.defaultDatabase { key.stringField(F.Key.databaseID, database) }
        }
        properties(document.fields, into: &writer)
        writer.messageField(F.Entity.entityGroup) { path in
            let segments = document.key.path.segments
            pathElement(&path, type: segments[0], name: segments[1])
        }
        return writer.bytes
    }

    private static func pathElement(_ writer: inout WireWriter, type: String, name: String) {
        writer.groupField(F.Path.element) { element in
            element.stringField(F.Path.type, type)
            element.stringField(F.Path.name, name)
        }
    }

    /// The properties of `fields`, in UTF-8 order of their names (deterministic output).
    private static func properties(_ fields: [String: Value], into writer: inout WireWriter) {
        for name in fields.keys.sorted(by: { String.compareUTF8($0, $1) < 0 }) {
            guard let value = fields[name] else { continue }
            if case .array(let elements) = value {
                if elements.isEmpty {
                    // Google writes an empty array as an indexed property with no value.
                    writer.messageField(F.Entity.property) { property in
                        property.varintField(F.Property.meaning, F.Meaning.emptyList)
                        property.stringField(F.Property.name, name)
                        property.varintField(F.Property.multiple, 0)
                    }
                }
                for element in elements { property(name, element, multiple: true, into: &writer) }
            } else {
                property(name, value, multiple: false, into: &writer)
            }
        }
    }

    private static func property(_ name: String, _ value: Value, multiple: Bool, into writer: inout WireWriter) {
        writer.messageField(F.Entity.rawProperty) { property in
            let meaning = meaningCode(of: value)
            if meaning != F.Meaning.none { property.varintField(F.Property.meaning, meaning) }
            property.stringField(F.Property.name, name)
            property.varintField(F.Property.multiple, multiple ? 1 : 0)
            property.messageField(F.Property.value) { encoded in propertyValue(value, into: &encoded) }
        }
    }

    private static func meaningCode(of value: Value) -> UInt64 {
        switch value {
        case .timestamp: return F.Meaning.gdWhen
        case .bytes: return F.Meaning.byteString
        case .geoPoint: return F.Meaning.geoPoint
        case .map: return F.Meaning.entityProto
        case .array: return F.Meaning.emptyList
        default: return F.Meaning.none
        }
    }

    private static func propertyValue(_ value: Value, into writer: inout WireWriter) {
        switch value {
        case .null: break
        case .boolean(let flag): writer.varintField(F.Value.boolean, flag ? 1 : 0)
        case .integer(let number): writer.varintField(F.Value.int64, UInt64(bitPattern: number))
        case .double(let number): writer.fixed64Field(F.Value.double, number.bitPattern)
        case .timestamp(let time): writer.varintField(F.Value.int64, UInt64(bitPattern: time.microseconds))
        case .string(let text): writer.stringField(F.Value.string, text)
        case .bytes(let bytes): writer.bytesField(F.Value.string, bytes)
        case .geoPoint(let point):
            writer.groupField(F.Value.point) { group in
                group.fixed64Field(F.Value.pointX, point.latitude.bitPattern)
                group.fixed64Field(F.Value.pointY, point.longitude.bitPattern)
            }
        case .reference(let reference):
            writer.groupField(F.Value.reference) { group in
                group.stringField(F.Value.referenceApp, "dev~" + reference.database.project)
                let segments = reference.key.path.segments
                for index in stride(from: 0, to: segments.count - 1, by: 2) {
                    group.groupField(F.Value.referenceElement) { element in
                        element.stringField(F.Value.referenceType, segments[index])
                        element.stringField(F.Value.referenceName, segments[index + 1])
                    }
                }
                if reference.database.database != DatabaseID.defaultDatabase {
                    group.stringField(F.Value.referenceDatabaseID, reference.database.database)
                }
            }
        case .map(let fields):
            var nested = WireWriter()
            nested.messageField(F.Entity.key) { key in
                key.stringField(F.Key.app, "")
                key.messageField(F.Key.path) { _ in }
            }
            properties(fields, into: &nested)
            writer.bytesField(F.Value.string, nested.bytes)
        case .array:
            // Arrays nest only inside maps' properties, which `properties` spreads out; an array
            // directly in an array cannot occur in Firestore.
            break
        }
    }
}
