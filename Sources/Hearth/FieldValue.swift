internal import HearthCore

/// Sentinel values for `setData` and `updateData`: delete a field, or have the server compute it.
///
/// As in the Firebase SDK, sentinels may appear anywhere in the data (but not inside arrays);
/// `delete()` only with `updateData` or `setData(_:merge: true)` / `mergeFields:`.
public final class FieldValue {
    /// What the sentinel does.
    enum Kind {
        case delete
        case serverTimestamp
        case increment(Value)
        case maximum(Value)
        case minimum(Value)
        case arrayUnion([Any])
        case arrayRemove([Any])
    }

    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// Deletes the field (only in `updateData` and merging `setData`).
    public static func delete() -> FieldValue { FieldValue(.delete) }
    /// The commit's time, filled in by the server.
    public static func serverTimestamp() -> FieldValue { FieldValue(.serverTimestamp) }
    /// Adds `n` to the field (integers saturate; a missing or non-numeric field becomes `n`).
    public static func increment(_ n: Int64) -> FieldValue { FieldValue(.increment(.integer(n))) }
    /// Adds `n` to the field using double arithmetic.
    public static func increment(_ n: Double) -> FieldValue { FieldValue(.increment(.double(n))) }
    /// Keeps the larger of the field and `n` (a missing or non-numeric field becomes `n`).
    public static func maximum(_ n: Int64) -> FieldValue { FieldValue(.maximum(.integer(n))) }
    /// Keeps the larger of the field and `n`.
    public static func maximum(_ n: Double) -> FieldValue { FieldValue(.maximum(.double(n))) }
    /// Keeps the smaller of the field and `n` (a missing or non-numeric field becomes `n`).
    public static func minimum(_ n: Int64) -> FieldValue { FieldValue(.minimum(.integer(n))) }
    /// Keeps the smaller of the field and `n`.
    public static func minimum(_ n: Double) -> FieldValue { FieldValue(.minimum(.double(n))) }
    /// Appends each element not already in the array (the field becomes an array if it is not one).
    public static func arrayUnion(_ elements: [Any]) -> FieldValue { FieldValue(.arrayUnion(elements)) }
    /// Removes every occurrence of each element from the array.
    public static func arrayRemove(_ elements: [Any]) -> FieldValue { FieldValue(.arrayRemove(elements)) }

    /// The SDK's name for the sentinel, used in error messages (e.g. `FieldValue.delete()`).
    var methodName: String {
        switch kind {
        case .delete: "FieldValue.delete()"
        case .serverTimestamp: "FieldValue.serverTimestamp()"
        case .increment: "FieldValue.increment()"
        case .maximum: "FieldValue.maximum()"
        case .minimum: "FieldValue.minimum()"
        case .arrayUnion: "FieldValue.arrayUnion()"
        case .arrayRemove: "FieldValue.arrayRemove()"
        }
    }
}
