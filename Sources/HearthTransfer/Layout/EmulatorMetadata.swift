import Foundation
package import HearthCore

/// The emulator's `firebase-export-metadata.json`, which points at the Firestore export folder.
package enum EmulatorMetadata {
    /// The version Hearth writes in the file (the firebase CLI only reads `firestore.path`).
    static let version = "hearth-1"

    /// Writes the file into `folder`, naming `firestorePath` as the Firestore export.
    package static func write(folder: String, firestorePath: String) throws(FirestoreError) {
        let path = (folder as NSString).appendingPathComponent(ExportLayout.emulatorMetadataName)
        let text = """
            {
              "version": "\(version)",
              "firestore": {
                "version": "\(version)",
                "path": "\(firestorePath)",
                "metadata_file": "\(firestorePath)/\(firestorePath)\(ExportLayout.overallSuffix)"
              }
            }

            """
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw TransferError.io(path, error)
        }
    }
}
