import Foundation
import HearthCore
import Testing

@testable import Hearth

@Suite("Firestore.Encoder: nodes, Firestore's rules, and the [String: Any] output")
struct FirestoreEncoderTests {
    struct Huge: Codable {
        var count: UInt64
    }

    struct HugeInList: Codable {
        var counts: [UInt]
    }

    @Test("unsigned integers above Int64.max are rejected with their coding path")
    func unsignedOverflow() throws {
        let error = #expect(throws: EncodingError.self) { try Firestore.Encoder().encodeNodes(Huge(count: .max)) }
        #expect(CodableSupport.path(of: error) == ["count"])
        let listError = #expect(throws: EncodingError.self) {
            try Firestore.Encoder().encodeNodes(HugeInList(counts: [1, UInt(Int64.max) + 1]))
        }
        #expect(CodableSupport.path(of: listError) == ["counts", "Index 1"])
        #expect(try CodableSupport.encodeFields(Huge(count: UInt64(Int64.max))) == ["count": .integer(.max)])
    }

    struct Grid: Encodable {
        var name = "g"
        var rows: [[Int]]
    }

    struct Inner: Encodable {
        var cells: [[String]]
    }

    struct Deep: Encodable {
        var items: [Inner]
    }

    struct MapInArray: Encodable {
        var items: [[String: [Int]]]
    }

    @Test("arrays directly inside arrays are rejected, at any depth; arrays in maps in arrays are fine")
    func nestedArrays() throws {
        let error = #expect(throws: EncodingError.self) { try Firestore.Encoder().encodeNodes(Grid(rows: [[1], [2]])) }
        #expect(CodableSupport.path(of: error) == ["rows", "Index 0"])
        #expect(CodableSupport.message(of: error).contains("Nested arrays are not supported"))

        let deepError = #expect(throws: EncodingError.self) {
            try Firestore.Encoder().encodeNodes(Deep(items: [Inner(cells: [["a"]])]))
        }
        #expect(CodableSupport.path(of: deepError) == ["items", "Index 0", "cells", "Index 0"])

        #expect(try CodableSupport.encodeFields(MapInArray(items: [["a": [1, 2]]])) == ["items": [["a": [1, 2]]]])
        #expect(try CodableSupport.encodeFields(Grid(rows: [])) == ["name": "g", "rows": []])
    }

    struct Stamped: Encodable {
        @ServerTimestamp var at: Timestamp?
    }

    struct SentinelList: Encodable {
        var values: [FieldValue]
    }

    struct StampedList: Encodable {
        var stamps: [Stamped]
    }

    @Test("sentinels inside arrays are rejected, directly or inside a map in an array")
    func sentinelsInArrays() throws {
        let direct = #expect(throws: EncodingError.self) {
            try Firestore.Encoder().encodeNodes(SentinelList(values: [FieldValue.serverTimestamp()]))
        }
        #expect(CodableSupport.path(of: direct) == ["values", "Index 0"])
        #expect(
            CodableSupport.message(of: direct).contains(
                "FieldValue.serverTimestamp() is not currently supported inside arrays"))

        let inMap = #expect(throws: EncodingError.self) {
            try Firestore.Encoder().encodeNodes(StampedList(stamps: [Stamped(at: nil)]))
        }
        #expect(CodableSupport.path(of: inMap) == ["stamps", "Index 0", "at"])

        let stamp = try Timestamp(seconds: 5, nanoseconds: 0)
        let fields = try CodableSupport.encodeFields(StampedList(stamps: [Stamped(at: stamp)]))
        #expect(fields == ["stamps": [["at": .timestamp(stamp)]]])
    }

    @Test("a document must be a map", arguments: [0, 1, 2, 3])
    func topLevelMustBeKeyed(kind: Int) throws {
        let encoder = Firestore.Encoder()
        let error: EncodingError? =
            switch kind {
            case 0: #expect(throws: EncodingError.self) { try encoder.encodeNodes([1, 2, 3]) }
            case 1: #expect(throws: EncodingError.self) { try encoder.encodeNodes("just a string") }
            case 2: #expect(throws: EncodingError.self) { try encoder.encode(Timestamp(microseconds: 0)) }
            default: #expect(throws: EncodingError.self) { try encoder.encode(Optional<Int>.none) }
            }
        #expect(CodableSupport.message(of: error).contains("A document must be a map"))
    }

    @Test("field names follow setData's rules: not empty, not __reserved__")
    func fieldNames() throws {
        let empty = #expect(throws: EncodingError.self) { try Firestore.Encoder().encodeNodes(["": 1]) }
        #expect(CodableSupport.path(of: empty) == [""])
        let reserved = #expect(throws: EncodingError.self) {
            try Firestore.Encoder().encodeNodes(["ok": ["__secret__": 1]])
        }
        #expect(CodableSupport.path(of: reserved) == ["ok", "__secret__"])
        #expect(try CodableSupport.encodeFields(["_a_": 1, "__b": 2]) == ["_a_": 1, "__b": 2])
    }

    struct Counter: Encodable {
        var name: String
        var visits: FieldValue
        var tags: FieldValue
        var gone: FieldValue
    }

    @Test("FieldValue properties become sentinel nodes with their operands read")
    func fieldValues() throws {
        let nodes = try Firestore.Encoder().encodeNodes(
            Counter(
                name: "c", visits: .increment(Int64(2)), tags: .arrayUnion(["a", 1]), gone: .delete()))
        guard case .sentinel(.transform(.increment(let step)))? = nodes["visits"] else {
            Issue.record("visits: \(String(describing: nodes["visits"]))")
            return
        }
        #expect(step == .integer(2))
        guard case .sentinel(.transform(.appendMissingElements(let elements)))? = nodes["tags"] else {
            Issue.record("tags: \(String(describing: nodes["tags"]))")
            return
        }
        #expect(elements == ["a", 1])
        guard case .sentinel(.delete)? = nodes["gone"] else {
            Issue.record("gone: \(String(describing: nodes["gone"]))")
            return
        }
        guard case .value(.string("c"))? = nodes["name"] else {
            Issue.record("name: \(String(describing: nodes["name"]))")
            return
        }
    }

    @Test("FieldValue operands Firestore cannot store are rejected")
    func badOperands() throws {
        let error = #expect(throws: EncodingError.self) {
            try Firestore.Encoder().encodeNodes(["tags": FieldValue.arrayUnion([[1]])])
        }
        #expect(CodableSupport.path(of: error) == ["tags"])
    }

    struct Mixed: Encodable {
        var when: Timestamp
        var date: Date
        var bytes: Data
        var place: GeoPoint
        var owner: DocumentReference
        var count: Int
        var ratio: Double
        var note: String?
        var list: [Int]
        var child: [String: Bool]
        var created: FieldValue
    }

    @Test("encode(_:) hands back setData's Swift values, with the caller's references and sentinels")
    func plainOutput() throws {
        let scratch = try ScratchFirestore()
        defer { scratch.close() }
        let owner = scratch.db.document("users/alice")
        let when = try Timestamp(seconds: 100, nanoseconds: 5)
        let data = try Firestore.Encoder().encode(
            Mixed(
                when: when, date: Date(timeIntervalSince1970: 10), bytes: Data([1, 2]),
                place: try GeoPoint(latitude: 1, longitude: 2), owner: owner, count: 3, ratio: 0.5, note: nil,
                list: [1, 2], child: ["x": true], created: .serverTimestamp()))

        #expect(data["when"] as? Timestamp == when)
        #expect(data["date"] as? Timestamp == (try Timestamp(seconds: 10, nanoseconds: 0)))
        #expect(data["bytes"] as? Data == Data([1, 2]))
        #expect(data["place"] as? GeoPoint == (try GeoPoint(latitude: 1, longitude: 2)))
        #expect((data["owner"] as? DocumentReference) === owner)
        #expect(data["count"] as? Int == 3)
        #expect(data["ratio"] as? Double == 0.5)
        #expect(data["note"] == nil)
        #expect(data["list"] as? [Int] == [1, 2])
        #expect((data["child"] as? [String: Any])?["x"] as? Bool == true)
        #expect((data["created"] as? FieldValue)?.methodName == "FieldValue.serverTimestamp()")
        #expect(data.count == 10)

        // What it returns, setData's reader reads back to the same nodes.
        var reader = UserDataReader(method: "setData()")
        let reread = try reader.readMap(data)
        let direct = try Firestore.Encoder().encodeNodes(
            Mixed(
                when: when, date: Date(timeIntervalSince1970: 10), bytes: Data([1, 2]),
                place: try GeoPoint(latitude: 1, longitude: 2), owner: owner, count: 3, ratio: 0.5, note: nil,
                list: [1, 2], child: ["x": true], created: .serverTimestamp()))
        #expect(reread.count == direct.count)
        var withoutSentinel = reread
        withoutSentinel["created"] = nil
        var directWithoutSentinel = direct
        directWithoutSentinel["created"] = nil
        #expect(try CodableSupport.storedFields(withoutSentinel) == CodableSupport.storedFields(directWithoutSentinel))
    }

    @Test("a reference with an invalid path is rejected")
    func invalidReference() throws {
        let scratch = try ScratchFirestore()
        defer { scratch.close() }
        let error = #expect(throws: EncodingError.self) {
            try Firestore.Encoder().encodeNodes(["owner": scratch.db.document("users")])
        }
        #expect(CodableSupport.path(of: error) == ["owner"])
    }



    class Base: Encodable {
        var id = 1
        enum CodingKeys: String, CodingKey { case id }
        func encode(to encoder: any Swift.Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
        }
    }

    final class Derived: Base {
        var extra = "e"
        enum DerivedKeys: String, CodingKey { case extra }
        override func encode(to encoder: any Swift.Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: DerivedKeys.self)
            try container.encode(extra, forKey: .extra)
            try super.encode(to: container.superEncoder())
        }
    }

    @Test("a subclass shares its superclass's container; superEncoder() writes a nested map")
    func classes() throws {
        #expect(try CodableSupport.encodeFields(Derived()) == ["id": 1, "extra": "e", "super": ["id": 1]])
    }
}
