import ExampleSupport
import Foundation

/// The composite indexes Komunit declares: `firestore.indexes.json` itself, bundled as a SwiftPM
/// resource (`Sources/Komunit/Resources/`; the link `Examples/Komunit/firestore.indexes.json` beside the README is
/// the path `hearth serve` and deployers use), so the code loads the file on disk, never a copy of it.
public enum KomunitIndexes {
    /// The file's text.
    public static let source = ShippedFile.text("firestore.indexes.json", in: .module)
}
