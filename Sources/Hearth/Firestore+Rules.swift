public import HearthCore
public import HearthRules

extension Firestore {
    /// Installs security rules for every instance on this data directory: from now on each
    /// request that is not admin is judged by them (nil removes them: everything is allowed, as in
    /// Firebase's emulator before rules are loaded).
    public func setSecurityRules(_ rules: SecurityRules?) {
        engine.setAccessPolicy(rules)
    }

    /// Parses `source` (a `firestore.rules` file) and installs it; see `setSecurityRules(_:)`.
    /// - Throws: `RulesSyntaxError` with the line and column of the first syntax error.
    @discardableResult
    public func loadSecurityRules(source: String) throws(RulesSyntaxError) -> SecurityRules {
        let rules = try SecurityRules(source: source)
        setSecurityRules(rules)
        return rules
    }

    /// Deletes every document of this instance's database (admin-only housekeeping).
    /// - Throws: `PERMISSION_DENIED` unless this instance is admin.
    public func clearPersistence() async throws(FirestoreError) {
        guard access == .admin else { throw FirestoreError.permissionDenied(detail: "") }
        try await openEngine().clearDatabase(databaseID)
    }
}
