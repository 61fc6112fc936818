import Medspace
import Testing

/// UC1 under contention: many people register the same user name at once; exactly one gets it,
/// and the others' accounts are rolled back.
@Suite("Concurrent registration")
struct ConcurrentRegistrationTests {
    @Test func oneUserNameOneOwner() async throws {
        let fixture = try await TestApp()
        let attempts = 16
        let outcomes = await withTaskGroup(of: Result<Account, MedspaceError>.self) { group in
            for index in 0..<attempts {
                group.addTask {
                    let form = RegistrationForm(
                        username: index.isMultiple(of: 2) ? "DrSame" : "drsame", fullname: "Doctor \(index)",
                        email: "doctor\(index)@ulpgc.es", password: "secreto1", repeatPassword: "secreto1")
                    do {
                        return .success(try await fixture.app.register(form))
                    } catch let error as MedspaceError {
                        return .failure(error)
                    } catch {
                        return .failure(.storage(code: "unexpected", message: "\(error)"))
                    }
                }
            }
            var outcomes: [Result<Account, MedspaceError>] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        let winners = outcomes.compactMap { try? $0.get() }
        #expect(winners.count == 1)
        for case .failure(let error) in outcomes {
            #expect(error == .usernameTaken("DrSame") || error == .usernameTaken("drsame"))
        }
        let stats = try await fixture.app.statistics()
        #expect(stats.accounts == 2 && stats.users == 2)
        await fixture.close()
    }
}
