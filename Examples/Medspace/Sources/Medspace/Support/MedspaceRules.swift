import ExampleSupport
import Foundation

/// The security rules Medspace ships: `firestore.rules` itself, bundled as a SwiftPM
/// resource (`Sources/Medspace/Resources/`; the link `Examples/Medspace/firestore.rules` beside the README is
/// the path `hearth serve` and deployers use), so the code loads the file on disk, never a copy of it.
public enum MedspaceRules {
    /// The file's text.
    public static let source = ShippedFile.text("firestore.rules", in: .module)
}
