import Foundation

/// One test of Google's conformance vectors, kept as JSON text so it can be a test argument.
package struct ConformanceVector: Sendable, CustomStringConvertible {
    /// The file's name without extension, e.g. `update-st-dot`.
    package let name: String
    /// The test kind: `create`, `set`, `update`, `updatePaths`, `delete`, `get`, `query`, `listen`.
    package let kind: String
    /// The kind's body as JSON.
    package let json: String
    /// The name, as tests are listed.
    package var description: String { name }

    /// Every test of the given kinds in `../shared/conformance/firestore-v1`, or none when absent;
    /// with `requiringRequest`, only tests that carry an expected `request`.
    package static func load(kinds: [String], requiringRequest: Bool = false) -> [ConformanceVector] {
        guard let folder = RepositoryPaths.conformanceVectors,
              let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        else { return [] }
        var result: [ConformanceVector] = []
        for file in files.sorted(by: { $0.path < $1.path }) where file.pathExtension == "json" {
            guard let data = try? Data(contentsOf: file),
                  let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  let tests = root["tests"] as? [[String: Any]] else { continue }
            for test in tests {
                for kind in kinds {
                    guard let body = test[kind] as? [String: Any], !requiringRequest || body["request"] != nil,
                          let text = try? JSONSerialization.data(withJSONObject: body) else { continue }
                    result.append(ConformanceVector(
                        name: file.deletingPathExtension().lastPathComponent, kind: kind,
                        json: String(decoding: text, as: UTF8.self)))
                }
            }
        }
        return result
    }
}
