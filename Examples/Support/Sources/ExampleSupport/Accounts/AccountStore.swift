public import Hearth

/// The local stand-in for Firebase Auth's email/password accounts, shared by the example apps.
///
/// Accounts live in a database of their own, `accounts`, in the same data directory as the app's
/// data, and only this store's admin handle touches them: an app's security rules match nothing
/// there, so every client request to it is denied.
public struct AccountStore: Sendable {
    /// The name of the database holding the accounts.
    public static let databaseName = "accounts"
    /// The collection holding one document per account, keyed by normalized email.
    public static let collection = "accounts"
    /// Letters and digits a uid is drawn from.
    private static let uidAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// An admin handle on the `accounts` database.
    public let store: Firestore
    /// PBKDF2 rounds for new passwords.
    public let iterations: Int

    /// A store over `store` (an admin handle on the accounts database) hashing with `iterations` rounds.
    public init(store: Firestore, iterations: Int) {
        self.store = store
        self.iterations = iterations
    }

    /// The accounts database of the data directory `admin` works on, hashing with `iterations` rounds.
    /// - Throws: `FirestoreError` when the database cannot be opened.
    public init(openingBeside admin: Firestore, iterations: Int) throws {
        self.init(store: try admin.database(database: Self.databaseName), iterations: iterations)
    }

    /// Creates the account for `email` (already normalized) with a new uid.
    /// - Throws: `AccountError.emailAlreadyInUse` when the email has an account; `FirestoreError`
    ///   when the store fails.
    public func create(email: String, password: String) async throws -> Account {
        let reference = store.collection(Self.collection).document(email)
        // A taken email is refused before spending a hash on it; the transaction checks again.
        if try await reference.getDocument().exists { throw AccountError.emailAlreadyInUse(email) }
        // Hash before the transaction: its block may run more than once.
        let record = AccountRecord(
            uid: Self.newUID(), email: email, password: .make(password: password, iterations: iterations))
        try await store.runTransaction { transaction in
            guard try !transaction.getDocument(reference).exists else {
                throw AccountError.emailAlreadyInUse(email)
            }
            transaction.setData(from: record, forDocument: reference)
        }
        return record.account
    }

    /// The account whose email and password match.
    /// - Throws: `AccountError.wrongCredentials` for an unknown email or a wrong password, alike;
    ///   `FirestoreError` when the store fails.
    public func verify(email: String, password: String) async throws -> Account {
        let snapshot = try await store.collection(Self.collection).document(email).getDocument()
        guard snapshot.exists else {
            // Spend the same work as a real check, so timing does not reveal unknown emails.
            _ = PasswordHash.make(password: password, iterations: iterations)
            throw AccountError.wrongCredentials
        }
        let record = try snapshot.data(as: AccountRecord.self)
        guard record.password.matches(password) else { throw AccountError.wrongCredentials }
        return record.account
    }

    /// Deletes the account of `email` (used to undo a registration whose profile write failed).
    public func delete(email: String) async {
        try? await store.collection(Self.collection).document(email).delete()
    }

    /// A new random uid.
    private static func newUID() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<28).map { _ in uidAlphabet[Int.random(in: 0..<uidAlphabet.count, using: &generator)] })
    }
}
