import Foundation
package import HearthCore

/// Finds the output files of an export on disk, whichever of the layouts Google's tools write:
/// an emulator folder (`firebase-export-metadata.json` + `firestore_export/`), a `gcloud` export
/// folder (`<name>.overall_export_metadata` + `all_namespaces/all_kinds/` or `kind_<id>/` folders),
/// or a JSON Lines file.
package enum ExportLayout {
    /// What a path holds.
    package enum Kind: Sendable, Equatable {
        /// A Firestore export: these output files, in order.
        case firestore(outputFiles: [String])
        /// One JSON Lines file.
        case jsonLines(String)
    }

    /// The emulator's top-level metadata file.
    package static let emulatorMetadataName = "firebase-export-metadata.json"
    /// The suffix of a `gcloud` export's overall metadata file.
    package static let overallSuffix = ".overall_export_metadata"

    /// Detects the layout at `path`.
    /// - Throws: `NOT_FOUND` when nothing importable is there; `DATA_LOSS` for damaged metadata.
    package static func detect(_ path: String) throws(FirestoreError) -> Kind {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        guard files.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TransferError.at(path, offset: nil, .notFound, "no such file or folder.")
        }
        guard isDirectory.boolValue else {
            if path.hasSuffix(overallSuffix) {
                return .firestore(outputFiles: try outputFiles(overall: path))
            }
            return .jsonLines(path)
        }
        let emulatorMetadata = (path as NSString).appendingPathComponent(emulatorMetadataName)
        if files.fileExists(atPath: emulatorMetadata) {
            return try detect((path as NSString).appendingPathComponent(portable(try firestoreFolder(emulatorMetadata))))
        }
        let entries = (try? files.contentsOfDirectory(atPath: path)) ?? []
        if let overall = entries.sorted().first(where: { $0.hasSuffix(overallSuffix) }) {
            return .firestore(outputFiles: try outputFiles(overall: (path as NSString).appendingPathComponent(overall)))
        }
        throw TransferError.at(
            path, offset: nil, .notFound,
            "no \(emulatorMetadataName) or *\(overallSuffix) here; pass an emulator export folder, a Firestore export folder or a .jsonl file.")
    }

    /// The Firestore folder an emulator metadata file names (`firestore.path`).
    private static func firestoreFolder(_ metadataPath: String) throws(FirestoreError) -> String {
        struct Metadata: Decodable {
            struct Firestore: Decodable { var path: String? }
            var firestore: Firestore?
        }
        do {
            let metadata = try JSONDecoder().decode(Metadata.self, from: Data(contentsOf: URL(fileURLWithPath: metadataPath)))
            guard let folder = metadata.firestore?.path else {
                throw TransferError.at(metadataPath, offset: nil, .notFound, "the export holds no Firestore data (no firestore.path).")
            }
            return folder
        } catch let error as FirestoreError {
            throw error
        } catch {
            throw TransferError.damaged(metadataPath, offset: nil, "not valid emulator metadata: \(error)")
        }
    }

    /// The output files listed by the kind metadata files an overall metadata file names.
    private static func outputFiles(overall: String) throws(FirestoreError) -> [String] {
        let root = (overall as NSString).deletingLastPathComponent
        var result: [String] = []
        for entry in try ExportMetadata.readOverall(overall) {
            let kindMetadata = (root as NSString).appendingPathComponent(portable(entry.metadataPath))
            let folder = (kindMetadata as NSString).deletingLastPathComponent
            for file in try ExportMetadata.readKind(kindMetadata) {
                result.append((folder as NSString).appendingPathComponent(portable(file)))
            }
        }
        return result
    }

    /// A path written inside an export's metadata with this system's separators: the Emulator
    /// Suite on Windows writes `all_namespaces\\all_kinds\\…` where other systems write `/`, and
    /// a seed folder committed to git travels between them. `\\` cannot occur in a name these
    /// exports write (kind folders are `all_kinds` or `kind_<id>`, files `output-<n>`).
    static func portable(_ path: String) -> String {
        path.contains("\\") ? path.replacingOccurrences(of: "\\", with: "/") : path
    }

    /// The kind folder name for a collection id (`kind_<id>`), or `all_kinds`.
    package static func kindFolder(collectionID: String?) -> String {
        collectionID.map { "kind_" + $0 } ?? "all_kinds"
    }
}
