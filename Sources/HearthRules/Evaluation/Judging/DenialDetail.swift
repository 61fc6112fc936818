/// The emulator's denial text (fact sheet §5.1): one entry per evaluated allow statement, in
/// evaluation order, joined by `", "`, after a leading newline.
///
/// Entries: `false for 'get' @ L12`, `<error message> for 'update' @ L16`, or
/// `No matching allow statements`. The core prepends "Missing or insufficient permissions. ".
enum DenialDetail {
    /// The entry when no allow statement applies to the path and method.
    static let noMatchingStatements = "No matching allow statements"

    /// The entry for a statement whose condition gave `false`.
    static func falseEntry(method: String, line: Int) -> String {
        "false for '\(method)' @ L\(line)"
    }

    /// The entry for a statement whose condition failed with `message` (or gave a non-boolean).
    static func errorEntry(_ message: String, method: String, line: Int) -> String {
        "\(message) for '\(method)' @ L\(line)"
    }

    /// The detail text of a denial.
    static func text(_ entries: [String]) -> String {
        "\n" + entries.joined(separator: ", ")
    }
}
