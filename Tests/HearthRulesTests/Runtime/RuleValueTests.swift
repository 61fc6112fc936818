import HearthCore
import Testing

@testable import HearthRules

/// Equality, hashing, ordering and type tests of `RuleValue`.
@Suite struct RuleValueTests {
    /// Int and float are equal by value.
    @Test func intAndFloatAreEqualByValue() {
        #expect(RuleValue.int(1) == RuleValue.float(1.0))
        #expect(RuleValue.int(1) != RuleValue.float(1.5))
        #expect(!RuleValue.int(1).isIdentical(to: .float(1.0)))
        #expect(RuleValue.float(.nan) != RuleValue.float(.nan))
    }

    /// Unrelated types are unequal not errors.
    @Test func unrelatedTypesAreUnequalNotErrors() {
        #expect(RuleValue.string("1") != RuleValue.int(1))
        #expect(RuleValue.null != RuleValue.bool(false))
        #expect(RuleValue.null == RuleValue.null)
    }

    /// Collections compare structurally.
    @Test func collectionsCompareStructurally() {
        #expect([1, 2] as RuleValue == [1.0, 2] as RuleValue)
        #expect([1, 2] as RuleValue != [2, 1] as RuleValue)
        #expect(["a": 1, "b": [true]] as RuleValue == ["b": [true], "a": 1.0] as RuleValue)
        #expect(RuleValue.set(of: [1, 2]) == RuleValue.set(of: [2, 1, 2]))
        #expect(RuleValue.set(of: [1]) != RuleValue.list([1]))
    }

    /// Equal values hash alike.
    @Test func equalValuesHashAlike() {
        #expect(RuleValue.int(3).hashValue == RuleValue.float(3.0).hashValue)
        #expect(RuleValue.float(0.0).hashValue == RuleValue.float(-0.0).hashValue)
        let left: RuleValue = ["x": 1, "y": "a"]
        let right: RuleValue = ["y": "a", "x": 1.0]
        #expect(left.hashValue == right.hashValue)
        #expect(Set<RuleValue>([1, 1.0, "1"]).count == 2)
    }

    /// Set keeps first of equal elements.
    @Test func setKeepsFirstOfEqualElements() {
        let set = RuleSet([1, 1.0, 2])
        #expect(set.count == 2)
        #expect(set.elements[0].isIdentical(to: 1))
    }

    /// Type names for is.
    @Test func typeNamesForIs() {
        #expect(RuleValue.int(1).isType(.int))
        #expect(RuleValue.int(1).isType(.number))
        #expect(RuleValue.float(1).isType(.number))
        #expect(!RuleValue.int(1).isType(.float))
        #expect(RuleValue.float(4.5).isType(.float))
        #expect(!RuleValue.null.isType(.map))
        #expect(RuleValue.path(RulePath(parsing: "a/b")).isType(.path))
        #expect(!RuleValue.path(RulePath(parsing: "a/b")).isType(.string))
        #expect(RuleValue.mapDiff(RuleMapDiff(newer: [:], older: [:])).isType(.map_diff))
        #expect(RuleValue.set(of: []).isType(.set))
        #expect(RuleValue.latlng(RuleLatLng(uncheckedLatitude: 1, longitude: 2)).isType(.latlng))
        #expect(!RuleValue.list([]).isType(.set))
    }

    /// Ordering is defined for numbers strings times and durations.
    @Test func orderingIsDefinedForNumbersStringsTimesAndDurations() {
        #expect(RuleValue.order(1, 1.5) == .less)
        #expect(RuleValue.order("b", "a") == .greater)
        #expect(RuleValue.order("a", "ab") == .less)
        #expect(RuleValue.order(timestamp(5), timestamp(5, nanos: 1)) == .less)
        #expect(RuleValue.order(duration(-1, nanos: -5), duration(0, nanos: -5)) == .less)
        #expect(RuleValue.order(.float(.nan), 1) == .unordered)
        #expect(RuleValue.order(true, false) == nil)
        #expect(RuleValue.order([1], [2]) == nil)
        #expect(RuleValue.order(timestamp(1), 1) == nil)
    }

    /// Literals make the expected variants.
    @Test func literalsMakeTheExpectedVariants() {
        #expect(RuleValue.int(2).isIdentical(to: 2))
        #expect(RuleValue.float(2.5).isIdentical(to: 2.5))
        #expect(RuleValue.null.isIdentical(to: nil))
        #expect(RuleValue.list(["a"]).isIdentical(to: ["a"]))
    }

    /// Floats print like java.
    @Test func floatsPrintLikeJava() {
        #expect(RuleValue.formatFloat(2.0) == "2.0")
        #expect(RuleValue.formatFloat(-122.08) == "-122.08")
        #expect(RuleValue.formatFloat(1e20) == "1.0E20")
        #expect(RuleValue.formatFloat(.nan) == "NaN")
        #expect(RuleValue.formatFloat(-.infinity) == "-Infinity")
    }

    /// Debug log text uses protobuf text style.
    @Test func debugLogTextUsesProtobufTextStyle() {
        #expect(RuleValue.string("alice").debugLogText == "string_value: \"alice\"")
        #expect(RuleValue.bool(true).debugLogText == "bool_value: true")
        #expect(RuleValue.map(["a": 1]).debugLogText == "map_value { fields { key: \"a\" value { int_value: 1 } } }")
    }
}
