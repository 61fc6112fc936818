import HearthCore
import Synchronization

/// Remembers the `request.auth` value of the last caller: requests come in runs from one user, and
/// converting the token's claims for each of them is wasted work.
final class AuthValueCache: Sendable {
    private let last = Mutex<(context: AccessContext, value: RuleValue)?>(nil)

    /// Creates an empty cache.
    init() {}

    /// `request.auth` for `context`: `{uid, token}`, or `null` when not signed in.
    func value(for context: AccessContext) -> RuleValue {
        let known = last.withLock { last -> RuleValue? in
            guard let last, last.context == context else { return nil }
            return last.value
        }
        if let known { return known }
        let value = RuleRequest.authValue(RuleRequest.Auth(context))
        last.withLock { $0 = (context, value) }
        return value
    }
}
