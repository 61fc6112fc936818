import Testing

@testable import RoomieFinder

/// RoomieFinder's password settings.
@Suite("Password settings")
struct PasswordSettingsTests {
    @Test func productionDefaultsUseAtLeast100000Iterations() {
        #expect(RoomieFinderConfiguration().passwordIterations >= 100_000)
    }
}
