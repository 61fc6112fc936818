public import Hearth

/// What every example app's backend opens: admin access to the app's database with its security
/// rules installed, and the local account store beside it.
public struct AppStorage: Sendable {
    /// Admin access to the app's database (the rules do not judge it).
    public let admin: Firestore
    /// The local accounts, in their own database of the same directory.
    public let accounts: AccountStore

    /// Opens (creating when needed) `directory` for `projectID` with `options`, installs `rules`
    /// and opens the account store hashing passwords with `passwordIterations`.
    /// - Throws: the store's error when the directory cannot be opened or the rules do not compile.
    public init(
        directory: String, projectID: String, options: EngineOptions, rules: String, passwordIterations: Int
    ) throws {
        let admin = try Firestore(directory: directory, projectID: projectID, options: options)
        do {
            try admin.loadSecurityRules(source: rules)
            accounts = try AccountStore(openingBeside: admin, iterations: passwordIterations)
        } catch {
            admin.close()
            throw error
        }
        self.admin = admin
    }
}
