package import HearthCore

/// The policy without rules: everything is allowed (the emulator's behaviour before rules load).
package struct AllowAllPolicy: AccessPolicy {
    /// Creates the policy.
    package init() {}

    /// Allows every request.
    package func authorize(_ request: AccessRequest, lookup: any DocumentLookup) -> AccessDecision { .allow }
}

/// The closed policy: every non-admin request is denied.
package struct DenyAllPolicy: AccessPolicy {
    /// Creates the policy.
    package init() {}

    /// Denies every request except an admin's.
    package func authorize(_ request: AccessRequest, lookup: any DocumentLookup) -> AccessDecision {
        if case .admin = request.auth { return .allow }
        return .deny(detail: DenialDetail.text([DenialDetail.noMatchingStatements]))
    }
}

extension AccessPolicy where Self == AllowAllPolicy {
    /// The policy that allows everything (`.allowAll` where a policy is expected).
    package static var allowAll: AllowAllPolicy { AllowAllPolicy() }
}

extension AccessPolicy where Self == DenyAllPolicy {
    /// The policy that denies every non-admin request (`.denyAll` where a policy is expected).
    package static var denyAll: DenyAllPolicy { DenyAllPolicy() }
}
