import Foundation
package import HearthCore
import SwiftProtobuf

/// Converts field values between the wire (`Google_Firestore_V1_Value`) and the core (`Value`).
package enum ProtoValue {
    /// The core value of a wire value.
    /// - Throws: `INVALID_ARGUMENT` for a value with no type or a pipeline expression (field reference,
    ///   function, pipeline, variable), an invalid timestamp, geo point or reference.
    package static func value(_ proto: Google_Firestore_V1_Value) throws(FirestoreError) -> Value {
        switch proto.valueType {
        case .nullValue: return .null
        case .booleanValue(let flag): return .boolean(flag)
        case .integerValue(let number): return .integer(number)
        case .doubleValue(let number): return .double(number)
        case .timestampValue(let time): return .timestamp(try Timestamp(proto: time).truncatedToMicroseconds)
        case .stringValue(let text): return .string(text)
        case .bytesValue(let bytes): return .bytes([UInt8](bytes))
        case .referenceValue(let name):
            let (database, key) = try DocumentKey.parse(resourceName: name)
            return .reference(DocumentReferenceValue(database: database, key: key))
        case .geoPointValue(let point):
            return .geoPoint(try GeoPoint(latitude: point.latitude, longitude: point.longitude))
        case .arrayValue(let array): return .array(try array.values.map { v throws(FirestoreError) in try value(v) })
        case .mapValue(let map): return .map(try fields(map.fields))
        case .fieldReferenceValue, .functionValue, .pipelineValue, .variableReferenceValue:
            throw FirestoreError(
                .invalidArgument,
                "Invalid value: field references, functions, pipelines and variables are pipeline expressions; "
                    + "they are not values that can be stored or compared.")
        case nil:
            throw FirestoreError(.invalidArgument, "Invalid value: a Value must have one of its value types set.")
        }
    }

    /// The core fields of a wire field map.
    package static func fields(_ proto: [String: Google_Firestore_V1_Value]) throws(FirestoreError) -> [String: Value] {
        var result: [String: Value] = [:]
        result.reserveCapacity(proto.count)
        for (name, element) in proto { result[name] = try value(element) }
        return result
    }

    /// The wire form of a core value.
    package static func proto(_ value: Value) -> Google_Firestore_V1_Value {
        var result = Google_Firestore_V1_Value()
        switch value {
        case .null: result.nullValue = .nullValue
        case .boolean(let flag): result.booleanValue = flag
        case .integer(let number): result.integerValue = number
        case .double(let number): result.doubleValue = number
        case .timestamp(let time): result.timestampValue = time.proto
        case .string(let text): result.stringValue = text
        case .bytes(let bytes): result.bytesValue = Data(bytes)
        case .reference(let reference): result.referenceValue = reference.resourceName
        case .geoPoint(let point):
            var latLng = Google_Type_LatLng()
            latLng.latitude = point.latitude
            latLng.longitude = point.longitude
            result.geoPointValue = latLng
        case .array(let elements):
            var array = Google_Firestore_V1_ArrayValue()
            array.values = elements.map(proto)
            result.arrayValue = array
        case .map(let fields):
            var map = Google_Firestore_V1_MapValue()
            map.fields = protoFields(fields)
            result.mapValue = map
        }
        return result
    }

    /// The wire form of a core field map.
    package static func protoFields(_ fields: [String: Value]) -> [String: Google_Firestore_V1_Value] {
        var result: [String: Google_Firestore_V1_Value] = [:]
        result.reserveCapacity(fields.count)
        for (name, element) in fields { result[name] = proto(element) }
        return result
    }
}
