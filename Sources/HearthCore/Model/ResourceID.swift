/// The rules for one collection id or document id (one segment of a `ResourcePath`).
///
/// An id is non-empty, at most 1,500 UTF-8 bytes, contains no `/`, is not `.` or `..`, and does
/// not match `__.*__` (reserved) — except that a document id may be a numeric id `__id<n>__`
/// (`NumericDocumentID`). Every error is `INVALID_ARGUMENT` with a message of the form
/// `Resource id "<id>" is invalid because <reason>.`, the form Firestore uses for a `/`.
package enum ResourceID {
    /// The longest id, in UTF-8 bytes.
    package static let maxBytes = 1_500

    /// Throws `INVALID_ARGUMENT` unless `id` is a valid collection id (or, with `isDocumentID`,
    /// a valid document id: the numeric form `__id<n>__` is allowed there).
    package static func validate(_ id: String, isDocumentID: Bool = false) throws(FirestoreError) {
        if let reason = problem(with: id, isDocumentID: isDocumentID) {
            throw FirestoreError(.invalidArgument, "Resource id \"\(MessageText.display(id))\" is invalid because \(reason).")
        }
    }

    /// True when `id` satisfies every rule of `validate(_:)`.
    package static func isValid(_ id: String, isDocumentID: Bool = false) -> Bool {
        problem(with: id, isDocumentID: isDocumentID) == nil
    }

    /// True when `name` matches `__.*__`: at least four bytes, starting and ending with two underscores.
    package static func isReserved(_ name: String) -> Bool {
        let bytes = name.utf8
        guard bytes.count >= 4 else { return false }
        let underscore = UInt8(ascii: "_")
        return bytes.prefix(2).allSatisfy { $0 == underscore } && bytes.suffix(2).allSatisfy { $0 == underscore }
    }

    /// The reason `id` is invalid, worded to follow "because", or nil when it is valid.
    private static func problem(with id: String, isDocumentID: Bool) -> String? {
        let bytes = id.utf8
        if bytes.isEmpty { return "it is empty" }
        if bytes.count > maxBytes {
            return "it is longer than \(MessageText.withThousandsSeparators(maxBytes)) bytes "
                + "(\(MessageText.withThousandsSeparators(bytes.count)) bytes)"
        }
        if bytes.contains(UInt8(ascii: "/")) { return "it contains \"/\"" }
        if bytes.elementsEqual(".".utf8) || bytes.elementsEqual("..".utf8) { return "it is \".\" or \"..\"" }
        if isReserved(id) && !(isDocumentID && NumericDocumentID.value(of: id) != nil) { return "it is reserved" }
        return nil
    }
}
