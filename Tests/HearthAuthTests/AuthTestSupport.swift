import Foundation
import HearthAuth
import Synchronization

/// A clock the tests move by hand (milliseconds since 1970).
final class ManualMilliseconds: Sendable {
    private let value: Mutex<Int64>
    init(_ start: Int64 = 1_800_000_000_000) { value = Mutex(start) }
    var now: Int64 { value.withLock { $0 } }
    func advance(seconds: Int64) { value.withLock { $0 += seconds * 1000 } }
    func advance(milliseconds: Int64) { value.withLock { $0 += milliseconds } }
}

/// A fresh account store in a temporary directory, with a manual clock and cheap password hashes.
struct AuthFixture {
    let directory: URL
    let clock = ManualMilliseconds()
    let service: AuthService
    static let project = "demo-auth"
    let app = AuthCaller(project: AuthFixture.project, privileged: false)
    let admin = AuthCaller(project: AuthFixture.project, privileged: true)

    init(directory: URL? = nil) throws {
        self.directory = directory ?? FileManager.default.temporaryDirectory.appendingPathComponent("hearth-auth-\(UUID().uuidString)")
        let store = AuthStore.acquire(directory: self.directory.path)
        let clock = self.clock
        service = AuthService(store: store, hasher: PasswordHasher(rounds: 2), now: { clock.now })
    }

    func close() { service.store.release() }

    /// Runs an app call.
    func app(_ operation: AuthOperation, _ body: AuthJSON) throws(AuthError) -> AuthJSON {
        try service.perform(operation, caller: app, body: body)
    }

    /// Runs an admin call.
    func admin(_ operation: AuthOperation, _ body: AuthJSON) throws(AuthError) -> AuthJSON {
        try service.perform(operation, caller: admin, body: body)
    }

    /// The message of the error `body` throws, or nil when it succeeds.
    func failure(_ body: () throws -> AuthJSON) -> String? {
        do {
            _ = try body()
            return nil
        } catch let error as AuthError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    /// The claims of an ID token.
    static func claims(_ token: String?) -> [String: AuthJSON] {
        guard let token else { return [:] }
        let part = token.split(separator: ".", omittingEmptySubsequences: false)[1]
        var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while text.count % 4 != 0 { text += "=" }
        return (try? AuthJSON.parse(Data(base64Encoded: text) ?? Data()))?.fields ?? [:]
    }
}
