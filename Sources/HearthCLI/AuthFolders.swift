import Foundation
import HearthAuth

/// The Auth half of an Emulator Suite export folder: `auth_export/accounts.json` and `config.json`
/// beside `firestore_export/`, named in `firebase-export-metadata.json` under `auth`.
enum AuthFolders {
    /// The project accounts go to when none is named (the Auth emulator's default on `hearth serve`).
    static let fallbackProject = "demo-hearth"

    /// Imports `<path>/auth_export` into `project`'s accounts in the data directory, when the folder
    /// has one; returns how many accounts landed (nil when there was no `auth_export`).
    /// - Throws: `AuthError` for unreadable files or records (nothing is written then).
    static func importIfPresent(from path: String, dataDirectory: String, project: String?) throws -> Int? {
        let folder = URL(fileURLWithPath: path).appendingPathComponent("auth_export")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else { return nil }
        let store = AuthStore.acquire(directory: authDirectory(dataDirectory))
        defer { store.release() }
        return try AuthService(store: store).importFolder(folder, project: project ?? fallbackProject)
    }

    /// Writes `project`'s accounts as `<path>/auth_export` and names it in the folder's metadata file;
    /// returns how many accounts were written (nothing is written for a project without accounts).
    static func export(to path: String, dataDirectory: String, project: String?) throws -> Int {
        let directory = authDirectory(dataDirectory)
        guard FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent("data.mdb")) else { return 0 }
        let store = AuthStore.acquire(directory: directory)
        defer { store.release() }
        let service = AuthService(store: store)
        let chosen = project ?? fallbackProject
        let count = try service.perform(
            .query, caller: AuthCaller(project: chosen, privileged: true), body: ["returnUserInfo": false])["recordsCount"]?
            .integer ?? 0
        guard count > 0 else { return 0 }
        let root = URL(fileURLWithPath: path)
        try service.export(project: chosen, toFolder: root.appendingPathComponent("auth_export"))
        let metadataURL = root.appendingPathComponent("firebase-export-metadata.json")
        let existing = (try? Data(contentsOf: metadataURL)).flatMap { try? AuthJSON.parse($0) } ?? [:]
        let metadata = existing.with("auth", ["version": "hearth", "path": "auth_export"])
        try metadata.data.write(to: metadataURL, options: .atomic)
        return Int(count)
    }

    /// Where the account store of a data directory lives.
    static func authDirectory(_ dataDirectory: String) -> String { (dataDirectory as NSString).appendingPathComponent("auth") }
}
