import ExampleSupport
import Foundation
public import Hearth

/// The composite indexes WorkNow's queries need: `firestore.indexes.json` itself, bundled as a SwiftPM
/// resource (`Sources/WorkNow/Resources/`; the link `Examples/WorkNow/firestore.indexes.json` beside the README is
/// the path `hearth serve` and deployers use), so the code loads the file on disk, never a copy of it.
public enum WorkNowIndexes {
    /// The file's text.
    public static let json = ShippedFile.text("firestore.indexes.json", in: .module)

    /// The parsed configuration.
    /// - Throws: `FirestoreError` if the text is not Firebase's format (a test proves it is).
    public static func configuration() throws(FirestoreError) -> IndexConfiguration {
        try IndexConfiguration(json: json)
    }
}
