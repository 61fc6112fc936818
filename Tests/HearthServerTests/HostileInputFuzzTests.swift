import FirestoreWire
import Foundation
import HearthCore
import HearthTestSupport
import Logging
import Testing
@testable import HearthServer

/// Property tests with a fixed seed budget (an in-process mutation fuzzer): REST requests — URL
/// paths, query strings and JSON bodies — mutated from valid ones and answered by the router over a
/// scratch engine; resource names, field paths, resume tokens and bearer tokens parsed from random
/// bytes. Every input gets an answer; none is a 500 (an unexpected error) or a crash.
@Suite("Hostile input fuzzing")
struct HostileInputFuzzTests {
    static let database = "projects/fuzz/databases/(default)"
    static let documents = database + "/documents"

    /// Valid requests the mutations start from.
    static let seeds: [(method: String, uri: String, body: String)] = [
        ("POST", "/v1/\(database)/documents:commit", """
            {"writes": [{"update": {"name": "\(documents)/c/d", "fields": {"n": {"integerValue": "1"},
            "m": {"mapValue": {"fields": {"a": {"arrayValue": {"values": [{"stringValue": "x"}, {"nullValue": null}]}}}}},
            "t": {"timestampValue": "2024-01-01T00:00:00Z"}, "g": {"geoPointValue": {"latitude": 1, "longitude": 2}}}},
            "updateTransforms": [{"fieldPath": "k", "increment": {"integerValue": "2"}}]},
            {"delete": "\(documents)/c/e", "currentDocument": {"exists": false}}]}
            """),
        ("POST", "/v1/\(documents):runQuery", """
            {"structuredQuery": {"from": [{"collectionId": "c", "allDescendants": true}],
            "where": {"compositeFilter": {"op": "AND", "filters": [{"fieldFilter": {"field": {"fieldPath": "n"}, "op": "GREATER_THAN",
            "value": {"integerValue": "0"}}}, {"unaryFilter": {"op": "IS_NOT_NULL", "field": {"fieldPath": "m.a"}}}]}},
            "orderBy": [{"field": {"fieldPath": "n"}, "direction": "DESCENDING"}], "startAt": {"values": [{"integerValue": "5"}]},
            "limit": 3, "offset": 1}}
            """),
        ("POST", "/v1/\(documents):runAggregationQuery", """
            {"structuredAggregationQuery": {"structuredQuery": {"from": [{"collectionId": "c"}]},
            "aggregations": [{"alias": "n", "count": {}}, {"alias": "s", "sum": {"field": {"fieldPath": "n"}}},
            {"alias": "a", "avg": {"field": {"fieldPath": "`odd.name`"}}}]}}
            """),
        ("POST", "/v1/\(documents):batchGet", #"{"documents": ["\#(documents)/c/d", "\#(documents)/c/x"], "mask": {"fieldPaths": ["n"]}}"#),
        ("POST", "/v1/\(documents):listCollectionIds", #"{"pageSize": 2}"#),
        ("POST", "/v1/\(database)/documents:beginTransaction", #"{"options": {"readOnly": {}}}"#),
        ("POST", "/v1/\(database)/documents:batchWrite", #"{"writes": [{"delete": "\#(documents)/c/zz"}]}"#),
        ("POST", "/v1/\(documents)/c?documentId=new", #"{"fields": {"x": {"bytesValue": "AAEC"}, "d": {"doubleValue": "NaN"}}}"#),
        ("PATCH", "/v1/\(documents)/c/d?updateMask.fieldPaths=n&updateMask.fieldPaths=%60a.b%60&currentDocument.exists=true",
         #"{"fields": {"n": {"integerValue": "7"}, "a.b": {"booleanValue": true}}}"#),
        ("GET", "/v1/\(documents)/c/d?mask.fieldPaths=n&readTime=2024-01-01T00:00:00Z", ""),
        ("GET", "/v1/\(documents)/c?pageSize=2&orderBy=n%20desc&showMissing=true", ""),
        ("DELETE", "/v1/\(documents)/c/e?currentDocument.updateTime=2024-01-01T00:00:00.000001Z", ""),
        ("POST", "/v1/\(documents):partitionQuery", #"{"structuredQuery": {"from": [{"collectionId": "c", "allDescendants": true}]}, "partitionCount": 3}"#),
    ]

    /// Pieces mutations insert.
    static let fragments = [
        "{", "}", "[", "]", ",", ":", "\"", "\\", "\\u0000", "\\ud800", "null", "true", "-1", "1e999", "\"NaN\"",
        "\"9223372036854775808\"", "%", "%2F", "%00", "/", "//", "..", "?", "&", "=", "`", "__name__", "__x__", "(default)",
        "{\"mapValue\": {}}", "{\"arrayValue\": {\"values\": [{\"arrayValue\": {}}]}}", "\"referenceValue\": \"projects/x\"",
        "é", "😀", "\u{7F}", " ", "\n", "documents", "projects", ":commit", "*", "**",
    ]

    /// One mutation of `text`.
    static func mutate(_ text: String, using random: inout SplitMix64Random) -> String {
        var bytes = Array(text.utf8)
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0: bytes.removeSubrange(position...)
        case 1 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &random)
        case 2: bytes.insert(contentsOf: Array((fragments.randomElement(using: &random) ?? "").utf8), at: position)
        case 3 where !bytes.isEmpty: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...30, using: &random)))
        case 4 where !bytes.isEmpty:
            let end = min(bytes.count, position + Int.random(in: 1...60, using: &random))
            bytes.insert(contentsOf: bytes[position..<end], at: position)
        case 5:
            let depth = Int.random(in: 1...400, using: &random)
            let open = ["{\"mapValue\": {\"fields\": {\"a\": ", "[", "{\"compositeFilter\": {\"op\": \"AND\", \"filters\": ["].randomElement(using: &random) ?? "["
            bytes.insert(contentsOf: Array(String(repeating: open, count: depth).utf8), at: position)
        default:
            bytes.insert(contentsOf: (0..<Int.random(in: 1...8, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: position)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A router over a scratch engine, as the emulator builds it (no socket).
    static func router(directory: String) throws -> (RESTRouter, HearthEmulator) {
        let emulator = try HearthEmulator(
            configuration: ServerConfiguration(port: 0, dataDirectory: directory, syncsEachCommit: false),
            logger: Logger(label: "fuzz", factory: { _ in SwiftLogNoOpLogHandler() }))
        let controls = EmulatorControls(engine: emulator.engine, rules: emulator.rules, listens: emulator.listens, requestShutdown: {})
        let router = RESTRouter(
            operations: FirestoreOperations(engine: emulator.engine), controls: controls,
            log: RequestLog(logger: emulator.logger, rules: emulator.rules))
        return (router, emulator)
    }

    /// 3,000 mutated REST requests (URI, body or both; admin, user or no token) all answered, none with 500.
    @Test func restRequestsAreAnsweredWithoutInternalErrors() async throws {
        let directory = NSTemporaryDirectory() + "hearth-fuzz-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (router, emulator) = try Self.router(directory: directory)
        defer { emulator.closeStorage() }
        var random = SplitMix64Random(seed: 0x5245_5354)
        let tokens: [String?] = ["Bearer owner", nil, "Bearer e30.eyJzdWIiOiJ1In0.", "Bearer x.y.z", "Basic abc"]
        var internalErrors: [String] = []
        var answeredOK = 0
        for seed in Self.seeds {
            _ = await router.respond(to: RESTRequest(method: seed.method, uri: seed.uri, authorization: "Bearer owner", body: Data(seed.body.utf8)))
        }
        for round in 0..<3_000 {
            let seed = Self.seeds[round % Self.seeds.count]
            var uri = seed.uri
            var body = seed.body
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                if Bool.random(using: &random) { body = Self.mutate(body, using: &random) } else { uri = Self.mutate(uri, using: &random) }
            }
            let token = tokens.randomElement(using: &random) ?? nil
            let response = await router.respond(to: RESTRequest(method: seed.method, uri: uri, authorization: token, body: Data(body.utf8)))
            if response.status < 300 { answeredOK += 1 }
            if response.status >= 500 {
                internalErrors.append("\(seed.method) \(uri.prefix(200)) \(body.prefix(300)) -> \(response.status)")
            }
        }
        #expect(internalErrors.isEmpty, "\(internalErrors.prefix(5).joined(separator: "\n"))")
        // Mutations that keep a request valid reach the engine: the run is not all front-door refusals.
        #expect(answeredOK >= 50, "only \(answeredOK) mutated requests succeeded")
    }

    /// Random and mutated names, paths, tokens and headers parse or are refused with a Firestore error.
    /// Mutated names, paths, field paths, resume tokens and authorization headers: each either parses
    /// into a value whose canonical form parses back to the same value, or is refused with
    /// `INVALID_ARGUMENT` (`UNAUTHENTICATED` for a header); never a crash, never another code. Both
    /// outcomes must occur, so the mutations reach past the parsers' first checks.
    @Test func namesPathsAndTokensParseOrAreRefused() throws {
        var random = SplitMix64Random(seed: 0x5041_5448)
        let seeds = [
            "projects/p/databases/(default)/documents/a/b/c/d", "a.b.`c.d`.`e\\`f`", "projects/p/databases/db-1",
            "e30.eyJzdWIiOiJ1IiwidXNlcl9pZCI6MX0.", "SAEAAAAAAAAAAQ", "__name__", "a/b",
        ]
        let database = try DatabaseID(project: "p")
        var parsed = 0
        var refused = 0
        /// Counts the outcome of one parse, failing on a code other than `allowed`.
        func outcome<T>(_ allowed: FirestoreError.Code, _ text: String, _ parse: () throws(FirestoreError) -> T) -> T? {
            do {
                let value = try parse()
                parsed += 1
                return value
            } catch {
                refused += 1
                #expect(error.code == allowed, "\(text): \(error)")
                return nil
            }
        }
        for round in 0..<8_000 {
            var text = seeds[round % seeds.count]
            for _ in 0..<Int.random(in: 0...4, using: &random) { text = Self.mutate(text, using: &random) }
            if let (found, key) = outcome(.invalidArgument, text, { () throws(FirestoreError) in try ResourceName.document(text, in: database) }) {
                #expect(try ResourceName.document(key.resourceName(in: found), in: database) == (found, key), "\(text)")
            }
            if let found = outcome(.invalidArgument, text, { () throws(FirestoreError) in try ResourceName.database(text) }) {
                #expect(try ResourceName.database("projects/\(found.project)/databases/\(found.database)") == found, "\(text)")
            }
            _ = outcome(.invalidArgument, text, { () throws(FirestoreError) in try ResourceName.parent(text) })
            if let path = outcome(.invalidArgument, text, { () throws(FirestoreError) in try ResourcePath(validating: text) }) {
                #expect(try ResourcePath(validating: path.canonicalString) == path, "\(text)")
            }
            if let key = outcome(.invalidArgument, text, { () throws(FirestoreError) in try DocumentKey(validating: text) }) {
                #expect(key.path.segments.count % 2 == 0, "\(text): a document key has an even number of segments")
                #expect(try DocumentKey(validating: key.path.canonicalString) == key, "\(text)")
            }
            if let field = outcome(.invalidArgument, text, { () throws(FirestoreError) in try FieldPath(serverFormat: text) }) {
                #expect(try FieldPath(serverFormat: field.canonicalString) == field, "\(text)")
            }
            _ = outcome(.invalidArgument, text, { () throws(FirestoreError) in try FieldPath(dotted: text) })
            for token in [Data(text.utf8), Data(base64Encoded: text) ?? Data()] {
                if let version = ResumeToken.decode(token) {
                    #expect(ResumeToken.decode(ResumeToken.encode(version)) == version, "\(text)")
                }
            }
            _ = outcome(.unauthenticated, text, { () throws(FirestoreError) in try AuthorizationHeader.access("Bearer " + text) })
            _ = outcome(.unauthenticated, text, { () throws(FirestoreError) in try AuthorizationHeader.access(text) })
        }
        #expect(parsed > 1_000, "the mutations never reached a valid input")
        #expect(refused > 1_000, "the mutations never reached an invalid input")
    }
}

