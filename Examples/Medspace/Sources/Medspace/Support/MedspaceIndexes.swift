import ExampleSupport
import Foundation

/// The composite indexes Medspace's queries need: `firestore.indexes.json` itself, bundled as a SwiftPM
/// resource (`Sources/Medspace/Resources/`; the link `Examples/Medspace/firestore.indexes.json` beside the README is
/// the path `hearth serve` and deployers use), so the code loads the file on disk, never a copy of it.
public enum MedspaceIndexes {
    /// The file's text.
    public static let json = ShippedFile.text("firestore.indexes.json", in: .module)
}
