import FirestoreWire
import Foundation
import HearthCore
import Testing
@testable import HearthServer

@Suite("Server pieces")
struct ServerPiecesTests {
    @Test("resume tokens round-trip and foreign tokens are refused")
    func resumeTokens() {
        for version: Int64 in [0, 1, 1_700_000_000_123_456, .max] {
            #expect(ResumeToken.decode(ResumeToken.encode(version)) == version)
        }
        #expect(ResumeToken.decode(Data("tok2".utf8)) == nil)
        #expect(ResumeToken.decode(Data()) == nil)
    }

    @Test("the default configuration is durable on loopback")
    func defaults() {
        let configuration = ServerConfiguration()
        #expect(configuration.syncsEachCommit)
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.shutdownGracePeriod == .seconds(5))
    }

    @Test("REST targets decode percent escapes but keep %2F inside a segment")
    func restTargets() {
        let target = RESTTarget(uri: "/v1/projects/p/databases/%28default%29/documents/a%2Fb?mask.fieldPaths=x&mask.fieldPaths=y+z")
        #expect(target.path == "/v1/projects/p/databases/(default)/documents/a%2Fb")
        #expect(target.values("mask.fieldPaths") == ["x", "y z"])
    }

    @Test("error codes map to Google's HTTP statuses")
    func httpStatuses() {
        #expect(WireStatus.httpStatus(.notFound) == 404)
        #expect(WireStatus.httpStatus(.alreadyExists) == 409)
        #expect(WireStatus.httpStatus(.permissionDenied) == 403)
        #expect(WireStatus.httpStatus(.failedPrecondition) == 400)
        #expect(WireStatus.status(FirestoreError(.aborted, "x")).code == 10)
        #expect(WireStatus.firestoreError(CancellationError()).code == .internal)
    }

    @Test("field masks keep only the masked paths")
    func masks() throws {
        var proto = Google_Firestore_V1_DocumentMask()
        proto.fieldPaths = ["a.b", "c"]
        let mask = try FieldMask(proto: proto)
        #expect(mask.apply(to: ["a": ["b": 1, "x": 2], "c": 3, "d": 4]) == ["a": ["b": 1], "c": 3])
    }
}
