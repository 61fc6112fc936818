import Foundation
import HearthCore
import HearthRules

/// `firestore.rules` text: parsed; when it parses, every request of `RulesFixtures.requests` is
/// judged (every method, signed in or not, stored and incoming data, a query), each must answer.
enum RulesFuzzTarget {
    /// Runs one input.
    static func run(_ input: Data) -> String? {
        guard let rules = try? SecurityRules(source: String(decoding: input, as: UTF8.self)) else { return nil }
        let lookup = RulesFixtures.lookup
        for request in RulesFixtures.requests {
            _ = rules.authorize(request, lookup: lookup)
        }
        return nil
    }
}
