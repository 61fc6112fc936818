/// Checks update masks and transform paths the way Firestore's server does.
enum MaskValidation {
    /// A mask must name valid, non-reserved paths, none a prefix of another. Fields of the
    /// document that no mask path covers are ignored, as production ignores them (the
    /// `Write.update_mask` contract: only the masked paths are written).
    static func validate(mask: [FieldPath]) throws(FirestoreError) {
        try validatePaths(mask, what: "update mask")
    }

    /// Transform paths must be valid and non-reserved. Several transforms may name the same (or
    /// an overlapping) path: they apply in order, each to the result of the one before, as
    /// Google's emulator applies them (the SDKs refuse such writes before sending them; the
    /// server's behaviour is not documented).
    static func validate(transforms: [FieldTransform]) throws(FirestoreError) {
        guard !transforms.isEmpty else { return }
        try validateReserved(transforms.map(\.fieldPath), what: "field transforms")
    }

    private static func validateReserved(_ paths: [FieldPath], what: String) throws(FirestoreError) {
        for path in paths {
            if let reserved = path.segments.first(where: isReserved) {
                throw FirestoreError(
                    .invalidArgument,
                    "Field path '\(path.canonicalString)' in the \(what) uses the reserved name '\(reserved)'.")
            }
        }
    }

    private static func validatePaths(_ paths: [FieldPath], what: String) throws(FirestoreError) {
        try validateReserved(paths, what: what)
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
