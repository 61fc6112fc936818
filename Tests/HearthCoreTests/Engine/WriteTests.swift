import Testing
@testable import HearthCore

@Suite("Writes: set, update, delete and their preconditions")
struct WriteTests {
    @Test func setCreatesAndOverwrites() async throws {
        let t = try TestEngine()
        let key = try t.key("users/alice")
        let first = try await t.commit([.set(key, fields: ["a": 1, "b": "x"])])
        var doc = try #require(try t.get("users/alice"))
        #expect(doc.fields == ["a": 1, "b": "x"])
        #expect(doc.createTime == first.commitTime)
        #expect(doc.updateTime == first.commitTime)

        let second = try await t.commit([.set(key, fields: ["c": true])])
        doc = try #require(try t.get("users/alice"))
        #expect(doc.fields == ["c": true], "set without merge replaces the whole document")
        #expect(doc.createTime == first.commitTime, "createTime survives updates")
        #expect(doc.updateTime == second.commitTime)
        #expect(second.commitTime > first.commitTime)
    }

    @Test func createFailsWhenDocumentExists() async throws {
        let t = try TestEngine()
        let key = try t.key("users/alice")
        try await t.commit([.create(key, fields: ["a": 1])])
        await #expect(throws: FirestoreError(
            .alreadyExists, "Document already exists: projects/test-project/databases/(default)/documents/users/alice")
        ) {
            try await t.commit([.create(key, fields: ["a": 2])])
        }
        #expect(try t.get("users/alice")?.fields == ["a": 1])
    }

    @Test func updateRequiresExistingDocument() async throws {
        let t = try TestEngine()
        await #expect(throws: FirestoreError(
            .notFound, "No document to update: projects/test-project/databases/(default)/documents/users/bob")
        ) {
            try await t.commit([.update(try t.key("users/bob"), fields: ["a": 1], mask: [.p("a")])])
        }
        #expect(try t.get("users/bob") == nil)
    }

    @Test func updateChangesOnlyMaskedPaths() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        try await t.commit([.set(key, fields: ["a": ["b": 1, "c": 2], "x": "keep", "gone": 1])])
        try await t.commit([
            .update(key, fields: ["a": ["b": 10], "new": ["deep": true]], mask: [.p("a.b"), .p("new.deep"), .p("gone")])
        ])
        let doc = try #require(try t.get("c/d"))
        #expect(doc.fields == ["a": ["b": 10, "c": 2], "x": "keep", "new": ["deep": true]])
    }

    @Test func updateMaskPathThroughNonMapReplacesIt() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        try await t.commit([.set(key, fields: ["a": 5])])
        try await t.commit([.update(key, fields: ["a": ["b": 1]], mask: [.p("a.b")])])
        #expect(try t.get("c/d")?.fields == ["a": ["b": 1]])
    }

    @Test func deletingNestedFieldLeavesEmptyParentMap() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        try await t.commit([.set(key, fields: ["a": ["b": 1]])])
        try await t.commit([.update(key, fields: [:], mask: [.p("a.b")])])
        #expect(try t.get("c/d")?.fields == ["a": .map([:])])
    }

    @Test func mergeWithEmptyMaskEnsuresDocumentExists() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        let result = try await t.commit([Write(.update(key, fields: [:], mask: []))])
        let doc = try #require(try t.get("c/d"))
        #expect(doc.fields.isEmpty)
        #expect(doc.createTime == result.commitTime)
    }

    @Test func invalidMasksAreRejected() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        await #expect(throws: FirestoreError.self) {
            try await t.commit([Write(.update(key, fields: ["a": 1], mask: [.p("a"), .p("a.b")]))])
        }
        await #expect(throws: FirestoreError.self) {
            try await t.commit([Write(.update(key, fields: [:], mask: [.p("__name__")]))])
        }
        #expect(try t.get("c/d") == nil)
    }

    @Test func fieldsTheMaskDoesNotNameAreIgnored() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        try await t.commit([.set(key, fields: ["a": 0, "b": 0, "keep": true])])
        try await t.commit([Write(.update(key, fields: ["a": 1, "b": 2, "c": ["d": 3]], mask: [.p("a")]))])
        #expect(try t.get("c/d")?.fields == ["a": 1, "b": 0, "keep": true])
    }

    @Test func deleteOfMissingDocumentSucceeds() async throws {
        let t = try TestEngine()
        let result = try await t.commit([.delete(try t.key("c/missing"))])
        #expect(result.writeResults == [WriteResult(updateTime: nil, transformResults: [])])
    }

    @Test func deleteWithExistsPreconditionFailsWhenMissing() async throws {
        let t = try TestEngine()
        await expectError(.notFound) {
            try await t.commit([.delete(try t.key("c/missing"), precondition: .exists(true))])
        }
    }

    @Test func updateTimePrecondition() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        let created = try await t.commit([.set(key, fields: ["v": 1])])
        try await t.commit([Write(.set(key, fields: ["v": 2]), precondition: .updateTime(created.commitTime))])
        do {
            try await t.commit([Write(.set(key, fields: ["v": 3]), precondition: .updateTime(created.commitTime))])
            Issue.record("stale update time must fail")
        } catch {
            #expect(error.code == .failedPrecondition)
            #expect(error.message.hasPrefix("the stored version ("))
            #expect(error.message.contains("does not match the required base version (\(created.commitTime.microseconds))"))
        }
        #expect(try t.get("c/d")?.fields == ["v": 2])
    }

    @Test func anUpdateTimeLaterThanEveryCommitIsAnInvalidArgument() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        let created = try await t.commit([.set(key, fields: ["v": 1])])
        let future = Timestamp(microseconds: created.commitTime.microseconds + 86_400_000_000)
        for write in [
            Write(.set(key, fields: ["v": 2]), precondition: .updateTime(future)),
            Write(.update(key, fields: ["v": 2], mask: [.p("v")]), precondition: .updateTime(future)),
            Write.delete(key, precondition: .updateTime(future)),
        ] {
            await expectError(.invalidArgument) { try await t.commit([write]) }
        }
        // A past time that does not match stays FAILED_PRECONDITION.
        let past = Timestamp(microseconds: created.commitTime.microseconds - 1)
        await expectError(.failedPrecondition) { try await t.commit([Write.delete(key, precondition: .updateTime(past))]) }
        #expect(try t.get("c/d")?.fields == ["v": 1])
    }

    @Test func failedPreconditionLeavesNoPartialWrite() async throws {
        let t = try TestEngine()
        let a = try t.key("c/a")
        let b = try t.key("c/b")
        try await t.commit([.set(b, fields: ["v": 1])])
        await expectError(.alreadyExists) {
            try await t.commit([.set(a, fields: ["v": 1]), .create(b, fields: ["v": 2])])
        }
        #expect(try t.get("c/a") == nil, "the first write of a failed commit must not land")
        #expect(try t.get("c/b")?.fields == ["v": 1])
    }

    @Test func preconditionBrokenByEarlierWriteInSameCommitIsInvalidArgument() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        try await t.commit([.set(key, fields: ["v": 1])])
        await expectError(.invalidArgument) {
            try await t.commit([.delete(key), .update(key, fields: ["v": 2], mask: [.p("v")])])
        }
        #expect(try t.get("c/d")?.fields == ["v": 1])
    }

    @Test func writesToOneDocumentInOneCommitApplyInOrder() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        let result = try await t.commit([
            .set(key, fields: ["a": 1]),
            .update(key, fields: ["b": 2], mask: [.p("b")]),
            Write(.update(key, fields: [:], mask: []), transforms: [FieldTransform(.p("a"), .increment(5))]),
        ])
        #expect(try t.get("c/d")?.fields == ["a": 6, "b": 2])
        #expect(result.writeResults.count == 3)
        #expect(result.writeResults.allSatisfy { $0.updateTime == result.commitTime })
    }

    @Test func noOpWriteKeepsUpdateTime() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        let first = try await t.commit([.set(key, fields: ["a": 1, "m": ["x": "y"]])])
        let second = try await t.commit([.set(key, fields: ["m": ["x": "y"], "a": 1])])
        #expect(second.writeResults[0].updateTime == first.commitTime, "a write that changes nothing reports the old update time")
        #expect(try t.get("c/d")?.updateTime == first.commitTime)
        let third = try await t.commit([.set(key, fields: ["a": 1.0, "m": ["x": "y"]])])
        #expect(third.writeResults[0].updateTime == third.commitTime, "integer 1 → double 1.0 is a change")
    }

    @Test func deleteThenRecreateGetsNewCreateTime() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        let first = try await t.commit([.set(key, fields: ["a": 1])])
        try await t.commit([.delete(key)])
        #expect(try t.get("c/d") == nil)
        let again = try await t.commit([.set(key, fields: ["a": 1])])
        let doc = try #require(try t.get("c/d"))
        #expect(doc.createTime == again.commitTime)
        #expect(doc.createTime > first.commitTime)
    }

    @Test func commitTimesStrictlyIncreaseEvenWhenClockStandsStill() async throws {
        let clock = ManualClock()
        let t = try TestEngine(options: EngineOptions(durability: .none, initialMapSize: 64 << 20, clock: clock))
        var times: [Timestamp] = []
        for i in 0..<5 {
            times.append(try await t.commit([.set(try t.key("c/d\(i)"), fields: [:])]).commitTime)
        }
        for (a, b) in zip(times, times.dropFirst()) { #expect(a < b) }
    }

    @Test func batchSharesOneCommitTime() async throws {
        let t = try TestEngine()
        let result = try await t.commit([
            .set(try t.key("c/a"), fields: [:]), .set(try t.key("c/b"), fields: [:]), .set(try t.key("d/c"), fields: [:]),
        ])
        for path in ["c/a", "c/b", "d/c"] { #expect(try t.get(path)?.updateTime == result.commitTime) }
    }

    @Test func oversizeDocumentIsRejected() async throws {
        let t = try TestEngine()
        let big = String(repeating: "x", count: 1_048_000)
        do {
            try await t.commit([.set(try t.key("c/d"), fields: ["a": .string(big), "b": .string(String(repeating: "y", count: 1000))])])
            Issue.record("oversize document must fail")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("exceeds the maximum allowed size of 1,048,576 bytes"))
        }
        #expect(try t.get("c/d") == nil)
    }

    @Test func invalidValuesAreRejected() async throws {
        let t = try TestEngine()
        let key = try t.key("c/d")
        await expectError(.invalidArgument) {
            try await t.commit([.set(key, fields: ["a": [[1]]])])
        }
        await expectError(.invalidArgument) {
            try await t.commit([.set(key, fields: ["__reserved__": 1])])
        }
        var deep: Value = 1
        for _ in 0..<21 { deep = ["m": deep] }
        await expectError(.invalidArgument) {
            try await t.commit([.set(key, fields: ["d": deep])])
        }
        #expect(try t.get("c/d") == nil)
    }

    @Test func transformsOnDeleteAreRejected() async throws {
        let t = try TestEngine()
        await expectError(.invalidArgument) {
            try await t.commit([Write(.delete(try t.key("c/d")), transforms: [FieldTransform(.p("a"), .serverTimestamp)])])
        }
    }
}
