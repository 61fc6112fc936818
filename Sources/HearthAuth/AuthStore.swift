import Foundation
import LMDB
import Synchronization

/// Where accounts live: an LMDB environment of its own (`<data directory>/auth`), one key space per
/// project. Writes are serialised by the environment's writer lock and run synchronously on the
/// calling thread (a handful per sign-in, never across an `await`).
///
/// The environment is opened (and `auth/` created) by the first read or write, so an emulator
/// that nobody signs in to never opens it: start-up does not pay for it.
public final class AuthStore: Sendable {
    private let directory: String
    private let durable: Bool
    private let state = Mutex<State>(.unopened)

    /// The environment's lifecycle.
    private enum State: Sendable {
        case unopened
        case open(Environment, AuthTables.Handles)
        case closed
    }

    /// The account store in `directory` (created when missing), opened on first use.
    public init(directory: String, durable: Bool = true) {
        self.directory = directory
        self.durable = durable
    }

    /// Runs `body` over a consistent snapshot of `project`'s accounts.
    func read<R>(_ project: String, _ body: (AuthTables) throws(AuthError) -> R) throws(AuthError) -> R {
        let (environment, tables) = try opened()
        return try run { try environment.read { transaction in try body(AuthTables(tables, project, transaction, nil)) } }
    }

    /// Runs `body` in one write transaction over `project`'s accounts: all of it lands or none.
    func write<R>(_ project: String, _ body: (AuthTables) throws(AuthError) -> R) throws(AuthError) -> R {
        let (environment, tables) = try opened()
        return try run {
            try environment.write { transaction in try body(AuthTables(tables, project, transaction, transaction)) }
        }
    }

    /// Opens the environment now rather than at the first read or write, for callers that want
    /// an unusable directory reported up front.
    /// - Throws: `INTERNAL` naming LMDB's complaint, or when the store is closed.
    public func prepare() throws(AuthError) {
        _ = try opened()
    }

    /// The environment and its tables, opening them the first time.
    /// - Throws: `INTERNAL` naming LMDB's complaint (for instance a directory open in this
    ///   process), or when the store is closed.
    private func opened() throws(AuthError) -> (Environment, AuthTables.Handles) {
        try state.withLock { state throws(AuthError) -> (Environment, AuthTables.Handles) in
            switch state {
            case .open(let environment, let tables):
                return (environment, tables)
            case .closed:
                throw .storage(LMDBError.environmentClosed)
            case .unopened:
                do {
                    let environment = try Environment(
                        path: directory, options: EnvironmentOptions(mapSize: 64 << 20, maxDatabases: 8, durable: durable))
                    let handles = try environment.openDatabases(["users", "emails", "oob-codes", "configs"])
                    let tables = AuthTables.Handles(users: handles[0], emails: handles[1], oobCodes: handles[2], configs: handles[3])
                    state = .open(environment, tables)
                    return (environment, tables)
                } catch {
                    throw .storage(error)
                }
            }
        }
    }

    /// Closes the environment if it was opened (further calls fail with `INTERNAL`).
    public func close() {
        let previous = state.withLock { state -> State in
            defer { state = .closed }
            return state
        }
        if case .open(let environment, _) = previous { environment.close() }
    }

    /// Open stores by canonical path with their share counts (LMDB allows one environment per
    /// file per process, so the server and embedded `Auth` instances in one process share it).
    private static let shared = Mutex<[String: (store: AuthStore, shares: Int)]>([:])

    /// A share of the store in `directory`. The environment itself opens on first use, so an
    /// unusable directory surfaces as `INTERNAL` on the first read or write.
    public static func acquire(directory: String, durable: Bool = true) -> AuthStore {
        let path = URL(fileURLWithPath: directory).standardizedFileURL.path
        return shared.withLock { table -> AuthStore in
            if let entry = table[path] {
                table[path] = (entry.store, entry.shares + 1)
                return entry.store
            }
            let store = AuthStore(directory: path, durable: durable)
            table[path] = (store, 1)
            return store
        }
    }

    /// Gives back a share from `acquire`; the last one closes the store.
    public func release() {
        let last = Self.shared.withLock { table -> Bool in
            guard let (key, entry) = table.first(where: { $0.value.store === self }) else { return true }
            if entry.shares > 1 {
                table[key] = (entry.store, entry.shares - 1)
                return false
            }
            table[key] = nil
            return true
        }
        if last { close() }
    }

    private func run<R>(_ body: () throws -> R) throws(AuthError) -> R { try AuthError.catching(body) }
}

/// The settings the Auth emulator keeps per project (`GET/PATCH /emulator/v1/projects/{p}/config`).
struct AuthConfig: Codable, Sendable, Equatable {
    /// `signIn.allowDuplicateEmails`.
    var allowDuplicateEmails = false
    /// `emailPrivacyConfig.enableImprovedEmailPrivacy`: sign-in failures stop saying whether the address exists.
    var enableImprovedEmailPrivacy = false

    /// The defaults (both off).
    init() {}

    /// The wire shape.
    var json: AuthJSON {
        [
            "signIn": ["allowDuplicateEmails": .bool(allowDuplicateEmails)],
            "emailPrivacyConfig": ["enableImprovedEmailPrivacy": .bool(enableImprovedEmailPrivacy)],
        ]
    }
}

/// An out-of-band code a real project would have e-mailed (password reset, verification, sign-in link).
struct OOBCode: Codable, Sendable, Equatable {
    /// The code (54 characters of `[A-Za-z0-9_-]`).
    var code: String
    /// `PASSWORD_RESET`, `VERIFY_EMAIL`, `EMAIL_SIGNIN` or `VERIFY_AND_CHANGE_EMAIL`.
    var requestType: String
    /// The address it was sent to.
    var email: String
    /// The new address of a change-e-mail code.
    var newEmail: String?
    /// The link the e-mail would hold.
    var link: String
    /// Creation order.
    var sequence: Int64

    /// The wire shape of `GET …/oobCodes`.
    var json: AuthJSON {
        ["email": .string(email), "requestType": .string(requestType), "oobCode": .string(code), "oobLink": .string(link),
         "newEmail": newEmail.map { .string($0) }]
    }
}

/// One project's tables inside a transaction.
struct AuthTables {
    /// The store's table handles.
    struct Handles: Sendable {
        let users: Database
        let emails: Database
        let oobCodes: Database
        let configs: Database
    }

    private let handles: Handles
    private let prefix: [UInt8]
    private let reader: ReadTransaction
    private let writer: WriteTransaction?

    init(_ handles: Handles, _ project: String, _ reader: ReadTransaction, _ writer: WriteTransaction?) {
        self.handles = handles
        self.prefix = Array(project.utf8) + [0]
        self.reader = reader
        self.writer = writer
    }

    private func key(_ id: String) -> [UInt8] { prefix + Array(id.utf8) }
    private var end: [UInt8] { Array(prefix.dropLast()) + [1] }

    private func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8]?) throws -> T? {
        guard let bytes else { return nil }
        return try JSONDecoder().decode(type, from: Data(bytes))
    }

    private func encode<T: Encodable>(_ value: T) throws -> [UInt8] { Array(try JSONEncoder().encode(value)) }

    private func mutable() throws(AuthError) -> WriteTransaction {
        guard let writer else { throw .storage("a read transaction cannot change accounts") }
        return writer
    }

    // MARK: Users

    /// The account with uid `id`.
    func user(_ id: String) throws -> AuthUser? { try decode(AuthUser.self, try reader.get(key(id), in: handles.users)) }

    /// The uid of the account with `email` (lower-cased).
    func userID(email: String) throws -> String? {
        try reader.get(key(email), in: handles.emails).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The account with `email`.
    func user(email: String) throws -> AuthUser? { try userID(email: email).flatMap { try user($0) } }

    /// Up to `limit` accounts in uid order after `after` (all when `limit` is nil).
    func users(after: String? = nil, limit: Int? = nil) throws -> [AuthUser] {
        var found: [AuthUser] = []
        let start = after.map { key($0) + [0] } ?? prefix
        try reader.scan(in: handles.users, from: start, to: end) { _, value in
            found.append(try JSONDecoder().decode(AuthUser.self, from: Data(value)))
            return limit.map { found.count < $0 } ?? true
        }
        return found
    }

    /// How many accounts the project has.
    func userCount() throws -> Int {
        var count = 0
        try reader.scan(in: handles.users, from: prefix, to: end) { _, _ in
            count += 1
            return true
        }
        return count
    }

    /// Stores `user`, keeping the e-mail index in step with the stored version.
    func put(_ user: AuthUser) throws {
        let writer = try mutable()
        let old = try self.user(user.localID)
        if let oldEmail = old?.email, oldEmail != user.email, try userID(email: oldEmail) == user.localID {
            _ = try writer.delete(key(oldEmail), in: handles.emails)
        }
        if let email = user.email { try writer.put(Array(user.localID.utf8), forKey: key(email), in: handles.emails) }
        try writer.put(try encode(user), forKey: key(user.localID), in: handles.users)
    }

    /// Deletes the account `id` (and its e-mail entry); false when there was none.
    @discardableResult
    func deleteUser(_ id: String) throws -> Bool {
        let writer = try mutable()
        guard let old = try user(id) else { return false }
        if let email = old.email, try userID(email: email) == id { _ = try writer.delete(key(email), in: handles.emails) }
        return try writer.delete(key(id), in: handles.users)
    }

    /// Deletes every account of the project (codes and settings stay, as on the Auth emulator).
    func deleteAllUsers() throws {
        let writer = try mutable()
        _ = try writer.deleteRange(in: handles.users, from: prefix, to: end)
        _ = try writer.deleteRange(in: handles.emails, from: prefix, to: end)
    }

    // MARK: Codes

    /// Every out-of-band code of the project in creation order.
    func oobCodes() throws -> [OOBCode] {
        var found: [OOBCode] = []
        try reader.scan(in: handles.oobCodes, from: prefix, to: end) { _, value in
            found.append(try JSONDecoder().decode(OOBCode.self, from: Data(value)))
            return true
        }
        return found.sorted { $0.sequence < $1.sequence }
    }

    /// The code `code`.
    func oobCode(_ code: String) throws -> OOBCode? { try decode(OOBCode.self, try reader.get(key(code), in: handles.oobCodes)) }

    /// Stores a code.
    func put(_ code: OOBCode) throws { try mutable().put(try encode(code), forKey: key(code.code), in: handles.oobCodes) }

    /// Uses up a code.
    func consume(_ code: String) throws { _ = try mutable().delete(key(code), in: handles.oobCodes) }

    // MARK: Settings

    /// The project's settings.
    func config() throws -> AuthConfig {
        try decode(AuthConfig.self, try reader.get(prefix, in: handles.configs)) ?? AuthConfig()
    }

    /// Replaces the project's settings.
    func setConfig(_ config: AuthConfig) throws { try mutable().put(try encode(config), forKey: prefix, in: handles.configs) }

    /// The next number of a per-project counter kept beside the settings.
    func nextSequence() throws -> Int64 {
        let counterKey = prefix + Array("#sequence".utf8)
        let current = try reader.get(counterKey, in: handles.configs).flatMap { Int64(String(decoding: $0, as: UTF8.self)) } ?? 0
        try mutable().put(Array(String(current + 1).utf8), forKey: counterKey, in: handles.configs)
        return current + 1
    }
}

extension AuthError {
    /// Runs `body`, passing its `AuthError`s through and turning any other error into `INTERNAL`.
    static func catching<R>(_ body: () throws -> R) throws(AuthError) -> R {
        do {
            return try body()
        } catch let error as AuthError {
            throw error
        } catch {
            throw .storage(error)
        }
    }

    /// A storage failure described in words.
    static func storage(_ text: String) -> AuthError {
        AuthError(httpStatus: 500, message: "INTERNAL : \(text)", status: "INTERNAL", reason: "backendError")
    }
}
