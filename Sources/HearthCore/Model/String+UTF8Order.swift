extension String {
    /// Compares two strings by their UTF-8 bytes, as Firestore orders strings: returns -1, 0 or 1.
    ///
    /// Swift's `<` and `==` on `String` follow Unicode canonical equivalence and would call `"é"`
    /// (U+00E9) equal to `"e\u{301}"`; Firestore compares the encoded bytes, so those differ here.
    /// Byte order is also code-point order, unlike UTF-16 order (`"\u{FFFD}" < "\u{1F600}"`).
    public static func compareUTF8(_ a: String, _ b: String) -> Int {
        UTF8KeyOrder.compare(a, b)
    }

    /// True when both strings have exactly the same UTF-8 bytes (no canonical equivalence).
    /// Compares the contiguous bytes directly (native strings always have them); iterating the
    /// UTF-8 views element by element showed in every dictionary lookup keyed by paths.
    package static func equalUTF8(_ a: String, _ b: String) -> Bool {
        let direct = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in
                left.count == right.count && UTF8Order.compare(left, right) == 0
            }
        }
        if let known = direct ?? nil { return known }
        return a.utf8.elementsEqual(b.utf8)
    }
}

/// Byte-wise comparisons and hashing shared by the model's path and value types.
enum UTF8Order {
    /// Unsigned lexicographic comparison of two byte buffers; a proper prefix sorts first. Returns -1, 0 or 1.
    static func compare(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Int {
        let common = Swift.min(lhs.count, rhs.count)
        var index = 0
        while index < common {
            let l = lhs[index]
            let r = rhs[index]
            if l != r { return l < r ? -1 : 1 }
            index += 1
        }
        return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
    }

    /// Unsigned lexicographic comparison of two byte arrays; a proper prefix sorts first. Returns -1, 0 or 1.
    static func compare(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int {
        lhs.withUnsafeBufferPointer { l in rhs.withUnsafeBufferPointer { r in compare(l, r) } }
    }

    /// Compares two lists of strings segment by segment (UTF-8 bytes); a proper prefix sorts first.
    static func compareSegments(_ lhs: [String], _ rhs: [String]) -> Int {
        let common = Swift.min(lhs.count, rhs.count)
        for index in 0..<common {
            let result = String.compareUTF8(lhs[index], rhs[index])
            if result != 0 { return result }
        }
        return lhs.count == rhs.count ? 0 : (lhs.count < rhs.count ? -1 : 1)
    }

    /// True when both lists hold the same segments byte for byte.
    static func equalSegments(_ lhs: [String], _ rhs: [String]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in lhs.indices where !String.equalUTF8(lhs[index], rhs[index]) { return false }
        return true
    }

    /// Feeds the segments' bytes to `hasher`, consistently with `equalSegments`.
    static func hashSegments(_ segments: [String], into hasher: inout Hasher) {
        hasher.combine(segments.count)
        for segment in segments {
            var segment = segment
            segment.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            // 0xFF never occurs in UTF-8, so it separates segments unambiguously.
            hasher.combine(UInt8(0xFF))
        }
    }

    /// `1,048,576`: an integer with thousands separators, as Firestore prints sizes in messages.
    static func withThousandsSeparators(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return value < 0 ? "-" + result : result
    }

    /// The string as shown in an error message: cut after 100 characters so huge ids stay readable.
    static func display(_ string: String) -> String {
        let head = string.prefix(100)
        return head.endIndex == string.endIndex ? string : String(head) + "…"
    }
}
