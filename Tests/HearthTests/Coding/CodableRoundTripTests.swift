import Foundation
import HearthCore
import Testing

@testable import Hearth

@Suite("Codable round trips: encodeNode → stored fields → decode(fromFields:)")
struct CodableRoundTripTests {
    struct Integers: Codable, Equatable {
        var int: Int
        var int8: Int8
        var int16: Int16
        var int32: Int32
        var int64: Int64
        var uint: UInt
        var uint8: UInt8
        var uint16: UInt16
        var uint32: UInt32
        var uint64: UInt64
    }

    @Test("every integer width round trips at its boundaries, stored as a 64-bit integer")
    func integerBoundaries() throws {
        let lows = Integers(
            int: .min, int8: .min, int16: .min, int32: .min, int64: .min,
            uint: 0, uint8: 0, uint16: 0, uint32: 0, uint64: 0)
        let highs = Integers(
            int: .max, int8: .max, int16: .max, int32: .max, int64: .max,
            uint: UInt(Int64.max), uint8: .max, uint16: .max, uint32: .max, uint64: UInt64(Int64.max))
        for value in [lows, highs] {
            #expect(try CodableSupport.roundTrip(value) == value)
        }
        let fields = try CodableSupport.encodeFields(highs)
        #expect(fields["int8"] == .integer(127))
        #expect(fields["int16"] == .integer(32_767))
        #expect(fields["uint32"] == .integer(4_294_967_295))
        #expect(fields["uint64"] == .integer(.max))
        #expect(try CodableSupport.encodeFields(lows)["int64"] == .integer(.min))
    }

    struct Floats: Codable {
        var double: Double
        var float: Float
    }

    @Test(
        "doubles and floats round trip, NaN and the infinities included",
        arguments: [
            (0.1, Float(0.5)), (-0.0, Float(-0.0)), (.infinity, -.infinity), (-.infinity, .infinity),
            (.greatestFiniteMagnitude, .greatestFiniteMagnitude), (.leastNonzeroMagnitude, .leastNonzeroMagnitude),
        ])
    func floatingPoint(double: Double, float: Float) throws {
        let decoded = try CodableSupport.roundTrip(Floats(double: double, float: float))
        #expect(decoded.double.bitPattern == double.bitPattern)
        #expect(decoded.float.bitPattern == float.bitPattern)
        let fields = try CodableSupport.encodeFields(Floats(double: double, float: float))
        #expect(fields["float"] == .double(Double(float)))
    }

    @Test("NaN is stored as a double NaN and reads back as NaN")
    func notANumber() throws {
        let fields = try CodableSupport.encodeFields(Floats(double: .nan, float: .nan))
        guard case .double(let stored)? = fields["double"] else {
            Issue.record("expected a double, got \(String(describing: fields["double"]))")
            return
        }
        #expect(stored.isNaN)
        let decoded = try CodableSupport.roundTrip(Floats(double: .nan, float: .nan))
        #expect(decoded.double.isNaN)
        #expect(decoded.float.isNaN)
    }

    struct Scalars: Codable, Equatable {
        var flag: Bool
        var off: Bool
        var text: String
        var data: Data
        var empty: Data
        var date: Date
        var timestamp: Timestamp
        var point: GeoPoint
        var url: URL
    }

    @Test("booleans, unicode strings, bytes, dates, timestamps, geopoints and URLs round trip")
    func scalars() throws {
        let value = Scalars(
            flag: true, off: false, text: "Ñandú 🐦‍⬛ 東京 \u{0}end",
            data: Data([0, 1, 254, 255]), empty: Data(),
            date: Date(timeIntervalSince1970: 1_700_000_000.25),
            timestamp: try Timestamp(seconds: -62_135_596_800, nanoseconds: 999_999_999),
            point: try GeoPoint(latitude: -33.8688, longitude: 151.2093),
            url: try #require(URL(string: "https://example.com/a%20b?q=1#frag")))
        #expect(try CodableSupport.roundTrip(value) == value)

        let fields = try CodableSupport.encodeFields(value)
        #expect(fields["flag"] == .boolean(true))
        #expect(fields["text"] == .string("Ñandú 🐦‍⬛ 東京 \u{0}end"))
        #expect(fields["data"] == .bytes([0, 1, 254, 255]))
        #expect(fields["empty"] == .bytes([]))
        #expect(fields["date"] == .timestamp(try Timestamp(seconds: 1_700_000_000, nanoseconds: 250_000_000)))
        #expect(fields["timestamp"] == .timestamp(value.timestamp))
        #expect(fields["point"] == .geoPoint(value.point))
        #expect(fields["url"] == .string("https://example.com/a%20b?q=1#frag"))
    }

    struct Decimals: Codable, Equatable {
        var amount: Decimal
    }

    @Test("Decimal is stored as a double")
    func decimal() throws {
        let amount = try #require(Decimal(string: "12.5"))
        #expect(try CodableSupport.encodeFields(Decimals(amount: amount)) == ["amount": .double(12.5)])
        #expect(try CodableSupport.roundTrip(Decimals(amount: 42)) == Decimals(amount: 42))
    }

    enum Status: String, Codable, Equatable {
        case open, closed
    }

    enum Priority: Int, Codable, Equatable {
        case low = 1
        case high = 9
    }

    struct Address: Codable, Equatable {
        var street: String
        var number: Int
    }

    struct Person: Codable, Equatable {
        var name: String
        var home: Address
        var previous: [Address]
        var status: Status
        var priority: Priority
        var scores: [String: Int]
        var homes: [String: Address]
        var tags: [String]
        var emptyList: [Int]
        var emptyMap: [String: Bool]
    }

    @Test("nested structs, arrays of structs, raw-value enums and dictionaries round trip as maps and arrays")
    func nested() throws {
        let person = Person(
            name: "Ada", home: Address(street: "Gran Vía", number: 1),
            previous: [Address(street: "A", number: 2), Address(street: "B", number: 3)],
            status: .closed, priority: .high, scores: ["math": 10, "art": -1],
            homes: ["summer": Address(street: "Playa", number: 7)], tags: ["x", "y"], emptyList: [], emptyMap: [:])
        #expect(try CodableSupport.roundTrip(person) == person)

        let fields = try CodableSupport.encodeFields(person)
        #expect(fields["home"] == .map(["street": "Gran Vía", "number": 1]))
        #expect(
            fields["previous"] == .array([.map(["street": "A", "number": 2]), .map(["street": "B", "number": 3])]))
        #expect(fields["status"] == .string("closed"))
        #expect(fields["priority"] == .integer(9))
        #expect(fields["scores"] == .map(["math": 10, "art": -1]))
        #expect(fields["homes"] == .map(["summer": .map(["street": "Playa", "number": 7])]))
        #expect(fields["emptyList"] == .array([]))
        #expect(fields["emptyMap"] == .map([:]))
    }

    @Test("a top-level dictionary is a document")
    func dictionaryDocument() throws {
        let value: [String: [Int]] = ["a": [1, 2], "b": []]
        #expect(try CodableSupport.encodeFields(value) == ["a": [1, 2], "b": []])
        #expect(try CodableSupport.roundTrip(value) == value)
    }

    struct Optionals: Codable, Equatable {
        var present: String?
        var missing: String?
        var nested: Address?
        var list: [Int?]
    }

    @Test("nil optionals are left out, present ones stored, nil inside arrays is null")
    func optionals() throws {
        let value = Optionals(present: "here", missing: nil, nested: nil, list: [1, nil, 3])
        let fields = try CodableSupport.encodeFields(value)
        #expect(fields == ["present": "here", "list": [1, nil, 3]])
        #expect(fields["missing"] == nil)
        #expect(try CodableSupport.roundTrip(value) == value)
        let full = Optionals(present: nil, missing: "x", nested: Address(street: "S", number: 0), list: [])
        #expect(try CodableSupport.roundTrip(full) == full)
    }

    struct ExplicitNull: Codable, Equatable {
        var note: String?

        enum CodingKeys: String, CodingKey { case note }

        init(note: String?) { self.note = note }

        init(from decoder: any Swift.Decoder) throws {
            note = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .note)
        }

        func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(note, forKey: .note)  // nil becomes encodeNil: an explicit null
        }
    }

    @Test("an explicitly encoded nil is stored as null and reads back as nil")
    func explicitNull() throws {
        #expect(try CodableSupport.encodeFields(ExplicitNull(note: nil)) == ["note": .null])
        #expect(try CodableSupport.roundTrip(ExplicitNull(note: nil)) == ExplicitNull(note: nil))
    }

    struct Links: Codable, Equatable {
        var owner: DocumentReference
        var friends: [DocumentReference]
        var maybe: DocumentReference?
    }

    @Test("document references round trip, including one to another database")
    func references() throws {
        let scratch = try ScratchFirestore()
        defer { scratch.close() }
        let db = scratch.db
        let other = try db.database(database: "other")
        defer { other.close() }
        let context = db.document("rooms/r1")
        let value = Links(
            owner: db.document("users/alice"),
            friends: [db.document("users/bob"), other.document("people/carol")], maybe: nil)

        let fields = try CodableSupport.encodeFields(value)
        let alice = DocumentReferenceValue(database: db.databaseID, key: try DocumentKey(validating: "users/alice"))
        #expect(fields["owner"] == .reference(alice))

        let decoded = try CodableSupport.roundTrip(value, in: context)
        #expect(decoded == value)
        #expect(decoded.owner.firestore === db)
        #expect(decoded.friends[1].firestore.databaseID == other.databaseID)
        #expect(decoded.friends[1].path == "people/carol")
    }
}
