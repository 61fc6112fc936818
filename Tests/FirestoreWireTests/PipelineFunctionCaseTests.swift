import Foundation
import FirestoreWire
import HearthCore
import HearthTestSupport
import SwiftProtobuf
import Testing

/// `specs/cases/pipelines/functions.json`: each case is an expression (proto3 JSON, as a client
/// sends it) evaluated against the file's one row, and the value, absence or error it must give.
/// Decoded strictly: a case with a key other than those below fails.
@Suite("Pipeline function cases")
struct PipelineFunctionCaseTests {
    /// One case of the file.
    struct Case: Sendable, CustomStringConvertible {
        let title: String
        let json: String
        var description: String { title }
    }

    /// A malformed case file.
    struct CaseFileError: Error, CustomStringConvertible {
        let description: String
    }

    static let file = RepositoryPaths.specCases.appendingPathComponent("pipelines/functions.json")
    static let allowedKeys: Set<String> = ["description", "expression", "result", "absent", "error"]

    static func load() throws -> (row: String, cases: [Case]) {
        guard let root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
            let row = root["row"], let cases = root["cases"] as? [[String: Any]]
        else { throw CaseFileError(description: "\(file.path): needs a row and cases") }
        let rowJSON = String(decoding: try JSONSerialization.data(withJSONObject: row), as: UTF8.self)
        return (rowJSON, try cases.map { object in
            let title = object["description"] as? String ?? "?"
            let unknown = Set(object.keys).subtracting(allowedKeys)
            guard unknown.isEmpty else { throw CaseFileError(description: "\(title): unknown keys \(unknown.sorted())") }
            let outcomes = ["result", "absent", "error"].filter { object[$0] != nil }
            guard outcomes.count == 1 else { throw CaseFileError(description: "\(title): needs exactly one of result, absent, error") }
            return Case(title: title, json: String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self))
        })
    }

    static let cases: [Case] = (try? load().cases) ?? []

    @Test func theFileLoadsAndHasCases() throws {
        let loaded = try Self.load()
        #expect(loaded.cases.count >= 90)
    }

    @Test(arguments: cases) func caseHolds(_ testCase: Case) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(testCase.json.utf8)) as? [String: Any])
        let rowJSON = try Self.load().row
        var rowMap = Google_Firestore_V1_MapValue()
        rowMap.fields = try Google_Firestore_V1_MapValue(jsonString: "{\"fields\": \(rowJSON)}").fields
        let row = PipelineRow(fields: try ProtoValue.fields(rowMap.fields))
        let expressionJSON = String(decoding: try JSONSerialization.data(withJSONObject: try #require(object["expression"])), as: UTF8.self)
        let expression = try ProtoPipeline.expression(try Google_Firestore_V1_Value(jsonString: expressionJSON))
        let evaluator = PipelineEvaluator(database: try testDatabase(), now: Timestamp(microseconds: 0))
        let outcome = try evaluator.evaluate(expression, row)
        if let result = object["result"] {
            let resultJSON = String(decoding: try JSONSerialization.data(withJSONObject: result, options: .fragmentsAllowed), as: UTF8.self)
            let expected = try ProtoValue.value(try Google_Firestore_V1_Value(jsonString: resultJSON))
            guard case .value(let value) = outcome else {
                Issue.record("\(testCase.title): expected \(expected), got \(outcome)")
                return
            }
            // Same type and value (1 and 1.0 differ here: the case says which a function gives).
            #expect(value.typeName == expected.typeName && value == expected, "\(testCase.title): \(value) ≠ \(expected)")
        } else if object["absent"] != nil {
            #expect(outcome == .absent, "\(testCase.title): \(outcome)")
        } else if let message = object["error"] as? String {
            #expect(outcome == .error(message), "\(testCase.title): \(outcome)")
        }
    }

    @Test func anUnknownFunctionIsRefusedAndASearchFunctionOutsideSearchToo() throws {
        let evaluator = PipelineEvaluator(database: try testDatabase(), now: Timestamp(microseconds: 0))
        let row = PipelineRow(fields: [:])
        expectFirestoreError(.invalidArgument) { _ = try evaluator.evaluate(.function("no_such_function", []), row) }
        expectFirestoreError(.invalidArgument) { _ = try evaluator.evaluate(.function("geo_distance", []), row) }
        expectFirestoreError(.invalidArgument) { _ = try evaluator.evaluate(.function("add", [.constant(.integer(1))]), row) }
    }

    @Test func callsWithTooFewArgumentsAreRefused() throws {
        let evaluator = PipelineEvaluator(database: try testDatabase(), now: Timestamp(microseconds: 0))
        let row = PipelineRow(fields: ["m": .map([:])])
        let m = PipelineExpression.field(try FieldPath(serverFormat: "m"))
        expectFirestoreError(.invalidArgument) { _ = try evaluator.evaluate(.function("map_set", [m, .constant(.string("k"))]), row) }
        expectFirestoreError(.invalidArgument) { _ = try evaluator.evaluate(.function("switch_on", [.constant(.boolean(true))]), row) }
        expectFirestoreError(.invalidArgument) { _ = try evaluator.evaluate(.function("rand", [.constant(.integer(1))]), row) }
        expectFirestoreError(.invalidArgument) { _ = try evaluator.evaluate(.function("timestamp_trunc", [m]), row) }
    }

    @Test func pipelineValuesAreRefusedWhereValuesAreStored() throws {
        var value = Google_Firestore_V1_Value()
        value.fieldReferenceValue = "a"
        expectFirestoreError(.invalidArgument) { _ = try ProtoValue.value(value) }
    }
}
