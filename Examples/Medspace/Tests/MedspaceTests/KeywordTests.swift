import Medspace
import Testing

/// UC21 add and UC22 delete keywords; duplicates refused case- and accent-insensitively.
@Suite("Keywords")
struct KeywordTests {
    @Test func addListDelete() async throws {
        let (fixture, ana) = try await TestApp.with(.ana)
        try await ana.addKeyword("Cardiología")
        try await ana.addKeyword("heart  failure")
        await #expect(throws: MedspaceError.keywordExists("CARDIOLOGIA")) { try await ana.addKeyword("CARDIOLOGIA") }
        #expect(MedspaceError.keywordExists("x").alertMessage == "Keyword already exists")
        await #expect(throws: MedspaceError.missingField("keyword")) { try await ana.addKeyword("  ") }
        #expect(try await ana.keywords().map(\.keyword) == ["Cardiología", "heart  failure"])
        #expect(try await ana.keywords().map(\.normalized) == ["cardiologia", "heart failure"])
        try await ana.deleteKeyword("cardiologia")
        #expect(try await ana.keywords().map(\.keyword) == ["heart  failure"])
        await fixture.close()
    }

    @Test func concurrentDuplicatesLeaveOneKeyword() async throws {
        let (fixture, ana) = try await TestApp.with(.ana)
        let spellings = ["Cardiología", "cardiologia", "CARDIOLOGÍA", "Cardiologia", "cardiología", "CARDIOLOGIA"]
        let added = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<24 {
                group.addTask {
                    do {
                        try await ana.addKeyword(spellings[index % spellings.count])
                        return true
                    } catch {
                        return false
                    }
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(added == 1)
        #expect(try await ana.keywords().count == 1)
        await fixture.close()
    }
}
