public import Hearth

extension AccountStore {
    /// Registers a user: creates the account, then runs `createProfile` with a handle acting as the
    /// new user (so the rules judge the profile write) and closes it. When the profile cannot be
    /// written the account is removed again, so no half-registered user remains.
    /// - Throws: `AccountError.emailAlreadyInUse`, or whatever `createProfile` throws.
    public func register(
        email: String, password: String, through admin: Firestore,
        creatingProfile createProfile: (_ user: Firestore, _ account: Account) async throws -> Void
    ) async throws -> Account {
        let account = try await create(email: email, password: password)
        let user = admin.acting(as: account)
        defer { user.close() }
        do {
            try await createProfile(user, account)
        } catch {
            await delete(email: email)
            throw error
        }
        return account
    }
}
