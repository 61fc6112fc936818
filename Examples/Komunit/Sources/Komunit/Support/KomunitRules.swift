import ExampleSupport
import Foundation

/// The security rules Komunit ships: `firestore.rules` itself, bundled as a SwiftPM
/// resource (`Sources/Komunit/Resources/`; the link `Examples/Komunit/firestore.rules` beside the README is
/// the path `hearth serve` and deployers use), so the code loads the file on disk, never a copy of it.
public enum KomunitRules {
    /// The file's text.
    public static let source = ShippedFile.text("firestore.rules", in: .module)
}
