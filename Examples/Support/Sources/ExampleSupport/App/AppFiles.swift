public import Foundation
public import Hearth

/// What an app ships beside its code, read from its target's resources: `firestore.rules` and,
/// when it declares indexes, `firestore.indexes.json` (the files a deployer uses, never copies).
public struct AppFiles: Sendable {
    /// The project id the app's data uses unless its configuration names another.
    public let defaultProjectID: String
    /// The text of `firestore.rules`.
    public let rules: String
    /// The text of `firestore.indexes.json`, or nil when the app ships none.
    public let indexes: String?

    /// The files of the app whose resources are in `bundle` (its `Bundle.module`).
    public init(defaultProjectID: String, bundle: Bundle, shipsIndexes: Bool) {
        self.defaultProjectID = defaultProjectID
        rules = ShippedFile.text("firestore.rules", in: bundle)
        indexes = shipsIndexes ? ShippedFile.text("firestore.indexes.json", in: bundle) : nil
    }

    /// Files given as text (a test's own rules, say).
    public init(defaultProjectID: String, rules: String, indexes: String? = nil) {
        self.defaultProjectID = defaultProjectID
        self.rules = rules
        self.indexes = indexes
    }

    /// The declared indexes, as Hearth's engine takes them (none when the app ships no file).
    /// - Throws: `FirestoreError` when the JSON is not a valid index file.
    public func indexConfiguration() throws -> IndexConfiguration {
        guard let indexes else { return IndexConfiguration() }
        return try IndexConfiguration(json: indexes)
    }

    /// The names of the shipped files whose text differs from the file of that name in `folder`
    /// (the app's folder, where `hearth serve` and deployers read them): empty when the code loads
    /// exactly what is deployed.
    public func mismatches(inFolder folder: URL) -> [String] {
        let shipped = [("firestore.rules", rules), ("firestore.indexes.json", indexes)]
        return shipped.compactMap { name, text in
            guard let text else { return nil }
            let onDisk = try? Data(contentsOf: folder.appendingPathComponent(name))
            return onDisk == Data(text.utf8) ? nil : name
        }
    }

    /// `mismatches(inFolder:)` for the app folder holding `file` (e.g. a test's `#filePath`): the
    /// nearest folder above it with a `firestore.rules`; every name when there is none.
    public func mismatches(inAppFolderOf file: String) -> [String] {
        var folder = URL(fileURLWithPath: file).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("firestore.rules").path) {
                return mismatches(inFolder: folder)
            }
            folder.deleteLastPathComponent()
        }
        return indexes == nil ? ["firestore.rules"] : ["firestore.rules", "firestore.indexes.json"]
    }
}
