extension FieldPath {
    /// The first pair of `paths` where one is a prefix of (or equal to) the other, or nil.
    ///
    /// Masks, transforms, merge fields and update keys may not overlap; each caller words its own
    /// error. Sorting puts a prefix right before the paths it prefixes, so adjacent pairs suffice.
    package static func firstOverlap(in paths: [FieldPath]) -> (prefix: FieldPath, path: FieldPath)? {
        let sorted = paths.sorted()
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.isPrefix(of: b) { return (a, b) }
        return nil
    }
}
