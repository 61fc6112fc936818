import ExampleSupport
import Foundation
import Hearth

/// The trusted side of the app — what Firebase would run as Cloud Functions or the Admin SDK:
/// the admin handle, which the rules do not judge, the account store and the keyword notifier.
public struct Backend: Sendable {
    /// Admin access to the app's database.
    let admin: Firestore
    /// The accounts (Hearth Auth on the same data directory).
    let accounts: AppAuth
    /// UC23's notifier, writing with `admin` (started when the app opens).
    let notifier: KeywordNotifier

    /// The backend of the store `admin` and `accounts` open.
    init(admin: Firestore, accounts: AppAuth) {
        self.admin = admin
        self.accounts = accounts
        notifier = KeywordNotifier(admin: admin)
    }

    /// Creates the administrator from `seed` unless an administrator exists: the account, then
    /// `Users/{uid}` with type `Admin` and the user-name claim, written with admin access (no
    /// client may create an administrator). Returns the administrator's uid.
    func ensureAdministrator(_ seed: AdministratorSeed) async throws -> String {
        let existing = try await admin.collection(Collections.users).whereField("type", isEqualTo: UserType.admin.rawValue)
            .limit(to: 1).getDocuments()
        if let first = existing.documents.first { return first.documentID }
        let email = try FieldCheck.email(seed.email)
        let username = try FieldCheck.username(seed.username)
        let account: Account
        do {
            account = try await accounts.createAccount(email: email, password: seed.password)
        } catch AccountError.emailAlreadyInUse {
            account = try await accounts.signIn(email: email, password: seed.password)
        }
        let profile = MedspaceUser(
            username: username, fullname: seed.fullname, type: .admin, email: email, notifications: true)
        let batch = admin.batch()
        batch.setData(from: profile, forDocument: admin.collection(Collections.users).document(account.uid))
        batch.setData(
            ["uid": account.uid], forDocument: admin.collection(Collections.usernames).document(profile.usernameKey))
        try await batch.commit()
        return account.uid
    }

    /// How many documents each part of the data model holds.
    func statistics() async throws(MedspaceError) -> StoreStatistics {
        return try await MedspaceError.mapping {
            var posts: [PostKind: Int] = [:]
            for kind in PostKind.allCases { posts[kind] = try await admin.collection(kind.collection).documentCount() }
            // Keywords and notifications share the collection id `items`; only keywords have `firstWord`.
            let items = try await admin.collectionGroup(Collections.items).documentCount()
            let keywords = try await admin.collectionGroup(Collections.items)
                .whereField("firstWord", isGreaterThan: "").documentCount()
            return StoreStatistics(
                accounts: try accounts.accountCount(),
                users: try await admin.collection(Collections.users).documentCount(),
                posts: posts,
                comments: try await admin.collectionGroup(Collections.comments).documentCount(),
                keywords: keywords,
                notifications: items - keywords)
        }
    }
}

/// Document counts of a data directory.
public struct StoreStatistics: Sendable, Equatable {
    /// Accounts in the account store.
    public let accounts: Int
    /// `Users` documents.
    public let users: Int
    /// Posts per kind.
    public let posts: [PostKind: Int]
    /// Comments on every post.
    public let comments: Int
    /// Keywords of every user.
    public let keywords: Int
    /// Notifications of every user.
    public let notifications: Int
}
