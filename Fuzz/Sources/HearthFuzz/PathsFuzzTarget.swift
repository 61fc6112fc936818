import Foundation
import FirestoreWire
import HearthCore

/// Document paths, resource names and field paths: each parser accepts or refuses with a Firestore
/// error, and what it accepts comes back unchanged from its canonical text (a round trip).
enum PathsFuzzTarget {
    /// Runs one input.
    static func run(_ input: Data) -> String? {
        let text = String(decoding: input, as: UTF8.self)
        return fieldPaths(text) ?? resourcePaths(text) ?? resourceNames(text)
    }

    /// Field paths in the server's (backquoted) and the SDKs' dotted syntax.
    static func fieldPaths(_ text: String) -> String? {
        for parsed in [try? FieldPath(serverFormat: text), try? FieldPath(dotted: text)] {
            guard let path = parsed else { continue }
            guard let again = try? FieldPath(serverFormat: path.canonicalString) else {
                return "field path \(path.segments) prints as \(path.canonicalString), which does not parse"
            }
            if again.segments != path.segments {
                return "field path \(path.segments) prints as \(path.canonicalString), read back as \(again.segments)"
            }
        }
        return nil
    }

    /// Slash-separated paths and document keys.
    static func resourcePaths(_ text: String) -> String? {
        if let path = try? ResourcePath(validating: text) {
            guard let again = try? ResourcePath(validating: path.canonicalString), again.segments == path.segments else {
                return "resource path \(path.segments) does not survive its canonical string"
            }
        }
        if let key = try? DocumentKey(validating: text), let database = try? DatabaseID(project: "fuzz") {
            let name = key.resourceName(in: database)
            guard let (readDatabase, readKey) = try? DocumentKey.parse(resourceName: name),
                  readDatabase == database, readKey.path.segments == key.path.segments
            else { return "document key \(key.path.segments) does not survive its resource name \(name)" }
        }
        return nil
    }

    /// Full resource names (`projects/p/databases/d/documents/…`) as the wire mapping reads them.
    static func resourceNames(_ text: String) -> String? {
        _ = try? ResourceName.database(text)
        _ = try? ResourceName.parent(text)
        if let (database, key) = try? ResourceName.document(text) {
            let name = key.resourceName(in: database)
            guard let (readDatabase, readKey) = try? ResourceName.document(name),
                  readDatabase == database, readKey.path.segments == key.path.segments
            else { return "document name \(text) does not survive its canonical form \(name)" }
        }
        return nil
    }
}
