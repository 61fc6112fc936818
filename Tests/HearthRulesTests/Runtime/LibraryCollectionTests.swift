import Testing

@testable import HearthRules

/// `rules.List`, `rules.Map`, `rules.MapDiff` and `rules.Set` methods.
@Suite struct LibraryCollectionTests {
    /// List basics.
    @Test func listBasics() {
        #expect(yields(3) { try callMethod("size", [1, 2, 3]) })
        #expect(yields([1, 2, 2, 3]) { try callMethod("concat", [1, 2], [2, 3]) })
        #expect(yields([1, 3]) { try callMethod("removeAll", [1, 2, 3, 2], [2]) })
        #expect(yields([1, 2]) { try callMethod("removeAll", [1, 2], []) })
        #expect(
            errorOf { try callMethod("concat", [1], RuleValue.set(of: [1])) }?.message
                == "Unsupported operation error. Received: list.concat(set). Expected: list.concat(list).")
        #expect(errorOf { try callMethod("concat", [1], nil) } == .nullValue)
    }

    /// List has all any only.
    @Test func listHasAllAnyOnly() {
        #expect(yields(true) { try callMethod("hasAll", ["a", "b", "c"], ["a", "c"]) })
        #expect(yields(false) { try callMethod("hasAll", ["a"], ["a", "c"]) })
        #expect(yields(true) { try callMethod("hasAny", ["a", "b"], ["z", "b"]) })
        #expect(yields(false) { try callMethod("hasAny", ["a", "b"], []) })
        #expect(yields(true) { try callMethod("hasOnly", ["a", "a", "b"], ["a", "b", "b"]) })
        #expect(yields(false) { try callMethod("hasOnly", ["a", "b"], ["a", "c"]) })
        #expect(yields(true) { try callMethod("hasOnly", [], ["a"]) })
        #expect(
            errorOf { try callMethod("hasAny", ["a"], "a") }?.message
                == "Unsupported operation error. Received: list.hasAny(string). Expected: list.hasAny(list).")
    }

    /// List join and to set.
    @Test func listJoinAndToSet() {
        #expect(yields("a-b") { try callMethod("join", ["a", "b"], "-") })
        #expect(yields("ab") { try callMethod("join", ["a", "b"]) })
        #expect(errorOf { try callMethod("join", ["a", 1], ",") }?.kind == .unsupportedOperation)
        #expect(yields(2) { try callMethod("size", callMethod("toSet", ["news", "news", "tech"])) })
        #expect(yields(RuleValue.set(of: ["a", "b"])) { try callMethod("toSet", ["b", "a", "b"]) })
        #expect(
            errorOf { try callMethod("union", ["a"], ["b"]) }?.message == "Function not found error: Name: [union].")
    }

    /// Map basics.
    @Test func mapBasics() {
        let map: RuleValue = ["b": 2, "a": 1]
        #expect(yields(2) { try callMethod("size", map) })
        #expect(yields(["a", "b"]) { try callMethod("keys", map) })
        #expect(yields([1, 2]) { try callMethod("values", map) })
        #expect(
            errorOf { try callMethod("hasAll", map, ["a"]) }?.message == "Function not found error: Name: [hasAll].")
        #expect(errorOf { try callMethod("keys", map, 1) }?.kind == .argumentCount)
    }

    /// Map get with defaults.
    @Test func mapGetWithDefaults() {
        let map: RuleValue = ["a": ["b": 1], "s": "x"]
        #expect(yields("x") { try callMethod("get", map, "s", "d") })
        #expect(yields(false) { try callMethod("get", map, "admin", false) })
        #expect(yields(nil) { try callMethod("get", map, "admin", nil) })
        #expect(yields(1) { try callMethod("get", map, ["a", "b"], 7) })
        #expect(yields(7) { try callMethod("get", map, ["a", "c"], 7) })
        #expect(yields(7) { try callMethod("get", map, ["s", "c"], 7) })
        #expect(errorOf { try callMethod("get", map, 1, 7) }?.kind == .unsupportedOperation)
        #expect(errorOf { try callMethod("get", map, "a") }?.kind == .argumentCount)
    }

    /// Map diff keys.
    @Test func mapDiffKeys() {
        let diff = valueOf { try callMethod("diff", ["a": 0, "c": 0, "u": 0], ["r": 0, "c": 1, "u": 0]) } ?? nil
        #expect(yields(RuleValue.set(of: ["a", "r", "c"])) { try callMethod("affectedKeys", diff) })
        #expect(yields(RuleValue.set(of: ["a"])) { try callMethod("addedKeys", diff) })
        #expect(yields(RuleValue.set(of: ["r"])) { try callMethod("removedKeys", diff) })
        #expect(yields(RuleValue.set(of: ["c"])) { try callMethod("changedKeys", diff) })
        #expect(yields(RuleValue.set(of: ["u"])) { try callMethod("unchangedKeys", diff) })
        #expect(
            errorOf { try callMethod("diff", ["a": 1], [1]) }?.message
                == "Unsupported operation error. Received: map.diff(list). Expected: map.diff(map).")
        #expect(errorOf { try callMethod("addedKeys", diff, 1) }?.kind == .argumentCount)
    }

    /// Map diff compares nested values deeply.
    @Test func mapDiffComparesNestedValuesDeeply() {
        let newer: RuleValue = ["address": ["city": "X"], "n": 1]
        let older: RuleValue = ["address": ["city": "Y"], "n": 1.0]
        let diff = valueOf { try callMethod("diff", newer, older) } ?? nil
        #expect(yields(RuleValue.set(of: ["address"])) { try callMethod("affectedKeys", diff) })
        // An unchanged update: nothing affected, so hasOnly of anything holds.
        let same = valueOf { try callMethod("diff", ["name": "A"], ["name": "A"]) } ?? nil
        #expect(yields(true) { try callMethod("hasOnly", callMethod("affectedKeys", same), ["name"]) })
    }

    /// Set methods.
    @Test func setMethods() {
        let ab = RuleValue.set(of: ["a", "b"])
        let ac = RuleValue.set(of: ["a", "c"])
        #expect(yields(2) { try callMethod("size", ab) })
        #expect(yields(RuleValue.set(of: ["b"])) { try callMethod("difference", ab, ac) })
        #expect(yields(RuleValue.set(of: ["a", "b", "c"])) { try callMethod("union", ab, ac) })
        #expect(yields(RuleValue.set(of: ["a"])) { try callMethod("intersection", ab, ac) })
        #expect(yields(true) { try callMethod("hasAll", ab, ["a"]) })
        #expect(yields(true) { try callMethod("hasAny", ab, ac) })
        #expect(yields(false) { try callMethod("hasOnly", ab, ["a"]) })
        #expect(yields(true) { try callMethod("hasOnly", ab, RuleValue.set(of: ["a", "b", "z"])) })
        #expect(
            errorOf { try callMethod("difference", ab, ["a"]) }?.message
                == "Unsupported operation error. Received: set.difference(list). Expected: set.difference(set).")
        #expect(errorOf { try callMethod("union", ab, nil) } == .nullValue)
    }
}
