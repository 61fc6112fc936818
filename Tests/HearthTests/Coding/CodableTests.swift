import Foundation
import Testing
@testable import Hearth
import HearthCore

@Suite("Codable: Firestore.Encoder, Firestore.Decoder, @DocumentID, @ServerTimestamp")
struct CodableTests {
    enum Status: String, Codable, Equatable { case open, closed }

    struct Address: Codable, Equatable {
        var street: String
        var number: Int
    }

    struct Everything: Codable, Equatable {
        var flag: Bool
        var int8: Int8
        var int16: Int16
        var int32: Int32
        var int64: Int64
        var uint8: UInt8
        var uint32: UInt32
        var uint64: UInt64
        var int: Int
        var double: Double
        var float: Float
        var text: String
        var data: Data
        var date: Date
        var timestamp: Timestamp
        var point: GeoPoint
        var url: URL
        var status: Status
        var address: Address
        var addresses: [Address]
        var scores: [String: Int]
        var optionalPresent: String?
        var optionalMissing: String?
        var tags: [String]
    }

    static func sample() throws -> Everything {
        Everything(
            flag: true, int8: .min, int16: .max, int32: .min, int64: .max, uint8: .max, uint32: .max,
            uint64: UInt64(Int64.max), int: -42, double: -0.5, float: 1.25, text: "héllo 🌍",
            data: Data([0, 255, 7]), date: Date(timeIntervalSince1970: 1_700_000_000.25),
            timestamp: try Timestamp(seconds: 1_700_000_000, nanoseconds: 123_456_000),
            point: try GeoPoint(latitude: 37.38, longitude: -5.98), url: URL(string: "https://example.com/a?b=1")!,
            status: .closed, address: Address(street: "Calle Sierpes", number: 12),
            addresses: [Address(street: "A", number: 1), Address(street: "B", number: 2)],
            scores: ["x": 1, "y": 2], optionalPresent: "here", optionalMissing: nil, tags: ["wifi", "pool"])
    }

    @Test func everyTypeRoundTripsThroughTheDatabase() async throws {
        let t = try TestFirestore()
        let original = try Self.sample()
        let ref = t.db.document("things/one")
        try await ref.setData(from: original)
        let snapshot = try await ref.getDocument()
        let decoded = try snapshot.data(as: Everything.self)
        #expect(decoded == original)
        let raw = try #require(snapshot.data())
        let stamp = raw["timestamp"]
        #expect(stamp is Hearth.Timestamp, "timestamps are stored as timestamps, not maps")
        let date = raw["date"]
        #expect(date is Hearth.Timestamp, "dates are stored as timestamps")
        let bytes = raw["data"]
        #expect(bytes is Foundation.Data, "Data is stored as bytes")
        let point = raw["point"]
        #expect(point is Hearth.GeoPoint)
        #expect(raw["status"] as? String == "closed")
        #expect(raw.keys.contains("optionalMissing") == false, "nil optionals are omitted")
    }

    @Test func nonConformingFloatsAreStored() async throws {
        struct Floats: Codable { var nan: Double; var inf: Double }
        let t = try TestFirestore()
        try await t.db.document("c/f").setData(from: Floats(nan: .nan, inf: -.infinity))
        let decoded = try await t.db.document("c/f").getDocument().data(as: Floats.self)
        #expect(decoded.nan.isNaN)
        #expect(decoded.inf == -.infinity)
    }

    struct Room: Codable, Equatable {
        @DocumentID var id: String?
        @DocumentID var ref: DocumentReference?
        var title: String
        @ServerTimestamp var createdAt: Timestamp?
        @ServerTimestamp var updatedAt: Date?
        var owner: DocumentReference?
    }

    @Test func documentIDAndServerTimestamp() async throws {
        let t = try TestFirestore()
        let owner = t.db.document("users/alice")
        let room = Room(id: "ignored", ref: nil, title: "Sunny room", createdAt: nil, updatedAt: nil, owner: owner)
        let ref = try await t.db.collection("rooms").addDocument(from: room)
        let snapshot = try await ref.getDocument()
        let raw = try #require(snapshot.data())
        #expect(raw["id"] == nil && raw["ref"] == nil, "@DocumentID is never written")
        let created = raw["createdAt"]
        #expect(created is Hearth.Timestamp, "nil @ServerTimestamp becomes the commit time")
        let decoded = try snapshot.data(as: Room.self)
        #expect(decoded.id == ref.documentID)
        #expect(decoded.ref == ref)
        #expect(decoded.title == "Sunny room")
        #expect(decoded.owner == owner)
        #expect(decoded.createdAt != nil)
        #expect(decoded.updatedAt != nil)
        #expect(decoded.createdAt?.dateValue().timeIntervalSince1970 ?? 0 > 1_600_000_000)
    }

    @Test func serverTimestampKeepsAGivenValueAndDecodesMissingAsNil() async throws {
        struct Stamp: Codable { @ServerTimestamp var at: Timestamp? }
        let t = try TestFirestore()
        let given = try Timestamp(seconds: 100, nanoseconds: 0)
        try await t.db.document("c/s").setData(from: Stamp(at: given))
        #expect(try await t.db.document("c/s").getDocument().data(as: Stamp.self).at == given)
        try await t.db.document("c/empty").setData([:])
        #expect(try await t.db.document("c/empty").getDocument().data(as: Stamp.self).at == nil)
    }

    @Test func documentIDClashingWithAFieldIsAnError() async throws {
        struct Named: Codable { @DocumentID var id: String?; var name: String }
        let t = try TestFirestore()
        try await t.db.document("c/clash").setData(["id": "field", "name": "x"])
        await #expect(throws: DecodingError.self) { try await t.db.document("c/clash").getDocument().data(as: Named.self) }
    }

    @Test func propertyWrappersRefuseOtherCoders() throws {
        struct Named: Codable { @DocumentID var id: String?; var name: String }
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Named(id: "a", name: "b")) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Named.self, from: Data(#"{"name":"b"}"#.utf8)) }
    }

    @Test func decodingErrorsCarryTheCodingPath() async throws {
        struct Wrong: Codable { var address: Address }
        let t = try TestFirestore()
        try await t.db.document("c/w").setData(["address": ["street": "S", "number": "not a number"]])
        do {
            _ = try await t.db.document("c/w").getDocument().data(as: Wrong.self)
            Issue.record("a type mismatch must throw")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["address", "number"])
        }
        do {
            _ = try await t.db.document("c/missing").getDocument().data(as: Wrong.self)
            Issue.record("a missing document must throw")
        } catch DecodingError.valueNotFound {}
        struct Needs: Codable { var mandatory: Int }
        try await t.db.document("c/n").setData([:])
        do {
            _ = try await t.db.document("c/n").getDocument().data(as: Needs.self)
            Issue.record("a missing key must throw")
        } catch DecodingError.keyNotFound(let key, _) {
            #expect(key.stringValue == "mandatory")
        }
    }

    @Test func integersAreRangeCheckedAndDoublesMustBeIntegral() async throws {
        struct Small: Codable { var n: Int8 }
        let t = try TestFirestore()
        try await t.db.document("c/big").setData(["n": 1000])
        await #expect(throws: DecodingError.self) { try await t.db.document("c/big").getDocument().data(as: Small.self) }
        try await t.db.document("c/two").setData(["n": 2.0])
        #expect(try await t.db.document("c/two").getDocument().data(as: Small.self).n == 2)
        try await t.db.document("c/half").setData(["n": 2.5])
        await #expect(throws: DecodingError.self) { try await t.db.document("c/half").getDocument().data(as: Small.self) }
    }

    @Test func encodingRejectsWhatFirestoreCannotStore() throws {
        struct Nested: Encodable { var grid: [[Int]] }
        struct Huge: Encodable { var n: UInt64 }
        #expect(throws: EncodingError.self) { try Firestore.Encoder().encode(Nested(grid: [[1]])) }
        #expect(throws: EncodingError.self) { try Firestore.Encoder().encode(Huge(n: .max)) }
        #expect(throws: EncodingError.self) { try Firestore.Encoder().encode([1, 2, 3]) }
        #expect(throws: EncodingError.self) { try Firestore.Encoder().encode("just a string") }
    }

    @Test func encoderOutputMatchesTheDictionaryAPI() throws {
        struct Small: Encodable { var a: Int; var b: [String]; @ServerTimestamp var at: Timestamp? }
        let data = try Firestore.Encoder().encode(Small(a: 1, b: ["x"], at: nil))
        #expect(data["a"] as? Int == 1)
        #expect(data["b"] as? [String] == ["x"])
        let at = data["at"]
        #expect(at is Hearth.FieldValue)
    }

    @Test func decoderReadsDictionaries() throws {
        let value = try Firestore.Decoder().decode(Address.self, from: ["street": "Gran Vía", "number": 1])
        #expect(value == Address(street: "Gran Vía", number: 1))
    }

    @Test func batchesAndTransactionsTakeEncodables() async throws {
        let t = try TestFirestore()
        let a = t.db.document("addresses/a")
        try await t.db.batch().setData(from: Address(street: "A", number: 1), forDocument: a).commit()
        #expect(try await a.getDocument().data(as: Address.self) == Address(street: "A", number: 1))
        try await t.db.runTransaction { transaction in
            var address = try transaction.getDocument(a).data(as: Address.self)
            address.number += 1
            transaction.setData(from: address, forDocument: a)
        }
        #expect(try await a.getDocument().data(as: Address.self).number == 2)
    }
}
