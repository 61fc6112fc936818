package import HearthCore

/// One document as an export file holds it: its database as the key names it, its path, its fields.
package struct ExportedEntity: Sendable, Equatable {
    /// The project named by the key's application id (`s~p`, `dev~p`), or nil when it has none.
    package var project: String?
    /// The database id (`(default)` when the key names none).
    package var database: String
    /// The document's path.
    package var key: DocumentKey
    /// The document's fields.
    package var fields: [String: Value]

    /// Creates an entity.
    package init(project: String?, database: String, key: DocumentKey, fields: [String: Value]) {
        self.project = project
        self.database = database
        self.key = key
        self.fields = fields
    }

    /// The project of an application id: what follows `~` (`s~proj` → `proj`), or the id itself.
    package static func project(fromApp app: String) -> String? {
        guard !app.isEmpty else { return nil }
        if let tilde = app.firstIndex(of: "~") { return String(app[app.index(after: tilde)...]) }
        return app
    }
}
