import Giftworld
import Testing

/// The thesis's `test_comprueba_password`, and the edges of the rule.
@Suite("Password rule")
struct PasswordRuleTests {
    @Test func theThesisExamples() {
        #expect(!PasswordRule.isValid("password1"))
        #expect(!PasswordRule.isValid("12345678"))
        #expect(!PasswordRule.isValid("R$12a"))
        #expect(PasswordRule.isValid("pmdl1c1234$"))
    }

    @Test func edges() {
        #expect(PasswordRule.isValid("abcdefg$"))
        #expect(!PasswordRule.isValid("abcdef$"))
        #expect(!PasswordRule.isValid("ABCDEFG$1"))
        #expect(!PasswordRule.isValid("abcdefgh"))
        #expect(!PasswordRule.isValid("abcd efg$"))
        #expect(!PasswordRule.isValid("ñandúes$1"))
        #expect(!PasswordRule.isValid("abcdefg$-"))
        #expect(PasswordRule.isValid("A@b#C!d%*?&"))
    }

    @Test func registrationRefusesAWeakPassword() async throws {
        let test = try await TestApp()
        defer { test.close() }
        for weak in ["password1", "12345678", "R$12a"] {
            var form = People.ana
            form.password = weak
            await #expect(throws: GiftworldError.weakPassword) { _ = try await test.app.register(form) }
        }
        #expect(try await test.app.statistics().accounts == 0)
        #expect(GiftworldError.weakPassword.alertMessage.contains("8 caracteres"))
    }
}
