/// Checks update masks and transform paths the way Firestore's server does.
enum MaskValidation {
    /// A mask must name valid, non-reserved paths, none a prefix of another, and every field in
    /// `fields` must be covered by some mask path.
    static func validate(mask: [FieldPath], fields: [String: Value]) throws(FirestoreError) {
        try validatePaths(mask, what: "update mask")
        for leaf in fields.leafPaths() where !mask.contains(where: { $0.isPrefix(of: leaf) }) {
            throw FirestoreError(
                .invalidArgument,
                "Document field '\(leaf.canonicalString)' is not covered by the update mask.")
        }
    }

    /// Transform paths must be valid, non-reserved, and not overlap one another.
    static func validate(transforms: [FieldTransform]) throws(FirestoreError) {
        guard !transforms.isEmpty else { return }
        try validatePaths(transforms.map(\.fieldPath), what: "field transforms")
    }

    private static func validatePaths(_ paths: [FieldPath], what: String) throws(FirestoreError) {
        for path in paths {
            if let reserved = path.segments.first(where: isReserved) {
                throw FirestoreError(
                    .invalidArgument,
                    "Field path '\(path.canonicalString)' in the \(what) uses the reserved name '\(reserved)'.")
            }
        }
        if let (a, b) = FieldPath.firstOverlap(in: paths) {
            throw FirestoreError(
                .invalidArgument,
                a == b
                    ? "Field path '\(a.canonicalString)' appears more than once in the \(what)."
                    : "Field path '\(a.canonicalString)' is a prefix of '\(b.canonicalString)' in the \(what): "
                        + "a path may not overlap another.")
        }
    }

    private static func isReserved(_ segment: String) -> Bool {
        segment.utf8.count >= 4 && segment.hasPrefix("__") && segment.hasSuffix("__")
    }
}
