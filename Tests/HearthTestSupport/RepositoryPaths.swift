package import Foundation

/// Where the repository and the shared folder beside it are, found from this file's location.
package enum RepositoryPaths {
    /// The repository root (…/Tests/HearthTestSupport/RepositoryPaths.swift → three levels up).
    package static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `specs/cases` inside the repository.
    package static let specCases = root.appendingPathComponent("specs/cases")

    /// Google's conformance vectors in `../shared`, or nil when that folder is absent (a user's clone).
    package static var conformanceVectors: URL? {
        let url = root.deletingLastPathComponent().appendingPathComponent("shared/conformance/firestore-v1")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// An executable of this package, built beside the test bundle: next to `HEARTH_BIN` when set
    /// (`make test` sets it), else in `.build/debug`; nil when it was not built.
    package static func builtExecutable(named name: String) -> String? {
        let folder: URL
        if let hearth = ProcessInfo.processInfo.environment["HEARTH_BIN"] {
            folder = URL(fileURLWithPath: hearth).deletingLastPathComponent()
        } else {
            folder = root.appendingPathComponent(".build/debug")
        }
        let path = folder.appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}
