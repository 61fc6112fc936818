import FirestoreWire
import Foundation
import HearthCore
import SwiftProtobuf
import Testing

@Suite("ProtoValue")
struct ProtoValueTests {
    @Test("every value type survives a round trip")
    func roundTrip() throws {
        let key = try DocumentKey(validating: "users/alice")
        let values: [Value] = [
            .null, .boolean(false), .boolean(true), .integer(0), .integer(-9_007_199_254_740_993), .double(1.5),
            .double(.infinity), .timestamp(try Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_000)),
            .string(""), .string("héllo"), .bytes([0, 255, 97]),
            .reference(DocumentReferenceValue(database: try testDatabase(), key: key)),
            .geoPoint(try GeoPoint(latitude: 1.5, longitude: -2.25)),
            .array([.integer(1), .string("a")]), .map(["a": .map(["b": .null])]), .map([:]), .array([]),
        ]
        for value in values {
            #expect(try ProtoValue.value(ProtoValue.proto(value)) == value)
        }
    }

    @Test("NaN survives a round trip")
    func nan() throws {
        #expect(try ProtoValue.value(ProtoValue.proto(.double(.nan))).isNaN)
    }

    @Test("a null value is encoded as the oneof member, even though it is zero")
    func nullEncoding() throws {
        let bytes: [UInt8] = try ProtoValue.proto(.null).serializedBytes()
        #expect(bytes == [0x58, 0x00])
        let falseBytes: [UInt8] = try ProtoValue.proto(.boolean(false)).serializedBytes()
        #expect(falseBytes == [0x08, 0x00])
    }

    @Test("timestamps are truncated to microseconds")
    func timestampTruncation() throws {
        var proto = Google_Firestore_V1_Value()
        var time = Google_Protobuf_Timestamp()
        time.seconds = 10
        time.nanos = 123_456_789
        proto.timestampValue = time
        #expect(try ProtoValue.value(proto) == .timestamp(try Timestamp(seconds: 10, nanoseconds: 123_456_000)))
    }

    @Test("a value with no type is INVALID_ARGUMENT")
    func emptyValue() {
        expectFirestoreError(.invalidArgument) { _ = try ProtoValue.value(Google_Firestore_V1_Value()) }
    }

    @Test("bad references and geo points are INVALID_ARGUMENT")
    func invalidValues() {
        var reference = Google_Firestore_V1_Value()
        reference.referenceValue = "projects/p/databases/(default)/documents/odd"
        var geo = Google_Firestore_V1_Value()
        var point = Google_Type_LatLng()
        point.latitude = 91
        geo.geoPointValue = point
        for proto in [reference, geo] {
            expectFirestoreError(.invalidArgument) { _ = try ProtoValue.value(proto) }
        }
    }
}
