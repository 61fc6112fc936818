import Foundation
import HearthCore

/// `firestore.indexes.json` text: loaded or refused with a Firestore error, never a crash.
enum IndexesFuzzTarget {
    /// Runs one input.
    static func run(_ input: Data) -> String? {
        let text = String(decoding: input, as: UTF8.self)
        let loaded = Result { () throws(FirestoreError) in try IndexConfiguration(json: text) }
        // A clear refusal is the expected answer to a bad file; INTERNAL is not one.
        if case .failure(let error) = loaded, error.code == .internal {
            return "indexes file refused with INTERNAL: \(error.message)"
        }
        return nil
    }
}
