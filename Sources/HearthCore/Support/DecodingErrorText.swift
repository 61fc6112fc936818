/// What a configuration file's `DecodingError` means, in a sentence that names the place:
/// `indexes[2].fields has the wrong type (expected a list).`, `not valid JSON (…).`
package enum DecodingErrorText {
    /// The sentence for `error`.
    package static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let parts = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
            let joined = parts.joined()
            return joined.hasPrefix(".") ? String(joined.dropFirst()) : (joined.isEmpty ? "the file" : joined)
        }
        switch error {
        case .typeMismatch(let type, let context):
            let expected = String(describing: type).hasPrefix("Array") ? "a list" : "\(type)"
            return "\(path(context)) has the wrong type (expected \(expected))."
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not valid JSON (\(context.debugDescription))."
        case .keyNotFound(let key, let context):
            let place = context.codingPath.isEmpty ? "the file" : path(context)
            return "\(place) needs \"\(key.stringValue)\"."
        case .dataCorrupted(let context), .valueNotFound(_, let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
