import Foundation
import HearthCore
@testable import HearthTransfer
import Testing

@Suite struct EntityRoundTripTests {
    let database = DatabaseID(uncheckedProject: "proj", database: "(default)")

    @Test func everyValueTypeSurvivesTheEntityEncoding() throws {
        let fields = try TransferFixtures.everyValue(in: database)
        let key = try DocumentKey(validating: "rooms/r1/messages/m1")
        let document = Document(key: key, fields: fields, createTime: Timestamp(microseconds: 1), updateTime: Timestamp(microseconds: 2))
        let bytes = EntityEncoder.encode(document, app: "dev~proj", database: "(default)")
        let entity = try EntityDecoder.decode(bytes, origin: .init(file: "memory", offset: 0))
        #expect(entity.key == key)
        #expect(entity.project == "proj")
        #expect(entity.database == "(default)")
        #expect(entity.fields == fields)
        for (name, value) in fields { #expect(entity.fields[name] == value, "\(name)") }
    }

    @Test func aNamedDatabaseIsKeptInTheKey() throws {
        let key = try DocumentKey(validating: "a/b")
        let document = Document(key: key, fields: ["x": 1], createTime: Timestamp(microseconds: 1), updateTime: Timestamp(microseconds: 1))
        let entity = try EntityDecoder.decode(EntityEncoder.encode(document, app: "dev~p", database: "reports"), origin: .init(file: "m", offset: 0))
        #expect(entity.database == "reports")
        #expect(entity.project == "p")
    }

    @Test func anUnknownEntityFieldIsAnErrorNamingFileAndOffset() throws {
        let key = try DocumentKey(validating: "a/b")
        let document = Document(key: key, fields: [:], createTime: Timestamp(microseconds: 1), updateTime: Timestamp(microseconds: 1))
        var bytes = EntityEncoder.encode(document, app: "dev~p", database: "(default)")
        var extra = WireWriter()
        extra.varintField(99, 1)
        bytes += extra.bytes
        do {
            _ = try EntityDecoder.decode(bytes, origin: .init(file: "out/output-0", offset: 4242))
            Issue.record("no error")
        } catch {
            #expect(error.code == .dataLoss)
            #expect(error.message.contains("out/output-0 at byte 4242"), "\(error.message)")
            #expect(error.message.contains("field 99"), "\(error.message)")
        }
    }

    @Test func aKeyThatIsNotADocumentPathIsRefused() throws {
        var writer = WireWriter()
        writer.messageField(13) { key in
            key.stringField(13, "dev~p")
            key.messageField(14) { path in
                path.groupField(1) { element in
                    element.stringField(2, "a")
                    element.stringField(4, "b/c")
                }
            }
        }
        do {
            _ = try EntityDecoder.decode(writer.bytes, origin: .init(file: "f", offset: 7))
            Issue.record("no error")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("f at byte 7"), "\(error.message)")
        }
    }

    @Test func aNumericIDBecomesFirestoresNumericDocumentID() throws {
        var writer = WireWriter()
        writer.messageField(13) { key in
            key.stringField(13, "s~p")
            key.messageField(14) { path in
                path.groupField(1) { element in
                    element.stringField(2, "things")
                    element.varintField(3, 42)
                }
            }
        }
        let entity = try EntityDecoder.decode(writer.bytes, origin: .init(file: "f", offset: 9))
        #expect(entity.key.path.canonicalString == "things/__id42__")
    }
}
