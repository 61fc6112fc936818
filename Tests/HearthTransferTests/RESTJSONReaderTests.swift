import Foundation
import HearthCore
@testable import HearthTransfer
import Testing

/// The direct JSON Lines reader against SwiftProtobuf's JSON mapping: where it reads a line it must
/// read exactly what the mapping reads; where it gives up the mapping still answers.
@Suite struct RESTJSONReaderTests {
    private static let database = DatabaseID(uncheckedProject: "demo", database: "(default)")

    /// What a record holds, comparable (NaN equal to NaN through `Value`'s representation equality).
    private struct Outcome: Equatable {
        var key: String
        var database: String?
        var fields: [String: Value]
        var createTime: Timestamp?
        var updateTime: Timestamp?

        init(_ record: ImportRecord) {
            key = record.key.path.canonicalString
            database = record.sourceDatabase?.description
            fields = record.fields
            createTime = record.times?.createTime
            updateTime = record.times?.updateTime
        }
    }

    private func outcomes(_ text: String) -> (direct: Result<Outcome, FirestoreError>, mapping: Result<Outcome, FirestoreError>) {
        let line = Array(text.utf8)
        let direct = Result { () throws(FirestoreError) in Outcome(try JSONLinesCodec.record(line, file: "f", offset: 7)) }
        let mapping = Result { () throws(FirestoreError) in Outcome(try JSONLinesCodec.protobufRecord(line, file: "f", offset: 7)) }
        return (direct, mapping)
    }

    @Test func everyValueTypeIsReadDirectlyAndAsTheMappingReadsIt() throws {
        let time = try Timestamp(seconds: 1_751_379_418, nanoseconds: 19_123_000)
        let document = Document(
            key: try DocumentKey(validating: "users/ada"), fields: try TransferFixtures.everyValue(in: Self.database),
            createTime: time, updateTime: time)
        let line = JSONLinesCodec.line(document, database: Self.database)
        #expect(RESTJSONReader.read(line) != nil)
        let (direct, mapping) = outcomes(String(decoding: line, as: UTF8.self))
        #expect(try direct.get() == mapping.get())
        #expect(try direct.get().fields == document.fields)
    }

    static let plainLines = [
        #"{"name": "projects/demo/databases/(default)/documents/items/a", "fields": {"n": {"integerValue": "-42"}, "t": {"stringValue": "x"}}}"#,
        #"  { "name" : "items/a" , "fields" : { } }  "#,
        #"{"name":"items/a","fields":{"s":{"stringValue":"tab\tquote\"slash\/uni\u00e9 pair\ud83d\udc08 nul\u0000"}}}"#,
        #"{"name":"items/a","fields":{"d":{"doubleValue":-0},"e":{"doubleValue":1E-7},"f":{"doubleValue":"-Infinity"},"g":{"doubleValue":12345678901234567890}}}"#,
        #"{"name":"items/a","fields":{"t":{"timestampValue":"2024-02-29T23:59:59.123456789Z"},"u":{"timestampValue":"0001-01-01T00:00:00Z"},"v":{"timestampValue":"9999-12-31T23:59:59.5Z"}}}"#,
        #"{"name":"items/a","fields":{"b":{"bytesValue":"AA=="},"c":{"bytesValue":"AAE="},"d":{"bytesValue":""},"e":{"bytesValue":"+/+/"}}}"#,
        #"{"name":"items/a","fields":{"g":{"geoPointValue":{"latitude":-90}},"h":{"geoPointValue":{}},"m":{"mapValue":{}},"a":{"arrayValue":{"values":[]}}}}"#,
        #"{"name":"items/a","createTime":"2020-01-01T00:00:00Z","updateTime":"2021-01-01T00:00:00.000001Z","fields":{"r":{"referenceValue":"projects/p/databases/archive/documents/a/b"}}}"#,
    ]

    @Test(arguments: plainLines)
    func plainLinesAreReadDirectlyAndAgreeWithTheMapping(_ text: String) throws {
        #expect(RESTJSONReader.read(Array(text.utf8)) != nil)
        let (direct, mapping) = outcomes(text)
        #expect(try direct.get() == mapping.get())
    }

    /// Forms the mapping accepts that the direct reader leaves to it.
    static let otherForms = [
        #"{"name":"items/a","fields":{"n":{"integer_value":"1"}}}"#,
        #"{"name":"items/a","fields":{"n":{"integerValue":1}}}"#,
        #"{"name":"items/a","fields":{"d":{"doubleValue":"1.5"}}}"#,
        #"{"name":"items/a","fields":{"b":{"bytesValue":"_-8"}}}"#,
        #"{"name":"items/a","fields":{"t":{"timestampValue":"2024-01-01T01:00:00+01:00"}}}"#,
        #"{"name":"items/a","fields":{"z":{"nullValue":"NULL_VALUE"}}}"#,
        #"{"name":"items/a","create_time":"2020-01-01T00:00:00Z","update_time":"2020-01-01T00:00:00Z"}"#,
    ]

    @Test(arguments: otherForms)
    func otherFormsFallBackToTheMapping(_ text: String) throws {
        #expect(RESTJSONReader.read(Array(text.utf8)) == nil)
        let (direct, mapping) = outcomes(text)
        #expect(try direct.get() == mapping.get())
    }

    static let badLines = [
        #"{"name":"items/a","fields":{"n":{"integerValue":"1","stringValue":"x"}}}"#,
        #"{"name":"items/a","fields":{"n":{"integerValue":"99999999999999999999"}}}"#,
        #"{"name":"items/a","fields":{"t":{"timestampValue":"2023-02-29T00:00:00Z"}}}"#,
        #"{"name":"items/a","fields":{"g":{"geoPointValue":{"latitude":91}}}}"#,
        #"{"name":"items","fields":{}}"#,
        #"{"name":"items/a","fields":{"s":{"stringValue":"raw"#,
        #"{"name":"items/a","fields":{"r":{"referenceValue":"projects/p/databases/d/documents/a"}}}"#,
        #"{"name":"items/a","fields":{"n":{"nope":1}}}"#,
        #"{"name":"items/a"} trailing"#,
    ]

    @Test(arguments: badLines)
    func badLinesFailAsTheMappingFails(_ text: String) {
        let (direct, mapping) = outcomes(text)
        guard case .failure(let directError) = direct, case .failure(let mappingError) = mapping else {
            Issue.record("expected both to fail: \(direct) / \(mapping)")
            return
        }
        #expect(directError.code == mappingError.code)
        #expect(directError.message == mappingError.message)
    }

    /// Bytes that end, escape, spoil or widen a string, each put at every position of plain
    /// strings 0…24 bytes long so that it falls in every lane of the eight-byte scan and in its tail.
    static let stringInserts: [[UInt8]] = [
        Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\n"#.utf8), Array(#"\u00f1"#.utf8), Array("ñ".utf8),
        Array("😀".utf8), [0x09], [0x1F], [0x7F], [0xFF], [0xC3], [0xED, 0xA0, 0x80],
    ]

    @Test(arguments: stringInserts)
    func stringsReadDirectlyAgreeWithTheMappingWhereverTheSpecialByteFalls(_ insert: [UInt8]) {
        for length in 0...24 {
            for position in 0...length {
                var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                text.insert(contentsOf: insert, at: position)
                let line = Array(#"{"name":"items/a","fields":{"s":{"stringValue":""#.utf8) + text + Array(#""}}}"#.utf8)
                let direct = Result { () throws(FirestoreError) in Outcome(try JSONLinesCodec.record(line, file: "f", offset: 7)) }
                let mapping = Result { () throws(FirestoreError) in Outcome(try JSONLinesCodec.protobufRecord(line, file: "f", offset: 7)) }
                switch (direct, mapping) {
                case (.success(let read), .success(let expected)):
                    #expect(read == expected, "\(insert) at \(position) of \(length)")
                case (.failure(let readError), .failure(let expectedError)):
                    #expect(readError.code == expectedError.code, "\(insert) at \(position) of \(length)")
                default:
                    Issue.record("\(insert) at \(position) of \(length): direct \(direct), mapping \(mapping)")
                }
            }
        }
    }

    @Test func randomDocumentsRoundTripThroughTheDirectReader() throws {
        var generator = SystemRandomNumberGenerator()
        let time = try Timestamp(seconds: 1_700_000_000, nanoseconds: 5_000)
        for round in 0..<300 {
            var fields: [String: Value] = [:]
            for index in 0..<Int.random(in: 0...8, using: &generator) {
                fields[randomText(&generator) + "\(index)"] = randomValue(&generator, depth: 0)
            }
            let document = Document(key: try DocumentKey(validating: "r/d\(round)"), fields: fields, createTime: time, updateTime: time)
            let line = JSONLinesCodec.line(document, database: Self.database)
            guard let read = RESTJSONReader.read(line) else {
                Issue.record("gave up on its own writer's line: \(String(decoding: line, as: UTF8.self))")
                continue
            }
            #expect(read.fields == fields)
            let (direct, mapping) = outcomes(String(decoding: line, as: UTF8.self))
            #expect(try direct.get() == mapping.get())
        }
    }

    private func randomText(_ generator: inout SystemRandomNumberGenerator) -> String {
        let pieces = ["a", "é", "\"", "\\", "\n", "\u{1}", "部", "🐈", " ", "/", "\u{7F}", "z"]
        return (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
    }

    private func randomValue(_ generator: inout SystemRandomNumberGenerator, depth: Int) -> Value {
        switch Int.random(in: 0..<(depth < 3 ? 11 : 9), using: &generator) {
        case 0: return .null
        case 1: return .boolean(Bool.random(using: &generator))
        case 2: return .integer(Int64.random(in: .min ... .max, using: &generator))
        case 3: return .double(Double(bitPattern: UInt64.random(in: 0 ... .max, using: &generator)))
        case 4: return .timestamp(Timestamp(microseconds: Int64.random(in: -62_135_596_800_000_000...253_402_300_799_999_999, using: &generator)))
        case 5: return .string(randomText(&generator))
        case 6: return .bytes((0..<Int.random(in: 0...7, using: &generator)).map { _ in UInt8.random(in: 0 ... 255, using: &generator) })
        case 7:
            return .geoPoint((try? GeoPoint(
                latitude: Double.random(in: -90...90, using: &generator), longitude: Double.random(in: -180...180, using: &generator)))
                ?? GeoPoint(uncheckedLatitude: 0, longitude: 0))
        case 8: return .reference(DocumentReferenceValue(database: Self.database, key: (try? DocumentKey(validating: "a/b")) ?? DocumentKey(unchecked: ResourcePath(uncheckedSegments: ["a", "b"]))))
        case 9: return .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in randomValue(&generator, depth: depth + 1) })
        default:
            var map: [String: Value] = [:]
            for index in 0..<Int.random(in: 0...3, using: &generator) { map[randomText(&generator) + "\(index)"] = randomValue(&generator, depth: depth + 1) }
            return .map(map)
        }
    }
}
