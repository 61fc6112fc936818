import FirestoreWire
import Foundation
import HearthCore
@testable import HearthTransfer
import SwiftProtobuf
import Testing

/// The hand-written JSON Lines writer against the protobuf JSON mapping it replaces.
@Suite struct RESTJSONWriterTests {
    private static let database = DatabaseID(uncheckedProject: "demo", database: "(default)")

    /// What SwiftProtobuf's encoder writes for the same document: the reference.
    private func protobufLine(_ document: Document) throws -> Data {
        var options = JSONEncodingOptions()
        options.useDeterministicOrdering = true
        return try ProtoDocument.proto(document, in: Self.database).jsonUTF8Data(options: options)
    }

    private func document(_ fields: [String: Value], seconds: Int64 = 1_751_379_418, nanos: Int32 = 19_123_000) throws -> Document {
        let time = try Timestamp(seconds: seconds, nanoseconds: nanos)
        return Document(key: try DocumentKey(validating: "users/ada"), fields: fields, createTime: time, updateTime: time)
    }

    /// Both texts parsed as JSON: equal objects mean the same strings, keys, nesting and numbers.
    private func sameJSON(_ ours: [UInt8], _ reference: Data) throws -> Bool {
        let left = try JSONSerialization.jsonObject(with: Data(ours)) as? NSDictionary
        let right = try JSONSerialization.jsonObject(with: reference) as? NSDictionary
        return left != nil && left == right
    }

    @Test func everyValueTypeMatchesTheProtobufMapping() throws {
        let fields = try TransferFixtures.everyValue(in: Self.database)
        let document = try document(fields)
        let line = JSONLinesCodec.line(document, database: Self.database)
        #expect(try sameJSON(line, try protobufLine(document)))
    }

    @Test func everyValueTypeReadsBackExactly() throws {
        let fields = try TransferFixtures.everyValue(in: Self.database)
        let document = try document(fields)
        let record = try JSONLinesCodec.record(JSONLinesCodec.line(document, database: Self.database), file: "t", offset: 0)
        #expect(record.key == document.key)
        #expect(record.fields == fields)
        #expect(record.sourceDatabase == Self.database)
        #expect(record.times?.createTime == document.createTime)
        #expect(record.times?.updateTime == document.updateTime)
        guard case .double(let zero)? = record.fields["negativeZero"] else { Issue.record("no -0.0"); return }
        #expect(zero.sign == .minus)
    }

    @Test func stringsEscapeQuotesBackslashesAndControlCharacters() throws {
        let awkward = "quote \" backslash \\ slash / newline \n tab \t nul \u{0} bell \u{7} del \u{7F} é 🐈"
        let document = try document(["s": .string(awkward), "key \"with\" quotes\n": .integer(1)])
        let line = JSONLinesCodec.line(document, database: Self.database)
        #expect(!line.contains(0x0A))
        #expect(try sameJSON(line, try protobufLine(document)))
        let record = try JSONLinesCodec.record(line, file: "t", offset: 0)
        #expect(record.fields == document.fields)
    }

    @Test(arguments: [Int32(0), 1_000_000, 120_000_000, 1_000, 999_999_000, 1, 999_999_999])
    func timestampsUseThreeSixOrNineFractionDigits(nanos: Int32) throws {
        for seconds: Int64 in [Timestamp.minSeconds, -1, 0, 951_782_400, 4_107_542_400, Timestamp.maxSeconds] {
            let document = try document(["t": .timestamp(try Timestamp(seconds: seconds, nanoseconds: nanos))], seconds: seconds, nanos: nanos)
            #expect(try sameJSON(JSONLinesCodec.line(document, database: Self.database), try protobufLine(document)))
        }
    }

    @Test func calendarAgreesWithTheProtobufMappingOverManyDays() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let seconds = Int64.random(in: Timestamp.minSeconds...Timestamp.maxSeconds, using: &generator)
            var ours: [UInt8] = []
            RFC3339.format(seconds: seconds, nanoseconds: 0, into: &ours)
            let reference = try Google_Protobuf_Timestamp(seconds: seconds, nanos: 0).jsonString()
            #expect("\"" + String(decoding: ours, as: UTF8.self) + "\"" == reference, "seconds \(seconds)")
        }
    }

    @Test func base64MatchesFoundationForEveryPaddingCase() {
        for length in 0..<40 {
            let data = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 250) }
            var ours: [UInt8] = []
            Base64.encode(data, into: &ours)
            #expect(String(decoding: ours, as: UTF8.self) == Data(data).base64EncodedString(), "length \(length)")
        }
    }

    @Test func doublesKeepEveryBitThroughTheLine() throws {
        let numbers: [Double] = [0.1, 1e21, 1e-7, -1.5e300, .ulpOfOne, .greatestFiniteMagnitude, 123_456_789.125, 2.0]
        let fields = Dictionary(uniqueKeysWithValues: numbers.enumerated().map { ("d\($0.offset)", Value.double($0.element)) })
        let record = try JSONLinesCodec.record(
            JSONLinesCodec.line(try document(fields), database: Self.database), file: "t", offset: 0)
        for (index, number) in numbers.enumerated() {
            guard case .double(let read)? = record.fields["d\(index)"] else { Issue.record("d\(index) missing"); continue }
            #expect(read.bitPattern == number.bitPattern)
        }
    }
}
