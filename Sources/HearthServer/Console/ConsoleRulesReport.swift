import Foundation
import HearthCore
import HearthRules

/// The Rules tab's data: the rules in force for a project, their coverage report (the emulator's
/// JSON shape) and the last reload error of the rules file.
enum ConsoleRulesReport {
    /// `{"loaded", "fileName", "source", "coverage", "loadError"}` for `project`.
    static func response(project: String, policy: ProjectRulesPolicy) throws(FirestoreError) -> RESTResponse {
        let rules = policy.rules(for: project)
        let errorJSON = policy.loadError.flatMap { try? JSONEncoder().encode($0) }.map { String(decoding: $0, as: UTF8.self) } ?? "null"
        guard let rules else {
            return .json("{\"loaded\":false,\"loadError\":\(errorJSON)}")
        }
        let report = rules.coverageReport()
        let name = (try? JSONEncoder().encode(rules.fileName)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        return .json("{\"loaded\":true,\"fileName\":\(name),\"coverage\":\(report.json),\"loadError\":\(errorJSON)}")
    }
}
