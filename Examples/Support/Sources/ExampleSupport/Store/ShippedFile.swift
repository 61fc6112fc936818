public import Foundation

/// A file an app ships beside its code — `firestore.rules`, `firestore.indexes.json` — read from
/// the app target's SwiftPM resources, so the code loads the very file a deployer uses.
public enum ShippedFile {
    /// The text of resource `name` in `bundle` (the app target's `Bundle.module`). A build
    /// without its resources gives a comment saying so, which Hearth then refuses to load as rules
    /// or indexes (a clear error at start-up, never an app running without its rules).
    public static func text(_ name: String, in bundle: Bundle) -> String {
        guard let url = bundle.url(forResource: name, withExtension: nil), let data = try? Data(contentsOf: url),
            let text = String(data: data, encoding: .utf8)
        else {
            return "// \(name) is missing from \(bundle.bundlePath): the app was built without its resources.\n"
        }
        return text
    }
}
