import Testing
@testable import HearthCore

@Suite("Field transforms")
struct TransformTests {
    /// Applies one transform to a document holding `start` at field `f` (absent when nil), returns (stored, reported).
    func run(_ kind: FieldTransform.Kind, on start: Value?) async throws -> (Value?, Value, CommitResult) {
        let t = try TestEngine()
        let key = try t.key("c/d")
        try await t.commit([.set(key, fields: start.map { ["f": $0] } ?? [:])])
        let result = try await t.commit([
            Write(.update(key, fields: [:], mask: []), transforms: [FieldTransform(.p("f"), kind)], precondition: .exists(true))
        ])
        let stored = try t.get("c/d")?.fields["f"]
        return (stored, result.writeResults[0].transformResults[0], result)
    }

    @Test func serverTimestampIsTheCommitTime() async throws {
        let (stored, reported, result) = try await run(.serverTimestamp, on: nil)
        #expect(stored == .timestamp(result.commitTime))
        #expect(reported == .timestamp(result.commitTime))
    }

    @Test func allServerTimestampsOfOneCommitAreEqual() async throws {
        let t = try TestEngine()
        let result = try await t.commit([
            .set(try t.key("c/a"), fields: [:], transforms: [FieldTransform(.p("t"), .serverTimestamp)]),
            .set(try t.key("c/b"), fields: [:], transforms: [FieldTransform(.p("x.t"), .serverTimestamp)]),
        ])
        #expect(try t.get("c/a")?.fields["t"] == .timestamp(result.commitTime))
        #expect(try t.get("c/b")?.fields["x"] == ["t": .timestamp(result.commitTime)])
    }

    @Test(arguments: [
        (Value?.none, Value.integer(5), Value.integer(5)),
        (.some(.integer(2)), .integer(5), .integer(7)),
        (.some(.integer(2)), .double(0.5), .double(2.5)),
        (.some(.double(1.5)), .integer(1), .double(2.5)),
        (.some(.string("x")), .integer(3), .integer(3)),
        (.some(.integer(.max)), .integer(1), .integer(.max)),
        (.some(.integer(.min)), .integer(-1), .integer(.min)),
        (.some(.double(.nan)), .integer(1), .double(.nan)),
    ])
    func increment(start: Value?, operand: Value, expected: Value) async throws {
        let (stored, reported, _) = try await run(.increment(operand), on: start)
        #expect(stored == expected)
        #expect(reported == expected)
    }

    @Test(arguments: [
        (Value?.none, Value.integer(5), Value.integer(5)),
        (.some(.integer(2)), .integer(5), .integer(5)),
        (.some(.integer(9)), .integer(5), .integer(9)),
        (.some(.integer(3)), .double(3.0), .integer(3)),
        (.some(.double(3.0)), .integer(3), .double(3.0)),
        (.some(.integer(2)), .double(2.5), .double(2.5)),
        (.some(.double(-0.0)), .integer(0), .double(-0.0)),
        (.some(.integer(1)), .double(.nan), .double(.nan)),
        (.some(.string("a")), .integer(1), .integer(1)),
    ])
    func maximum(start: Value?, operand: Value, expected: Value) async throws {
        let (stored, _, _) = try await run(.maximum(operand), on: start)
        #expect(stored == expected)
    }

    @Test(arguments: [
        (Value?.none, Value.integer(5), Value.integer(5)),
        (.some(.integer(2)), .integer(5), .integer(2)),
        (.some(.integer(9)), .double(5.5), .double(5.5)),
        (.some(.double(3.0)), .integer(3), .double(3.0)),
        (.some(.double(.nan)), .integer(1), .double(.nan)),
    ])
    func minimum(start: Value?, operand: Value, expected: Value) async throws {
        let (stored, _, _) = try await run(.minimum(operand), on: start)
        #expect(stored == expected)
    }

    @Test func arrayUnionAppendsMissingInOrder() async throws {
        let (stored, reported, _) = try await run(.appendMissingElements([1, 2.0, 3, 3, .null]), on: [2, "a"])
        #expect(stored == [2, "a", 1, 3, .null], "2.0 equals 2; duplicates in the input count once")
        #expect(reported == .null)
    }

    @Test func arrayUnionOnNonArrayStartsEmpty() async throws {
        let (stored, _, _) = try await run(.appendMissingElements([1]), on: "text")
        #expect(stored == [1])
    }

    @Test func arrayRemoveRemovesEveryEquivalentOccurrence() async throws {
        let (stored, reported, _) = try await run(.removeAllFromArray([1, .double(.nan), .null]), on: [1, 1.0, 2, .double(.nan), .null, "1"])
        #expect(stored == [2, "1"])
        #expect(reported == .null)
    }

    @Test func arrayRemoveOnMissingFieldGivesEmptyArray() async throws {
        let (stored, _, _) = try await run(.removeAllFromArray([1]), on: nil)
        #expect(stored == .array([]))
    }

    @Test func nonNumericIncrementOperandIsRejected() async throws {
        let t = try TestEngine()
        await expectError(.invalidArgument) {
            try await t.commit([.set(try t.key("c/d"), fields: [:], transforms: [FieldTransform(.p("f"), .increment("1"))])])
        }
    }

    @Test func twoTransformsOnOneFieldApplyInOrder() async throws {
        let t = try TestEngine()
        let result = try await t.commit([
            .set(try t.key("c/d"), fields: ["n": 1], transforms: [
                FieldTransform(.p("n"), .increment(2)), FieldTransform(.p("n"), .maximum(10)),
                FieldTransform(.p("n"), .increment(5)),
            ])
        ])
        #expect(try t.get("c/d")?.fields == ["n": 15])
        #expect(result.writeResults[0].transformResults == [3, 10, 15])
    }

    @Test func overlappingTransformsApplyInOrder() async throws {
        let t = try TestEngine()
        try await t.commit([
            .set(try t.key("c/d"), fields: [:], transforms: [
                FieldTransform(.p("a"), .increment(1)), FieldTransform(.p("a.b"), .increment(1)),
            ])
        ])
        #expect(try t.get("c/d")?.fields == ["a": ["b": 1]])
    }

    @Test func transformIntoNestedPathCreatesMaps() async throws {
        let (stored, _, _) = try await run(.increment(1), on: nil)
        #expect(stored == 1)
        let t = try TestEngine()
        try await t.commit([.set(try t.key("c/d"), fields: ["a": 5], transforms: [FieldTransform(.p("a.b.c"), .increment(2))])])
        #expect(try t.get("c/d")?.fields == ["a": ["b": ["c": 2]]])
    }
}
