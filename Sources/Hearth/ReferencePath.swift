internal import HearthCore

/// A reference's path as given by the caller: valid, or the error to report when it is used
/// (the SDK raises exceptions at once; Hearth defers them to the first throwing call).
enum ReferencePath: Sendable, Hashable {
    case document(DocumentKey)
    case collection(ResourcePath)
    case invalid(raw: String, error: FirestoreError)

    /// Parses a document path with the SDK's message for an odd segment count.
    static func document(_ raw: String) -> ReferencePath {
        do {
            return .document(try DocumentKey(validating: raw))
        } catch {
            return .invalid(raw: raw, error: error)
        }
    }

    /// Parses a collection path with the SDK's message for an even segment count.
    static func collection(_ raw: String) -> ReferencePath {
        do throws(FirestoreError) {
            let path = try ResourcePath(validating: raw)
            guard path.count % 2 == 1 else {
                throw FirestoreError(
                    .invalidArgument,
                    "Invalid collection reference. Collection references must have an odd number of segments, "
                        + "but \(path.canonicalString) has \(path.count).")
            }
            return .collection(path)
        } catch {
            return .invalid(raw: raw, error: error)
        }
    }

    /// The path as a string (as given, when invalid).
    var string: String {
        switch self {
        case .document(let key): key.path.canonicalString
        case .collection(let path): path.canonicalString
        case .invalid(let raw, _): raw
        }
    }
}
