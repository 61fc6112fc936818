/// A set of characters: ranges of scalar values, possibly negated.
struct RegexCharacterClass: Sendable {
    /// Inclusive ranges of Unicode scalar values.
    private(set) var ranges: [ClosedRange<UInt32>]
    /// True for `[^…]` and `\D`-style classes: the set is everything outside `ranges`.
    var isNegated: Bool

    /// The largest Unicode scalar value.
    static let maxScalar: UInt32 = 0x10_FFFF

    /// Creates a class of `ranges`.
    init(_ ranges: [ClosedRange<UInt32>] = [], negated: Bool = false) {
        self.ranges = ranges
        self.isNegated = negated
    }

    /// `\d`: ASCII digits.
    static let digits = RegexCharacterClass([0x30...0x39])
    /// `\w`: ASCII letters, digits and `_`.
    static let wordCharacters = RegexCharacterClass([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// `\s`: tab, newline, form feed, carriage return and space (RE2's set; no vertical tab).
    static let whitespace = RegexCharacterClass([0x09...0x0A, 0x0C...0x0D, 0x20...0x20])

    /// Adds one scalar.
    mutating func add(_ scalar: Unicode.Scalar) { ranges.append(scalar.value...scalar.value) }

    /// Adds an inclusive range.
    mutating func add(_ range: ClosedRange<UInt32>) { ranges.append(range) }

    /// Adds every character of `other` (taking its negation into account).
    mutating func add(contentsOf other: RegexCharacterClass) {
        ranges += other.isNegated ? RegexCharacterClass.complement(of: other.ranges) : other.ranges
    }

    /// Whether `scalar` belongs to the class; under `caseInsensitive` its other cases count too.
    func contains(_ scalar: Unicode.Scalar, caseInsensitive: Bool) -> Bool {
        var found = rangesContain(scalar.value)
        if !found, caseInsensitive {
            found = RegexCaseFolding.variants(of: scalar).contains { rangesContain($0.value) }
        }
        return found != isNegated
    }

    /// Whether any range holds `value`.
    private func rangesContain(_ value: UInt32) -> Bool {
        ranges.contains { $0.contains(value) }
    }

    /// The scalar values outside `ranges`, as ranges.
    static func complement(of ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            if range.upperBound >= next { next = range.upperBound &+ 1 }
            if range.upperBound >= maxScalar { return result }
        }
        if next <= maxScalar { result.append(next...maxScalar) }
        return result
    }

    /// The POSIX class `[:name:]`, or nil for an unknown name.
    static func posix(_ name: String) -> RegexCharacterClass? {
        switch name {
        case "alnum": return RegexCharacterClass([0x30...0x39, 0x41...0x5A, 0x61...0x7A])
        case "alpha": return RegexCharacterClass([0x41...0x5A, 0x61...0x7A])
        case "ascii": return RegexCharacterClass([0x00...0x7F])
        case "blank": return RegexCharacterClass([0x09...0x09, 0x20...0x20])
        case "cntrl": return RegexCharacterClass([0x00...0x1F, 0x7F...0x7F])
        case "digit": return digits
        case "graph": return RegexCharacterClass([0x21...0x7E])
        case "lower": return RegexCharacterClass([0x61...0x7A])
        case "print": return RegexCharacterClass([0x20...0x7E])
        case "punct": return RegexCharacterClass([0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E])
        case "space": return RegexCharacterClass([0x09...0x0D, 0x20...0x20])
        case "upper": return RegexCharacterClass([0x41...0x5A])
        case "word": return wordCharacters
        case "xdigit": return RegexCharacterClass([0x30...0x39, 0x41...0x46, 0x61...0x66])
        default: return nil
        }
    }
}

/// Simple (one-to-one) case folding for the `i` flag.
enum RegexCaseFolding {
    /// The other cases of `scalar` that are single scalars (its lowercase and uppercase forms).
    static func variants(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        for mapping in [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping] {
            let scalars = mapping.unicodeScalars
            if scalars.count == 1, let only = scalars.first, only != scalar { result.append(only) }
        }
        return result
    }
}
