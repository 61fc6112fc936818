import Foundation
import HearthCore
import Testing

@testable import Hearth

@Suite("@DocumentID and @ServerTimestamp")
struct PropertyWrapperTests {
    struct City: Codable, Equatable {
        @DocumentID var id: String?
        var name: String
    }

    struct CityByReference: Codable {
        @DocumentID var ref: DocumentReference?
        var name: String
    }

    @Test("@DocumentID is filled from the reference: its id, or the reference itself")
    func documentIDFilled() throws {
        let scratch = try ScratchFirestore()
        defer { scratch.close() }
        let reference = scratch.db.document("cities/sf")
        let city = try CodableSupport.decode(City.self, ["name": "San Francisco"], in: reference)
        #expect(city.id == "sf")
        #expect(city.name == "San Francisco")
        let byReference = try CodableSupport.decode(CityByReference.self, ["name": "SF"], in: reference)
        #expect(byReference.ref === reference)

        let fromAny = try Firestore.Decoder().decode(
            City.self, from: ["name": "LA"], in: scratch.db.document("cities/la"))
        #expect(fromAny.id == "la")
    }

    @Test("@DocumentID writes no field")
    func documentIDSkipped() throws {
        let city = City(id: "ignored", name: "Paris")
        #expect(try CodableSupport.encodeFields(city) == ["name": "Paris"])
        #expect(try Firestore.Encoder().encode(city).keys.sorted() == ["name"])
    }

    @Test("a stored field with the @DocumentID property's name is an error")
    func documentIDClash() throws {
        let scratch = try ScratchFirestore()
        defer { scratch.close() }
        let error = #expect(throws: DecodingError.self) {
            try CodableSupport.decode(City.self, ["id": "stored", "name": "X"], in: scratch.db.document("cities/x"))
        }
        guard case .dataCorrupted? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(CodableSupport.path(of: error) == ["id"])
        #expect(CodableSupport.message(of: error).contains("cities/x"))
    }

    @Test("@DocumentID without a document reference cannot be decoded")
    func documentIDNeedsReference() throws {
        let error = #expect(throws: DecodingError.self) { try CodableSupport.decode(City.self, ["name": "X"]) }
        #expect(CodableSupport.path(of: error) == ["id"])
    }

    @Test("other coders cannot encode or decode @DocumentID")
    func documentIDOtherCoders() throws {
        let encoded = #expect(throws: EncodingError.self) { try JSONEncoder().encode(City(id: "a", name: "b")) }
        #expect(CodableSupport.message(of: encoded).contains("Firestore.Encoder"))
        let decoded = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(City.self, from: Data(#"{"id": "a", "name": "b"}"#.utf8))
        }
        #expect(CodableSupport.message(of: decoded).contains("Firestore.Decoder"))
    }

    @Test("@DocumentID on its own, outside a document's properties, cannot be encoded")
    func documentIDAlone() throws {
        let error = #expect(throws: EncodingError.self) {
            try Firestore.Encoder().encodeNodes(["ids": [DocumentID<String>(wrappedValue: "a")]])
        }
        #expect(CodableSupport.path(of: error) == ["ids", "Index 0"])
    }

    struct Post: Codable, Equatable {
        var title: String
        @ServerTimestamp var createdAt: Timestamp?
        @ServerTimestamp var editedAt: Date?
    }

    @Test("a nil @ServerTimestamp encodes the server-timestamp sentinel")
    func serverTimestampSentinel() throws {
        let nodes = try Firestore.Encoder().encodeNodes(Post(title: "t", createdAt: nil, editedAt: nil))
        guard case .sentinel(.transform(.serverTimestamp))? = nodes["createdAt"],
            case .sentinel(.transform(.serverTimestamp))? = nodes["editedAt"]
        else {
            Issue.record("expected server-timestamp sentinels, got \(nodes)")
            return
        }
        let plain = try Firestore.Encoder().encode(Post(title: "t", createdAt: nil, editedAt: nil))
        #expect((plain["createdAt"] as? FieldValue)?.methodName == "FieldValue.serverTimestamp()")
    }

    @Test("a set @ServerTimestamp encodes its timestamp and decodes back")
    func serverTimestampSet() throws {
        let created = try Timestamp(seconds: 1_600_000_000, nanoseconds: 123_000)
        let edited = Date(timeIntervalSince1970: 1_700_000_000.5)
        let post = Post(title: "t", createdAt: created, editedAt: edited)
        let fields = try CodableSupport.encodeFields(post)
        #expect(fields["createdAt"] == .timestamp(created))
        #expect(fields["editedAt"] == .timestamp(try Timestamp(seconds: 1_700_000_000, nanoseconds: 500_000_000)))
        #expect(try CodableSupport.roundTrip(post) == post)
    }

    @Test("a missing or null @ServerTimestamp field decodes as nil")
    func serverTimestampMissing() throws {
        let missing = try CodableSupport.decode(Post.self, ["title": "t"])
        #expect(missing.createdAt == nil)
        #expect(missing.editedAt == nil)
        let null = try CodableSupport.decode(Post.self, ["title": "t", "createdAt": nil, "editedAt": nil])
        #expect(null == Post(title: "t", createdAt: nil, editedAt: nil))
        let wrong = #expect(throws: DecodingError.self) {
            try CodableSupport.decode(Post.self, ["title": "t", "createdAt": 5])
        }
        #expect(CodableSupport.path(of: wrong) == ["createdAt"])
    }

    @Test("a nil @ServerTimestamp cannot be written by other encoders; a set one can")
    func serverTimestampOtherEncoders() throws {
        #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(Post(title: "t", createdAt: nil, editedAt: nil))
        }
        let created = try Timestamp(seconds: 3, nanoseconds: 4)
        let json = try JSONEncoder().encode(
            Post(title: "t", createdAt: created, editedAt: Date(timeIntervalSince1970: 0)))
        let back = try JSONDecoder().decode(Post.self, from: json)
        #expect(back.createdAt == created)
        #expect(back.editedAt == Date(timeIntervalSince1970: 0))
    }

    @Test("the wrappers are Equatable and Hashable when their values are")
    func conformances() throws {
        #expect(DocumentID(wrappedValue: "a") == DocumentID(wrappedValue: "a"))
        #expect(DocumentID(wrappedValue: "a") != DocumentID(wrappedValue: "b"))
        let stamp = try Timestamp(seconds: 1, nanoseconds: 0)
        let stamps = [stamp, stamp, nil].map { ServerTimestamp<Timestamp>(wrappedValue: $0) }
        #expect(Set(stamps).count == 2)
        #expect(Set([DocumentID<String>(wrappedValue: "x"), DocumentID(wrappedValue: "x")]).count == 1)
    }
}
