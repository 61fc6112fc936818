public import Foundation

/// Where the repository and the shared folder beside it are, found from this file's location.
public enum RepositoryPaths {
    /// The repository root (…/Tests/HearthTestSupport/RepositoryPaths.swift → three levels up).
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `specs/cases` inside the repository.
    public static let specCases = root.appendingPathComponent("specs/cases")

    /// Google's conformance vectors in `../shared`, or nil when that folder is absent (a user's clone).
    public static var conformanceVectors: URL? {
        let url = root.deletingLastPathComponent().appendingPathComponent("shared/conformance/firestore-v1")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
}
