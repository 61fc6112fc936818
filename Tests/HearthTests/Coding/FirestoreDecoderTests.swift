import Foundation
import HearthCore
import Testing

@testable import Hearth

@Suite("Firestore.Decoder: conversions and standard DecodingErrors")
struct FirestoreDecoderTests {
    struct Item: Codable, Equatable {
        var name: String
        var count: Int
    }

    struct Order: Codable, Equatable {
        var id: String
        var items: [Item]
        var shipping: [String: Item]
    }

    @Test("a value of the wrong type is a typeMismatch at its coding path")
    func typeMismatch() throws {
        let fields: [String: Value] = [
            "id": "o1", "shipping": [:],
            "items": [["name": "a", "count": 1], ["name": "b", "count": "two"]],
        ]
        let error = #expect(throws: DecodingError.self) { try CodableSupport.decode(Order.self, fields) }
        guard case .typeMismatch(let type, _)? = error else {
            Issue.record("expected typeMismatch, got \(String(describing: error))")
            return
        }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(Int.self))
        #expect(CodableSupport.path(of: error) == ["items", "Index 1", "count"])
        #expect(CodableSupport.message(of: error).contains("found a string"))
    }

    @Test("a missing field is keyNotFound, naming the key under its container's path")
    func missingKey() throws {
        let fields: [String: Value] = ["id": "o1", "items": [], "shipping": ["home": ["name": "a"]]]
        let error = #expect(throws: DecodingError.self) { try CodableSupport.decode(Order.self, fields) }
        guard case .keyNotFound(let key, let context)? = error else {
            Issue.record("expected keyNotFound, got \(String(describing: error))")
            return
        }
        #expect(key.stringValue == "count")
        #expect(context.codingPath.map(\.stringValue) == ["shipping", "home"])
    }

    @Test("null for a non-optional property is valueNotFound")
    func nullForRequired() throws {
        let error = #expect(throws: DecodingError.self) {
            try CodableSupport.decode(Item.self, ["name": nil, "count": 1])
        }
        guard case .valueNotFound? = error else {
            Issue.record("expected valueNotFound, got \(String(describing: error))")
            return
        }
        #expect(CodableSupport.path(of: error) == ["name"])
    }

    @Test("a map where an array is expected, and the reverse, are type mismatches")
    func containerMismatch() throws {
        let notArray = #expect(throws: DecodingError.self) {
            try CodableSupport.decode(Order.self, ["id": "o", "items": ["name": "a"], "shipping": [:]])
        }
        #expect(CodableSupport.path(of: notArray) == ["items"])
        let notMap = #expect(throws: DecodingError.self) {
            try CodableSupport.decode(Order.self, ["id": "o", "items": [], "shipping": [1]])
        }
        #expect(CodableSupport.path(of: notMap) == ["shipping"])
    }

    struct Numbers: Decodable {
        var small: Int8
        var unsigned: UInt16
        var double: Double
        var float: Float
    }

    @Test("integers accept in-range integers and integral doubles; doubles accept integers")
    func numberConversions() throws {
        let value = try CodableSupport.decode(
            Numbers.self, ["small": -128, "unsigned": 65_535.0, "double": 7, "float": 2])
        #expect(value.small == -128)
        #expect(value.unsigned == 65_535)
        #expect(value.double == 7)
        #expect(value.float == 2)
    }

    @Test(
        "numbers that do not fit are dataCorrupted at their path",
        arguments: [
            ("small", Value.integer(128)), ("small", .double(1.5)), ("unsigned", .integer(-1)),
            ("unsigned", .double(.nan)), ("small", .double(.infinity)), ("float", .double(1e300)),
        ])
    func numbersOutOfRange(field: String, stored: Value) throws {
        var fields: [String: Value] = ["small": 0, "unsigned": 0, "double": 0, "float": 0]
        fields[field] = stored
        let error = #expect(throws: DecodingError.self) { try CodableSupport.decode(Numbers.self, fields) }
        guard case .dataCorrupted? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(CodableSupport.path(of: error) == [field])
    }

    @Test("Float keeps infinities and NaN from stored doubles")
    func floatSpecials() throws {
        let value = try CodableSupport.decode(
            Numbers.self, ["small": 0, "unsigned": 0, "double": .double(.nan), "float": .double(-.infinity)])
        #expect(value.double.isNaN)
        #expect(value.float == -.infinity)
    }

    struct Optionals: Decodable {
        var a: String?
        var b: Int?
        var c: [Int]?
    }

    @Test("optional fields that are missing or null decode as nil; present ones must have the right type")
    func optionals() throws {
        let value = try CodableSupport.decode(Optionals.self, ["b": nil])
        #expect(value.a == nil)
        #expect(value.b == nil)
        #expect(value.c == nil)
        let error = #expect(throws: DecodingError.self) { try CodableSupport.decode(Optionals.self, ["a": 5]) }
        #expect(CodableSupport.path(of: error) == ["a"])
    }

    struct Kinds: Decodable {
        var when: Date
        var bytes: Data
        var link: URL
    }

    @Test("dates need timestamps, Data needs bytes, URL needs a valid URL string")
    func foundationTypes() throws {
        let when = try Timestamp(seconds: 1, nanoseconds: 500_000_000)
        let good = try CodableSupport.decode(
            Kinds.self, ["when": .timestamp(when), "bytes": .bytes([9]), "link": "a/b"])
        #expect(good.when == Date(timeIntervalSince1970: 1.5))
        #expect(good.bytes == Data([9]))
        #expect(good.link.absoluteString == "a/b")

        let dateAsNumber = #expect(throws: DecodingError.self) {
            try CodableSupport.decode(Kinds.self, ["when": 1.5, "bytes": .bytes([]), "link": "x"])
        }
        #expect(CodableSupport.path(of: dateAsNumber) == ["when"])
        let bytesAsString = #expect(throws: DecodingError.self) {
            try CodableSupport.decode(Kinds.self, ["when": .timestamp(when), "bytes": "AQI=", "link": "x"])
        }
        #expect(CodableSupport.path(of: bytesAsString) == ["bytes"])
        let badURL = #expect(throws: DecodingError.self) {
            try CodableSupport.decode(Kinds.self, ["when": .timestamp(when), "bytes": .bytes([]), "link": ""])
        }
        #expect(CodableSupport.path(of: badURL) == ["link"])
    }

    struct Linked: Decodable {
        var owner: DocumentReference
    }

    @Test("a DocumentReference needs a reference context")
    func referenceNeedsContext() throws {
        let scratch = try ScratchFirestore()
        defer { scratch.close() }
        let key = try DocumentKey(validating: "users/a")
        let stored = DocumentReferenceValue(database: scratch.db.databaseID, key: key)
        let error = #expect(throws: DecodingError.self) {
            try CodableSupport.decode(Linked.self, ["owner": .reference(stored)])
        }
        #expect(CodableSupport.path(of: error) == ["owner"])
        #expect(CodableSupport.message(of: error).contains("reference context"))

        let decoded = try CodableSupport.decode(
            Linked.self, ["owner": .reference(stored)], in: scratch.db.document("x/y"))
        #expect(decoded.owner.path == "users/a")
        #expect(decoded.owner.firestore === scratch.db)

        let notReference = #expect(throws: DecodingError.self) {
            try CodableSupport.decode(Linked.self, ["owner": "users/a"], in: scratch.db.document("x/y"))
        }
        #expect(CodableSupport.path(of: notReference) == ["owner"])
    }

    @Test("decode(_:from:) reads [String: Any], as DocumentSnapshot.data() returns it")
    func fromPlainData() throws {
        let data: [String: Any] = [
            "id": "o9", "items": [["name": "pen", "count": 2] as [String: Any]], "shipping": [String: Any](),
        ]
        let order = try Firestore.Decoder().decode(Order.self, from: data)
        #expect(order == Order(id: "o9", items: [Item(name: "pen", count: 2)], shipping: [:]))

        let error = #expect(throws: DecodingError.self) {
            try Firestore.Decoder().decode(Order.self, from: ["id": NSObject()])
        }
        guard case .dataCorrupted? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
    }

    @Test("decoding something other than a map at the top level is a type mismatch")
    func topLevel() throws {
        let error = #expect(throws: DecodingError.self) { try Firestore.Decoder().decode(Item.self, from: [1, 2]) }
        guard case .typeMismatch? = error else {
            Issue.record("expected typeMismatch, got \(String(describing: error))")
            return
        }
        #expect(try Firestore.Decoder().decode([Int].self, from: [1, 2]) == [1, 2])
    }

    struct ReadsUserInfo: Decodable {
        var seen: String

        init(from decoder: any Swift.Decoder) throws {
            seen = decoder.userInfo[CodingUserInfoKey(rawValue: "who")!] as? String ?? "nobody"
        }
    }


    struct Walks: Decodable {
        var values: [Int?]
        var pastEnd: Bool

        enum CodingKeys: String, CodingKey { case values }

        init(from decoder: any Swift.Decoder) throws {
            var list = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .values)
            var values: [Int?] = []
            while !list.isAtEnd {
                values.append(try list.decodeNil() ? nil : try list.decode(Int.self))
            }
            self.values = values
            do {
                _ = try list.decode(Int.self)
                pastEnd = false
            } catch DecodingError.valueNotFound {
                pastEnd = true
            }
        }
    }

    @Test("unkeyed containers step over nulls and report reading past the end")
    func unkeyedWalk() throws {
        let value = try CodableSupport.decode(Walks.self, ["values": [1, nil, 3]])
        #expect(value.values == [1, nil, 3])
        #expect(value.pastEnd)
    }
}
