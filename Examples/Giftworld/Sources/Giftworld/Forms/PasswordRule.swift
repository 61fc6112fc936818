/// The thesis's password rule (`Utilities.isPasswordValid`): at least 8 characters, all from
/// `[A-Za-z0-9$@#!%*?&]`, with at least one lowercase letter and one of `$@#!%*?&`.
///
/// `password1` ✗ (no special character), `12345678` ✗, `R$12a` ✗ (too short), `pmdl1c1234$` ✓.
public enum PasswordRule {
    /// The special characters; a password needs at least one.
    public static let specialCharacters: Set<Character> = ["$", "@", "#", "!", "%", "*", "?", "&"]
    /// The minimum length.
    public static let minimumLength = 8

    /// Whether `password` follows the rule.
    public static func isValid(_ password: String) -> Bool {
        guard password.count >= minimumLength else { return false }
        var hasLowercase = false
        var hasSpecial = false
        for character in password {
            if character.isASCII && character.isLowercase && character.isLetter {
                hasLowercase = true
            } else if specialCharacters.contains(character) {
                hasSpecial = true
            } else if !(character.isASCII && (character.isLetter || character.isNumber)) {
                return false
            }
        }
        return hasLowercase && hasSpecial
    }
}
