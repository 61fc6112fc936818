import HearthCore

/// Maps one `PropertyValue` (and its property's meaning) to a Firestore value.
enum PropertyValueDecoder {
    private typealias F = EntityFields

    /// The value in `reader` for a property of `meaning` named `name`.
    static func value(_ reader: inout WireReader, meaning: UInt64, name: String) throws(FirestoreError) -> Value {
        var found: Value?
        var rawString: Range<Int>?
        var integer: Int64?
        while let tag = try reader.nextTag() {
            guard found == nil, rawString == nil, integer == nil else {
                throw reader.damaged("property '\(name)' holds more than one value")
            }
            switch (tag.field, tag.type) {
            case (F.Value.int64, .varint): integer = Int64(bitPattern: try reader.varint())
            case (F.Value.boolean, .varint): found = .boolean(try reader.varint() != 0)
            case (F.Value.string, .lengthDelimited): rawString = try reader.lengthDelimited()
            case (F.Value.double, .fixed64): found = .double(Double(bitPattern: try reader.fixed64()))
            case (F.Value.point, .startGroup): found = try point(&reader, name: name)
            case (F.Value.reference, .startGroup): found = try reference(&reader, name: name)
            default: throw reader.damaged("unknown PropertyValue field \(tag.field) in property '\(name)'")
            }
        }
        if let integer {
            switch meaning {
            case F.Meaning.gdWhen: return .timestamp(Timestamp(microseconds: integer))
            case F.Meaning.none: return .integer(integer)
            default: throw unknownMeaning(reader, meaning, name)
            }
        }
        if let rawString {
            switch meaning {
            case F.Meaning.entityProto: return .map(try mapFields(reader, range: rawString))
            case F.Meaning.blob, F.Meaning.byteString: return .bytes(reader.bytes(in: rawString))
            case F.Meaning.none, F.Meaning.text: return .string(try reader.string(in: rawString))
            default: throw unknownMeaning(reader, meaning, name)
            }
        }
        if let found {
            guard meaning == F.Meaning.none || (meaning == F.Meaning.geoPoint && found.isGeoPoint) else {
                throw unknownMeaning(reader, meaning, name)
            }
            return found
        }
        guard meaning == F.Meaning.none else {
            if meaning == F.Meaning.emptyList { return .array([]) }
            throw unknownMeaning(reader, meaning, name)
        }
        return .null
    }

    /// A nested entity's properties: a map.
    private static func mapFields(_ reader: WireReader, range: Range<Int>) throws(FirestoreError) -> [String: Value] {
        var nested = reader.subreader(range)
        var properties = PropertyCollector()
        while let tag = try nested.nextTag() {
            switch (tag.field, tag.type) {
            case (F.Entity.property, .lengthDelimited), (F.Entity.rawProperty, .lengthDelimited):
                var propertyReader = try nested.message()
                try properties.add(&propertyReader)
            case (F.Entity.key, _), (F.Entity.entityGroup, _), (F.Entity.kind, _), (F.Entity.kindURI, _):
                try nested.skip(tag.type, field: tag.field)
            default:
                throw nested.damaged("unknown EntityProto field \(tag.field) in a map")
            }
        }
        return try properties.fields(nested)
    }

    private static func point(_ reader: inout WireReader, name: String) throws(FirestoreError) -> Value {
        var latitude: Double?
        var longitude: Double?
        while let tag = try reader.nextTag() {
            switch (tag.field, tag.type) {
            case (F.Value.point, .endGroup):
                guard let latitude, let longitude else { throw reader.damaged("geo point '\(name)' lacks a coordinate") }
                do {
                    return .geoPoint(try GeoPoint(latitude: latitude, longitude: longitude))
                } catch {
                    throw TransferError.invalid(reader.origin.file, offset: reader.origin.offset, "geo point '\(name)': \(error.message)")
                }
            case (F.Value.pointX, .fixed64): latitude = Double(bitPattern: try reader.fixed64())
            case (F.Value.pointY, .fixed64): longitude = Double(bitPattern: try reader.fixed64())
            default: throw reader.damaged("unknown point field \(tag.field) in '\(name)'")
            }
        }
        throw reader.damaged("geo point '\(name)' is never closed")
    }

    private static func reference(_ reader: inout WireReader, name: String) throws(FirestoreError) -> Value {
        var app = ""
        var database: String?
        var segments: [String] = []
        while let tag = try reader.nextTag() {
            switch (tag.field, tag.type) {
            case (F.Value.reference, .endGroup):
                let project = ExportedEntity.project(fromApp: app) ?? ""
                let id = DatabaseID(uncheckedProject: project, database: database.flatMap { $0.isEmpty ? nil : $0 } ?? DatabaseID.defaultDatabase)
                do {
                    let key = try DocumentKey(path: try ResourcePath(validatingSegments: segments))
                    return .reference(DocumentReferenceValue(database: id, key: key))
                } catch {
                    throw TransferError.invalid(
                        reader.origin.file, offset: reader.origin.offset,
                        "reference '\(name)' names '\(segments.joined(separator: "/"))', not a document path.")
                }
            case (F.Value.referenceApp, .lengthDelimited): app = try reader.string()
            case (F.Value.referenceDatabaseID, .lengthDelimited): database = try reader.string()
            case (F.Value.referenceNamespace, .lengthDelimited): _ = try reader.string()
            case (F.Value.referenceElement, .startGroup):
                segments += try EntityDecoder.pathElement(
                    &reader, typeField: F.Value.referenceType, idField: F.Value.referenceID,
                    nameField: F.Value.referenceName, groupField: F.Value.referenceElement)
            default: throw reader.damaged("unknown reference field \(tag.field) in '\(name)'")
            }
        }
        throw reader.damaged("reference '\(name)' is never closed")
    }

    private static func unknownMeaning(_ reader: WireReader, _ meaning: UInt64, _ name: String) -> FirestoreError {
        reader.damaged("property '\(name)' has meaning \(meaning), which Firestore does not write for this value")
    }
}

extension Value {
    /// True for a geo point.
    fileprivate var isGeoPoint: Bool {
        if case .geoPoint = self { return true }
        return false
    }
}
