import HearthCore
import HearthRules
import Synchronization

/// The security rules in force: rules loaded for one project (the emulator's PUT endpoint)
/// override the rules file, which applies to every project. Installed on the engine only while
/// some rules exist, so a server without rules allows every request, as Firebase's emulator does.
final class ProjectRulesPolicy: AccessPolicy, Sendable {
    private struct Rules {
        var file: SecurityRules?
        var byProject: [String: SecurityRules] = [:]
        var loadError: String?
    }

    /// Guarded by the mutex.
    private let rules = Mutex(Rules())
    /// Weak: the engine holds this policy once rules are installed, so a strong reference here
    /// would be a cycle that keeps every closed engine (and all it holds) allocated.
    private weak let engine: Engine?

    /// Creates the policy for `engine` (with no rules yet).
    init(engine: Engine) { self.engine = engine }

    func authorize(_ request: AccessRequest, lookup: any DocumentLookup) -> AccessDecision {
        guard let rules = self.rules(for: request.database.project) else { return .allow }
        return rules.authorize(request, lookup: lookup)
    }

    /// The rules judging requests to `project`, if any.
    func rules(for project: String) -> SecurityRules? {
        rules.withLock { $0.byProject[project] ?? $0.file }
    }

    /// Replaces the rules loaded from the rules file.
    func setFileRules(_ file: SecurityRules?) {
        rules.withLock { $0.file = file }
        install()
    }

    /// The last rules-file reload error (with line and column), nil once a reload succeeds.
    var loadError: String? { rules.withLock { $0.loadError } }

    /// Records the outcome of a rules-file reload: its error, or nil for success.
    func noteLoadError(_ message: String?) {
        rules.withLock { $0.loadError = message }
    }

    /// Replaces the rules of one project.
    func setRules(_ projectRules: SecurityRules, for project: String) {
        rules.withLock { $0.byProject[project] = projectRules }
        install()
    }

    private func install() {
        let hasRules = rules.withLock { $0.file != nil || !$0.byProject.isEmpty }
        engine?.setAccessPolicy(hasRules ? self : nil)
    }
}
