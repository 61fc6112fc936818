public import ExampleSupport
import Hearth

/// A signed-in user inside Giftworld. Each method is one use case; every request it makes runs
/// under the security rules as this user (`db`, also what a test uses to send requests the app
/// never would, to check that the rules refuse them), so the rules — not this code — have the
/// last word on what the user may read and write. CU-004: `signOut()`; later calls fail with
/// `unavailable`.
public typealias UserSession = AppSession<Backend>

extension UserSession {
    /// Trusted server-side work (membership trigger, group settlement).
    var backend: Backend { services }
}
