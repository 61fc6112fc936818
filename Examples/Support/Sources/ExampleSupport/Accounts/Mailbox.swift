import Hearth

/// The local stand-in for the user's inbox: the codes Auth "e-mailed", as the emulator lists them.
enum Mailbox {
    /// The newest code of `type` (`PASSWORD_RESET`, `VERIFY_EMAIL`) sent to `email`.
    /// - Throws: `AccountError.invalidCode` when none was sent.
    static func latestCode(in auth: Auth, for email: String, type: String) throws -> String {
        guard let sent = try auth.outOfBandCodes().last(where: { $0.email == email && $0.requestType == type }) else {
            throw AccountError.invalidCode
        }
        return sent.code
    }
}
