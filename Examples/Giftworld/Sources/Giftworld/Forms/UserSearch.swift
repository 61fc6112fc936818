/// RF1.4's matching rule (Hearth's, since the thesis never built the search box): the typed text,
/// trimmed, matches a user when it starts their first name or their last name, ignoring case.
/// Empty text matches everyone (the plain directory of CU-003).
///
/// `"ga"` finds Ana García, `"AN"` finds Ana, `"arcía"` finds nobody (not a start).
public enum UserSearch {
    /// Whether `user` matches `text`.
    public static func matches(_ user: User, _ text: String) -> Bool {
        let typed = FieldCheck.optional(text).lowercased()
        guard !typed.isEmpty else { return true }
        return user.firstname.lowercased().hasPrefix(typed) || user.lastname.lowercased().hasPrefix(typed)
    }
}
