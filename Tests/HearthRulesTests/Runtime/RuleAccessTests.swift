import HearthCore
import Testing

@testable import HearthRules

/// Indexing, slicing and member access.
@Suite struct RuleAccessTests {
    /// List index.
    @Test func listIndex() {
        let list: RuleValue = [10, 20, 30]
        #expect(yields(20) { try RuleOperations.index(list, 1) })
        #expect(
            errorOf { try RuleOperations.index(list, 5) }?.message
                == "Index out of bound error. Index: [5] , size: [3].")
        #expect(
            errorOf { try RuleOperations.index(list, -1) }?.message
                == "Index out of bound error. Index: [-1] , size: [3].")
        #expect(
            errorOf { try RuleOperations.index(list, "a") }?.message
                == "Unsupported operation error. Received: list[string]. Expected: list[int].")
    }

    /// Map index and member.
    @Test func mapIndexAndMember() {
        let map: RuleValue = ["a": 1, "n": nil]
        #expect(yields(1) { try RuleOperations.index(map, "a") })
        #expect(yields(nil) { try RuleOperations.member(map, "n") })
        #expect(errorOf { try RuleOperations.index(map, "typo") }?.message == "Property typo is undefined on object.")
        #expect(errorOf { try RuleOperations.member(map, "typo") }?.message == "Property typo is undefined on object.")
        #expect(errorOf { try RuleOperations.index(map, 1) }?.kind == .unsupportedOperation)
        #expect(errorOf { try RuleOperations.member(nil, "a") }?.message == "Null value error.")
        #expect(errorOf { try RuleOperations.index(nil, 0) } == .nullValue)
    }

    /// String index counts characters.
    @Test func stringIndexCountsCharacters() {
        #expect(yields("é") { try RuleOperations.index("héllo", 1) })
        #expect(errorOf { try RuleOperations.index("abc", 3) }?.kind == .indexOutOfBounds)
    }

    /// Path index and bindings.
    @Test func pathIndexAndBindings() {
        let path = RuleValue.path(RulePath(segments: ["users", "alice"], bindings: ["uid": "alice"]))
        #expect(yields("alice") { try RuleOperations.index(path, 1) })
        #expect(yields("alice") { try RuleOperations.member(path, "uid") })
        #expect(yields("alice") { try RuleOperations.index(path, "uid") })
        #expect(errorOf { try RuleOperations.member(path, "other") }?.kind == .undefinedProperty)
    }

    /// Slices do not clamp.
    @Test func slicesDoNotClamp() {
        let list: RuleValue = [1, 2, 3, 4]
        #expect(yields([2, 3]) { try RuleOperations.slice(list, from: 1, to: 3) })
        #expect(yields([]) { try RuleOperations.slice(list, from: 1, to: 1) })
        #expect(yields([1, 2, 3, 4]) { try RuleOperations.slice(list, from: 0, to: 4) })
        #expect(
            errorOf { try RuleOperations.slice(list, from: 1, to: 99) }?.message
                == "Index out of bound error. Index: [98] , size: [4].")
        #expect(
            errorOf { try RuleOperations.slice(list, from: 0, to: 0) }?.message
                == "Index out of bound error. Index: [-1] , size: [4].")
        #expect(errorOf { try RuleOperations.slice(list, from: 3, to: 1) }?.kind == .indexOutOfBounds)
        #expect(errorOf { try RuleOperations.slice(list, from: "a", to: 1) }?.kind == .unsupportedOperation)
    }

    /// String slices.
    @Test func stringSlices() {
        #expect(yields("el") { try RuleOperations.slice("hello", from: 1, to: 3) })
        #expect(errorOf { try RuleOperations.slice("hello", from: 2, to: 6) }?.kind == .indexOutOfBounds)
    }
}

/// Map and path literal helpers.
@Suite struct RuleLiteralTests {
    /// Map literal keys must be strings.
    @Test func mapLiteralKeysMustBeStrings() {
        #expect(yields(["a": 1]) { try RuleOperations.mapLiteral([(key: "a", value: 2), (key: "a", value: 1)]) })
        #expect(errorOf { try RuleOperations.mapLiteral([(key: 1, value: 1)]) }?.kind == .unsupportedOperation)
        #expect(errorOf { try RuleOperations.mapLiteral([(key: nil, value: 1)]) } == .nullValue)
    }

    /// Path interpolation splices strings, ints and paths.
    @Test func pathInterpolation() throws {
        #expect(try RuleOperations.pathSegments(interpolating: "alice") == ["alice"])
        #expect(try RuleOperations.pathSegments(interpolating: 7) == ["7"])
        #expect(try RuleOperations.pathSegments(interpolating: .path(RulePath(parsing: "a/b"))) == ["a", "b"])
        #expect(throws: RuleError.nullValue) { try RuleOperations.pathSegments(interpolating: nil) }
        #expect(throws: RuleError.self) { try RuleOperations.pathSegments(interpolating: [1]) }
    }

    /// An access context becomes `request.auth` input.
    @Test func authFromAccessContext() {
        #expect(RuleRequest.Auth(.user(uid: "u", claims: ["a": 1])) == RuleRequest.Auth(uid: "u", token: ["a": 1]))
        #expect(RuleRequest.Auth(.unauthenticated) == nil)
    }
}
