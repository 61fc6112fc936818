import ExampleSupport
import Foundation

/// The security rules WorkNow ships: `firestore.rules` itself, bundled as a SwiftPM
/// resource (`Sources/WorkNow/Resources/`; the link `Examples/WorkNow/firestore.rules` beside the README is
/// the path `hearth serve` and deployers use), so the code loads the file on disk, never a copy of it.
public enum WorkNowRules {
    /// The file's text.
    public static let source = ShippedFile.text("firestore.rules", in: .module)
}
