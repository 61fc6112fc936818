/// Why an account operation failed: the two refusals Firebase Auth's email/password sign-in has.
/// Store errors (`FirestoreError`) pass through unchanged.
public enum AccountError: Error, Sendable, Equatable {
    /// Another account already uses this email.
    case emailAlreadyInUse(String)
    /// Unknown email or wrong password (which one is not revealed).
    case wrongCredentials
}
