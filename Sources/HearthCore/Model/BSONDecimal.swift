// Decimal128 values: parsing, exact comparison, and where they sit on Firestore's number line.
//
// A Decimal128 is a number: it compares by value with int64 and double values. `numberForm`
// places it on the line the index encoding already uses for those (see
// OrderedValueEncoding+Numbers.swift): a decimal equal to an int64 is that integer, one equal to
// a double is that double, and any other lies strictly between two adjacent doubles F < d < F⁺
// and is kept with F, the double below it. One band cannot be kept exactly: between 2^53 and 2^63
// in magnitude adjacent int64 values share their double floor F and are encoded next to each
// other, so no key fits between them; a decimal with a fraction there compares as its floor
// integer (specs/bson-types.md records this).

/// A Decimal128 value: NaN, an infinity, or sign × digits × 10^exponent.
package struct BSONDecimal: Sendable, Equatable {
    /// The value's kind.
    package enum Kind: Sendable, Equatable {
        /// Not a number (equal to every NaN, below every other number).
        case nan
        /// Positive or negative infinity.
        case infinity(negative: Bool)
        /// A finite value; see `Finite`.
        case finite(Finite)
    }

    /// A finite decimal: `digits` (no leading or trailing zeros; empty for zero) × 10^`exponent`.
    package struct Finite: Sendable, Equatable {
        /// Whether the value is below zero (never for zero).
        let negative: Bool
        /// The significant digits, 0–9 each, most significant first.
        let digits: [UInt8]
        /// The power of ten the digits are scaled by.
        let exponent: Int

        /// True for zero.
        var isZero: Bool { digits.isEmpty }
        /// The exponent of the leading digit (scientific notation); 0 for zero.
        var adjustedExponent: Int { isZero ? 0 : exponent + digits.count - 1 }
    }

    /// The parsed value.
    package let kind: Kind
    /// The text it was parsed from, as stored.
    package let text: String

    /// The most significant digits a Decimal128 holds.
    static let maxDigits = 34
    /// The largest adjusted exponent of a Decimal128.
    static let maxAdjustedExponent = 6144
    /// The smallest exponent of a Decimal128's last digit.
    static let minExponent = -6176

    /// Parses `text`: `[+-]` digits with an optional point and `e` exponent, or `Infinity`/`Inf`/`NaN`.
    /// - Throws: a message naming what is wrong (production says "Invalid number" and "Exponent too large").
    init(parsing text: String) throws(BSONMalformed) {
        self.text = text
        var units = Array(text.utf8)[...]
        var negative = false
        if let first = units.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            negative = first == UInt8(ascii: "-")
            units = units.dropFirst()
        }
        let word = String(decoding: units, as: UTF8.self).lowercased()
        if word == "inf" || word == "infinity" {
            kind = .infinity(negative: negative)
            return
        }
        if word == "nan" {
            kind = .nan
            return
        }
        var digits: [UInt8] = []
        var sawDigit = false
        var sawPoint = false
        var fractionDigits = 0
        while let unit = units.first {
            if unit >= UInt8(ascii: "0") && unit <= UInt8(ascii: "9") {
                sawDigit = true
                if !(digits.isEmpty && unit == UInt8(ascii: "0")) { digits.append(unit - UInt8(ascii: "0")) }
                if sawPoint { fractionDigits += 1 }
            } else if unit == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                break
            }
            units = units.dropFirst()
        }
        guard sawDigit else { throw BSONMalformed("Invalid number: '\(MessageText.display(text))' is not a decimal") }
        var exponent = 0
        if let unit = units.first, unit == UInt8(ascii: "e") || unit == UInt8(ascii: "E") {
            units = units.dropFirst()
            var exponentNegative = false
            if let sign = units.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentNegative = sign == UInt8(ascii: "-")
                units = units.dropFirst()
            }
            guard !units.isEmpty else { throw BSONMalformed("Invalid number: '\(MessageText.display(text))' has no exponent digits") }
            for unit in units {
                guard unit >= UInt8(ascii: "0") && unit <= UInt8(ascii: "9") else {
                    throw BSONMalformed("Invalid number: '\(MessageText.display(text))' is not a decimal")
                }
                // Saturates far beyond Decimal128's range; the range check below refuses it.
                exponent = min(exponent * 10 + Int(unit - UInt8(ascii: "0")), 1_000_000_000)
            }
            if exponentNegative { exponent = -exponent }
            units = []
        }
        guard units.isEmpty else { throw BSONMalformed("Invalid number: '\(MessageText.display(text))' is not a decimal") }
        exponent -= fractionDigits
        while digits.last == 0 {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty {
            kind = .finite(Finite(negative: false, digits: [], exponent: 0))
            return
        }
        guard digits.count <= Self.maxDigits else {
            throw BSONMalformed("Invalid number: a Decimal128 holds at most \(Self.maxDigits) significant digits")
        }
        let finite = Finite(negative: negative, digits: digits, exponent: exponent)
        guard finite.adjustedExponent <= Self.maxAdjustedExponent else { throw BSONMalformed("Exponent too large") }
        guard exponent >= Self.minExponent else { throw BSONMalformed("Exponent too small") }
        kind = .finite(finite)
    }

    /// A decimal rebuilt from a finite value (the index encoding's decoder).
    init(finite: Finite) {
        kind = .finite(finite)
        let digitText = finite.digits.isEmpty ? "0" : String(decoding: finite.digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        text = (finite.negative ? "-" : "") + digitText + (finite.exponent == 0 ? "" : "E\(finite.exponent)")
    }
}

/// Where a number sits on the line shared by int64, double, Int32 and Decimal128 values.
package enum NumberForm: Sendable {
    /// Exactly an int64.
    case integer(Int64)
    /// Exactly a double (never NaN here).
    case double(Double)
    /// A decimal strictly between the double `floor` and the next double up, and no int64 there.
    case decimal(BSONDecimal.Finite, floor: Double)
}

extension BSONDecimal {
    /// The decimal's place on the number line; nil for NaN (its own type in the order).
    var numberForm: NumberForm? {
        switch kind {
        case .nan: return nil
        case .infinity(let negative): return .double(negative ? -.infinity : .infinity)
        case .finite(let finite): return finite.numberForm
        }
    }
}

extension BSONDecimal.Finite {
    /// See `BSONDecimal.numberForm`.
    var numberForm: NumberForm {
        if isZero { return .integer(0) }
        if exponent >= 0, let integer = exactInteger { return .integer(integer) }
        let text = (negative ? "-" : "") + String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
            + "e\(exponent)"
        // Correctly rounded to nearest; ±infinity beyond the largest double.
        let nearest = Double(text) ?? (negative ? -.infinity : .infinity)
        let order = nearest.isFinite ? -compare(toDouble: nearest) : (nearest < 0 ? -1 : 1)
        if order == 0 { return .double(nearest) }
        if exponent < 0, let floor = bandFloor { return .integer(floor) }
        return .decimal(self, floor: order < 0 ? nearest : nearest.nextDown)
    }

    /// The value as an int64, when it is a whole number in range.
    private var exactInteger: Int64? {
        guard exponent >= 0, digits.count + exponent <= 19 else { return nil }
        var magnitude: UInt64 = 0
        for digit in digits + Array(repeating: 0, count: exponent) {
            let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(digit))
            if overflow1 || overflow2 { return nil }
            magnitude = sum
        }
        if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// For a value with a fraction whose whole part n has 2^53 ≤ n < 2^63: its floor, an int64.
    private var bandFloor: Int64? {
        let wholeCount = digits.count + exponent
        guard wholeCount > 0, wholeCount <= 19 else { return nil }
        var whole: UInt64 = 0
        for digit in digits.prefix(wholeCount) {
            let (times, overflow1) = whole.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(UInt64(digit))
            if overflow1 || overflow2 { return nil }
            whole = sum
        }
        guard whole >= 1 << 53, whole <= UInt64(Int64.max) else { return nil }
        return negative ? -Int64(whole) - 1 : Int64(whole)
    }

    /// Compares with a finite double exactly: -1, 0 or 1 as self is below, equal to or above it.
    func compare(toDouble double: Double) -> Int {
        let doubleSign = double == 0 ? 0 : (double < 0 ? -1 : 1)
        let selfSign = isZero ? 0 : (negative ? -1 : 1)
        if selfSign != doubleSign { return selfSign < doubleSign ? -1 : 1 }
        if selfSign == 0 { return 0 }
        let magnitude = compareMagnitude(toDouble: double.magnitude)
        return negative ? -magnitude : magnitude
    }

    /// Compares |self| with a positive finite double exactly.
    private func compareMagnitude(toDouble double: Double) -> Int {
        let significand: UInt64
        let binaryExponent: Int
        if double.isNormal {
            significand = (1 << 52) | double.significandBitPattern
            binaryExponent = Int(double.exponent) - 52
        } else {
            significand = double.significandBitPattern
            binaryExponent = -1074
        }
        // Orders of magnitude first: 2^(b-1) ≤ double < 2^b and 10^E ≤ |self| < 10^(E+1).
        let bits = (64 - significand.leadingZeroBitCount) + binaryExponent
        let decimalExponent = Double(adjustedExponent)
        if decimalExponent > Double(bits) * 0.30103 + 1 { return 1 }
        if decimalExponent + 1 < Double(bits - 1) * 0.30103 - 1 { return -1 }
        // Exactly: significand · 2^binaryExponent against digits · 10^exponent, in integers.
        var left = BigUnsigned(significand)
        var right = BigUnsigned(digits: digits)
        if binaryExponent >= 0 { left.shiftLeft(binaryExponent) } else { right.shiftLeft(-binaryExponent) }
        if exponent >= 0 { right.multiply(byPowerOfTen: exponent) } else { left.multiply(byPowerOfTen: -exponent) }
        return right.compare(left)
    }

    /// Compares two finite decimals exactly.
    static func compare(_ a: Self, _ b: Self) -> Int {
        let aSign = a.isZero ? 0 : (a.negative ? -1 : 1)
        let bSign = b.isZero ? 0 : (b.negative ? -1 : 1)
        if aSign != bSign { return aSign < bSign ? -1 : 1 }
        if aSign == 0 { return 0 }
        let magnitude = compareMagnitudes(a, b)
        return a.negative ? -magnitude : magnitude
    }

    /// Compares |a| with |b| (both nonzero): leading exponent, then digit by digit.
    private static func compareMagnitudes(_ a: Self, _ b: Self) -> Int {
        if a.adjustedExponent != b.adjustedExponent { return a.adjustedExponent < b.adjustedExponent ? -1 : 1 }
        for (x, y) in zip(a.digits, b.digits) where x != y { return x < y ? -1 : 1 }
        return a.digits.count == b.digits.count ? 0 : (a.digits.count < b.digits.count ? -1 : 1)
    }
}

/// A small unsigned big integer (32-bit limbs, least significant first), for exact comparisons.
private struct BigUnsigned {
    /// The limbs.
    private var limbs: [UInt32]

    /// The integer `value`.
    init(_ value: UInt64) {
        limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
    }

    /// The integer whose decimal digits are `digits`.
    init(digits: [UInt8]) {
        limbs = [0]
        for digit in digits { multiply(by: 10, adding: UInt32(digit)) }
    }

    /// self = self · factor + addend.
    private mutating func multiply(by factor: UInt32, adding addend: UInt32 = 0) {
        var carry = UInt64(addend)
        for index in limbs.indices {
            let product = UInt64(limbs[index]) * UInt64(factor) + carry
            limbs[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 { limbs.append(UInt32(carry)) }
    }

    /// self = self · 10^power.
    mutating func multiply(byPowerOfTen power: Int) {
        var left = power
        while left >= 9 {
            multiply(by: 1_000_000_000)
            left -= 9
        }
        var factor: UInt32 = 1
        for _ in 0..<left { factor *= 10 }
        if factor != 1 { multiply(by: factor) }
    }

    /// self = self · 2^bits.
    mutating func shiftLeft(_ bits: Int) {
        let words = bits / 32
        let shift = UInt32(bits % 32)
        if shift != 0 {
            var carry: UInt32 = 0
            for index in limbs.indices {
                let limb = limbs[index]
                limbs[index] = limb << shift | carry
                carry = limb >> (32 - shift)
            }
            if carry != 0 { limbs.append(carry) }
        }
        if words > 0 { limbs.insert(contentsOf: repeatElement(0, count: words), at: 0) }
    }

    /// -1, 0 or 1 as self is below, equal to or above `other`.
    func compare(_ other: BigUnsigned) -> Int {
        let a = limbs.lastIndex { $0 != 0 } ?? -1
        let b = other.limbs.lastIndex { $0 != 0 } ?? -1
        if a != b { return a < b ? -1 : 1 }
        var index = a
        while index >= 0 {
            if limbs[index] != other.limbs[index] { return limbs[index] < other.limbs[index] ? -1 : 1 }
            index -= 1
        }
        return 0
    }
}
