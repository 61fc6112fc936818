/// Firestore's reserved numeric document ids, `__id<n>__` for a 64-bit `n` (the form Datastore's
/// numeric ids take in Firestore, e.g. `__id-9223372036854775808__`, the lowest, which the Admin
/// SDKs' recursive deletes use as the start of a collection's name range).
///
/// Production accepts them as document ids and orders them before string ids, numerically
/// (`__id-2__ < __id7__ < __id12__ < "12" < "A"`); any other `__…__` id stays reserved. Only the
/// canonical decimal form counts (`__id007__` and `__id-0__` are reserved), so equal numbers are
/// equal ids. In every encoding Hearth stores, a numeric id sorts after string ids that begin with
/// U+0000 and before all other string ids; `compare(_:_:)` orders exactly so (production's order
/// for ids beginning with U+0000 is not documented).
package enum NumericDocumentID {
    /// The number `id` stands for when it is `__id<int64>__` in canonical form, else nil.
    @inline(__always)
    package static func value(of id: String) -> Int64? {
        let utf8 = id.utf8
        // Cheap rejection first: nearly every id fails on its first byte.
        guard utf8.count >= 7, utf8.first == UInt8(ascii: "_") else { return nil }
        return parse(id)
    }

    private static func parse(_ id: String) -> Int64? {
        guard id.hasPrefix("__id"), id.hasSuffix("__") else { return nil }
        let digits = id.dropFirst(4).dropLast(2)
        guard let number = Int64(digits), String(number) == digits else { return nil }
        return number
    }

    /// The id of number `n`.
    package static func id(_ n: Int64) -> String { "__id\(n)__" }

    /// The 8 bytes that order numbers as unsigned big-endian bytes (sign bit flipped).
    package static func orderedBytes(_ n: Int64) -> [UInt8] {
        let bits = UInt64(bitPattern: n) ^ (1 << 63)
        return (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * $0)) }
    }

    /// The number of 8 `orderedBytes`.
    package static func number(fromOrderedBytes bytes: some Collection<UInt8>) -> Int64? {
        guard bytes.count == 8 else { return nil }
        let bits = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Int64(bitPattern: bits ^ (1 << 63))
    }

    /// Orders two document ids as Firestore does: numeric ids numerically, before string ids (but
    /// after those beginning with U+0000, as the storage encodings order them), strings by UTF-8
    /// bytes. Returns -1, 0 or 1.
    package static func compare(_ a: String, _ b: String) -> Int {
        switch (value(of: a), value(of: b)) {
        case (let x?, let y?): return x == y ? 0 : (x < y ? -1 : 1)
        case (_?, nil): return b.utf8.first == 0 ? 1 : -1
        case (nil, _?): return a.utf8.first == 0 ? -1 : 1
        case (nil, nil): return UTF8KeyOrder.compare(a, b)
        }
    }
}
