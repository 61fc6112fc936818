public import HearthCore
public import HearthRules

extension Firestore {
    /// Installs security rules for every instance on this data directory: from now on each
    /// request that is not admin is judged by them (nil removes them: everything is allowed, as in
    /// Firebase's emulator before rules are loaded).
    public func setSecurityRules(_ rules: SecurityRules?) {
        engine.setAccessPolicy(rules)
    }

    /// A handle on the same database whose requests come from the signed-in user `uid` with token
    /// `claims` (`request.auth.uid`, `request.auth.token`); claims take the SDK's value types
    /// (`String`, `Int`, `Bool`, arrays, dictionaries, `Timestamp`, …) and `sub` defaults to `uid`.
    /// - Throws: `INVALID_ARGUMENT` when a claim is not a Firestore value.
    public func signedIn(as uid: String, claims: [String: Any] = [:]) throws(FirestoreError) -> Firestore {
        var reader = UserDataReader(method: "signedIn(as:claims:)")
        var tokenClaims: [String: Value] = [:]
        for (name, claim) in claims { tokenClaims[name] = try reader.readPlain(claim) }
        tokenClaims["sub"] = tokenClaims["sub"] ?? .string(uid)
        return withAccess(.user(uid: uid, claims: tokenClaims))
    }

    /// The security rules in force on this data directory (nil when none are loaded).
    public var securityRules: SecurityRules? { engine.accessPolicy as? SecurityRules }

    /// Parses `source` (a `firestore.rules` file) and installs it; see `setSecurityRules(_:)`.
    /// - Throws: `RulesSyntaxError` with the line and column of the first syntax error.
    @discardableResult
    public func loadSecurityRules(source: String) throws(RulesSyntaxError) -> SecurityRules {
        let rules = try SecurityRules(source: source)
        setSecurityRules(rules)
        return rules
    }

    /// Deletes every document of this instance's database (admin-only housekeeping). Named for what it
    /// does: the SDK's `clearPersistence()` only clears a local cache, and Hearth has none.
    /// - Throws: `PERMISSION_DENIED` unless this instance is admin.
    public func deleteAllDocuments() async throws(FirestoreError) {
        guard access == .admin else { throw FirestoreError.permissionDenied(detail: "") }
        try await openEngine().clearDatabase(databaseID)
    }
}
