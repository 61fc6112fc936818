public import HearthCore

/// The policy without rules: everything is allowed (the emulator's behaviour before rules load).
public struct AllowAllPolicy: AccessPolicy {
    /// Creates the policy.
    public init() {}

    /// Allows every request.
    public func authorize(_ request: AccessRequest, lookup: any DocumentLookup) -> AccessDecision { .allow }
}

/// The closed policy: every non-admin request is denied.
public struct DenyAllPolicy: AccessPolicy {
    /// Creates the policy.
    public init() {}

    /// Denies every request except an admin's.
    public func authorize(_ request: AccessRequest, lookup: any DocumentLookup) -> AccessDecision {
        if case .admin = request.auth { return .allow }
        return .deny(detail: DenialDetail.text([DenialDetail.noMatchingStatements]))
    }
}

extension AccessPolicy where Self == AllowAllPolicy {
    /// The policy that allows everything (`.allowAll` where a policy is expected).
    public static var allowAll: AllowAllPolicy { AllowAllPolicy() }
}

extension AccessPolicy where Self == DenyAllPolicy {
    /// The policy that denies every non-admin request (`.denyAll` where a policy is expected).
    public static var denyAll: DenyAllPolicy { DenyAllPolicy() }
}
