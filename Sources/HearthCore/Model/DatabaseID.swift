/// Names one Firestore database: a project and a database id (`(default)` unless named).
/// One Hearth data directory holds any number of them.
public struct DatabaseID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The project id, e.g. `demo-roomiefinder`.
    public let project: String
    /// The database id, `(default)` or a named database such as `system-tests-named-db`.
    public let database: String

    /// The id of every project's default database.
    public static let defaultDatabase = "(default)"

    /// Creates a database id, validating both parts.
    ///
    /// Project ids may be any non-empty string of letters, digits, `-`, `_` and `.` (the emulator
    /// accepts arbitrary project ids; Hearth only forbids what would break resource names).
    /// Database ids follow Firestore: `(default)`, or 4–63 characters of `[a-z0-9-]`, starting
    /// with a letter and ending with a letter or digit.
    public init(project: String, database: String = DatabaseID.defaultDatabase) throws(FirestoreError) {
        guard !project.isEmpty, project.utf8.count <= 100,
              project.utf8.allSatisfy({ DatabaseID.isProjectByte($0) }) else {
            throw FirestoreError(.invalidArgument, "Invalid project id '\(project)'.")
        }
        guard DatabaseID.isValidDatabaseName(database) else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid database id '\(database)': it must be '(default)' or 4-63 characters of "
                    + "lowercase letters, digits and hyphens, starting with a letter and ending with a "
                    + "letter or digit.")
        }
        self.project = project
        self.database = database
    }

    /// Creates an id from parts already validated (decoded from storage).
    package init(uncheckedProject project: String, database: String) {
        self.project = project
        self.database = database
    }

    /// `projects/{project}/databases/{database}`.
    public var resourceName: String { "projects/\(project)/databases/\(database)" }

    /// `projects/{project}/databases/{database}/documents`, the parent of every document name.
    public var documentsRoot: String { resourceName + "/documents" }

    /// The resource name.
    public var description: String { resourceName }

    /// Orders by project, then database (UTF-8 byte order).
    public static func < (lhs: DatabaseID, rhs: DatabaseID) -> Bool {
        if lhs.project != rhs.project { return UTF8KeyOrder.precedes(lhs.project, rhs.project) }
        return UTF8KeyOrder.precedes(lhs.database, rhs.database)
    }

    private static func isProjectByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
            || b == 0x2D || b == 0x5F || b == 0x2E
    }

    private static func isValidDatabaseName(_ name: String) -> Bool {
        if name == defaultDatabase { return true }
        let bytes = Array(name.utf8)
        guard bytes.count >= 4, bytes.count <= 63 else { return false }
        func isLower(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        guard let first = bytes.first, let last = bytes.last, isLower(first), isLower(last) || isDigit(last)
        else { return false }
        return bytes.allSatisfy { isLower($0) || isDigit($0) || $0 == 0x2D }
    }
}
