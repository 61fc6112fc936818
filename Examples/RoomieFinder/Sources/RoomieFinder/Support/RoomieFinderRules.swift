import ExampleSupport
import Foundation

/// The security rules RoomieFinder ships: `firestore.rules` itself, bundled as a SwiftPM
/// resource (`Sources/RoomieFinder/Resources/`; the link `Examples/RoomieFinder/firestore.rules` beside the README is
/// the path `hearth serve` and deployers use), so the code loads the file on disk, never a copy of it.
public enum RoomieFinderRules {
    /// The file's text.
    public static let source = ShippedFile.text("firestore.rules", in: .module)
}
