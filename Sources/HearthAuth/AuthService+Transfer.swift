public import Foundation

extension AuthService {
    /// The Emulator Suite's `auth_export` files of `project`: `accounts.json` (every account, hashes
    /// in Hearth's re-importable form) and `config.json`.
    public func exportFiles(project: String) throws(AuthError) -> (accounts: Data, config: Data) {
        let caller = AuthCaller(project: project, privileged: true)
        let (users, config) = try read(caller) { tables in (try tables.users(), try tables.config()) }
        let accounts: AuthJSON = [
            "kind": "identitytoolkit#DownloadAccountResponse", "users": .array(users.map { $0.wire(exporting: true) }),
        ]
        return (accounts.data, config.json.data)
    }

    /// Writes `project`'s accounts as an `auth_export` folder inside `directory`.
    public func export(project: String, toFolder directory: URL) throws(AuthError) {
        let files = try exportFiles(project: project)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try files.accounts.write(to: directory.appendingPathComponent("accounts.json"), options: .atomic)
            try files.config.write(to: directory.appendingPathComponent("config.json"), options: .atomic)
        } catch {
            throw .storage("cannot write \(directory.path): \(error)")
        }
    }

    /// Imports an `auth_export` folder (as Google's emulator or Hearth wrote it) into `project`:
    /// `config.json` replaces the settings, `accounts.json` adds or replaces accounts. Returns how many
    /// accounts landed.
    /// - Throws: `INVALID_ARGUMENT` for unreadable files or records, before anything is written.
    @discardableResult
    public func importFolder(_ directory: URL, project: String) throws(AuthError) -> Int {
        let caller = AuthCaller(project: project, privileged: true)
        let configURL = directory.appendingPathComponent("config.json")
        let accountsURL = directory.appendingPathComponent("accounts.json")
        let config = FileManager.default.fileExists(atPath: configURL.path) ? try Self.load(configURL) : nil
        let accounts = FileManager.default.fileExists(atPath: accountsURL.path) ? try Self.load(accountsURL) : nil
        let records = accounts?["users"]?.elements ?? []
        if !records.isEmpty {
            do throws(AuthError) {
                _ = try importUsers(records, allowOverwrite: true, keepTimes: true, atomic: true, caller: caller)
            } catch {
                throw AuthError(httpStatus: 400, message: "\(accountsURL.path): \(error.message)", status: "INVALID_ARGUMENT")
            }
        }
        if let config { _ = try perform(.updateConfig, caller: caller, body: config) }
        return records.count
    }

    private static func load(_ url: URL) throws(AuthError) -> AuthJSON {
        let data: Data
        do { data = try Data(contentsOf: url) } catch { throw .storage("cannot read \(url.path): \(error)") }
        do throws(AuthError) {
            return try AuthJSON.parse(data)
        } catch {
            throw AuthError(httpStatus: 400, message: "\(url.path) is not JSON.", status: "INVALID_ARGUMENT")
        }
    }
}
