import Hearth

/// The local stand-in for Firebase Auth's email/password accounts (CU-01, CU-03).
///
/// Accounts live in a database of their own, `accounts`, in the same data directory as the app's
/// data, and only this store's admin handle touches them: the security rules match nothing there,
/// so every client request to it is denied.
struct AccountStore: Sendable {
    /// The name of the database holding the accounts.
    static let databaseName = "accounts"
    /// The collection holding one document per account, keyed by normalized email.
    static let collection = "accounts"
    /// Letters and digits a uid is drawn from.
    private static let uidAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// An admin handle on the `accounts` database.
    let store: Firestore
    /// PBKDF2 rounds for new passwords.
    let iterations: Int

    /// Creates the account for `email` (already normalized) with a new uid.
    /// - Throws: `emailAlreadyInUse` when the email has an account.
    func create(email: String, password: String) async throws(RoomieFinderError) -> Account {
        let reference = store.collection(Self.collection).document(email)
        do {
            // A taken email is refused before spending a hash on it; the transaction checks again.
            if try await reference.getDocument().exists { throw RoomieFinderError.emailAlreadyInUse(email) }
        } catch {
            throw RoomieFinderError(error)
        }
        // Hash before the transaction: its block may run more than once.
        let record = AccountRecord(
            uid: Self.newUID(), email: email, password: .make(password: password, iterations: iterations))
        do {
            try await store.runTransaction { transaction in
                guard try !transaction.getDocument(reference).exists else {
                    throw RoomieFinderError.emailAlreadyInUse(email)
                }
                transaction.setData(from: record, forDocument: reference)
            }
        } catch {
            throw RoomieFinderError(error)
        }
        return record.account
    }

    /// The account whose email and password match.
    /// - Throws: `wrongCredentials` for an unknown email or a wrong password, alike.
    func verify(email: String, password: String) async throws(RoomieFinderError) -> Account {
        let record: AccountRecord?
        do {
            record = try await store.collection(Self.collection).document(email).decoded(as: AccountRecord.self)
        } catch {
            throw RoomieFinderError(error)
        }
        guard let record else {
            // Spend the same work as a real check, so timing does not reveal unknown emails.
            _ = PasswordHash.make(password: password, iterations: iterations)
            throw .wrongCredentials
        }
        guard record.password.matches(password) else { throw .wrongCredentials }
        return record.account
    }

    /// Deletes the account of `email` (used to undo a registration whose profile write failed).
    func delete(email: String) async {
        try? await store.collection(Self.collection).document(email).delete()
    }

    /// A new random uid.
    private static func newUID() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<28).map { _ in uidAlphabet[Int.random(in: 0..<uidAlphabet.count, using: &generator)] })
    }
}
