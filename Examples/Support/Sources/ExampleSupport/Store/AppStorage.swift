public import Hearth

/// What every example app's backend opens: admin access to the app's database with its security
/// rules installed, and the Auth client of the same directory.
public struct AppStorage: Sendable {
    /// Admin access to the app's database (the rules do not judge it).
    public let admin: Firestore
    /// The accounts: Hearth's Auth on the same directory (`<directory>/auth`).
    public let accounts: AppAuth

    /// Opens (creating when needed) `directory` for `projectID` with `options`, installs `rules`
    /// and opens the Auth account store hashing passwords with `passwordIterations` rounds.
    /// - Throws: the store's error when the directory cannot be opened or the rules do not compile.
    public init(
        directory: String, projectID: String, options: EngineOptions, rules: String, passwordIterations: Int
    ) throws {
        let admin = try Firestore(directory: directory, projectID: projectID, options: options)
        do {
            try admin.loadSecurityRules(source: rules)
            accounts = try AppAuth(directory: directory, projectID: projectID, passwordRounds: passwordIterations)
        } catch {
            admin.close()
            throw error
        }
        self.admin = admin
    }
}
