extension String {
    /// Compares two strings by their UTF-8 bytes, as Firestore orders strings: returns -1, 0 or 1.
    ///
    /// Swift's `<` and `==` on `String` follow Unicode canonical equivalence and would call `"é"`
    /// (U+00E9) equal to `"e\u{301}"`; Firestore compares the encoded bytes, so those differ here.
    /// Byte order is also code-point order, unlike UTF-16 order (`"\u{FFFD}" < "\u{1F600}"`).
    package static func compareUTF8(_ a: String, _ b: String) -> Int {
        UTF8KeyOrder.compare(a, b)
    }

    /// True when both strings have exactly the same UTF-8 bytes (no canonical equivalence).
    /// Compares the contiguous bytes directly (native strings always have them); iterating the
    /// UTF-8 views element by element showed in every dictionary lookup keyed by paths.
    package static func equalUTF8(_ a: String, _ b: String) -> Bool {
        let direct = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right in
                left.count == right.count && UTF8KeyOrder.compareBytes(left, right) == 0
            }
        }
        if let known = direct ?? nil { return known }
        return a.utf8.elementsEqual(b.utf8)
    }
}
