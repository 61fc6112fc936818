import Foundation
import HearthCore
@testable import HearthRules
import Testing

/// Coverage counts across requests, and the JSON and HTML reports (fact sheet §5.2).
@Suite struct CoverageTests {
    typealias F = EvaluationFixture

    /// The rules used by most cases: one statement at line 4, `request.auth != null && <cmp>`.
    private func rules() throws -> SecurityRules {
        try F.rules("match /users/{userId} { allow read: if request.auth != null && request.auth.uid == userId; }")
    }

    /// Judges three gets: allowed, false, and short-circuited.
    private func exercise(_ rules: SecurityRules) {
        let lookup = FakeDocumentLookup()
        _ = rules.authorize(F.request(.get, "users/alice", auth: F.user("alice")), lookup: lookup)
        _ = rules.authorize(F.request(.get, "users/alice", auth: F.user("bob")), lookup: lookup)
        _ = rules.authorize(F.request(.get, "users/alice"), lookup: lookup)
    }

    /// Counts per expression accumulate across requests and reset on demand.
    @Test func countsAccumulateAndReset() throws {
        let rules = try rules()
        exercise(rules)
        let report = rules.coverageReport()
        let root = try #require(report.file.matches.first?.matches.first?.allows.first?.condition)
        let rootCounts = try #require(report.counts[root.id])
        #expect(rootCounts.trueCount == 1 && rootCounts.falseCount == 2 && rootCounts.errorCount == 0)
        guard case .binary(.and, let left, let right) = root.kind else {
            Issue.record("unexpected shape")
            return
        }
        #expect(report.counts[left.id]?.trueCount == 2)
        #expect(report.counts[left.id]?.falseCount == 1)
        #expect(report.counts[right.id]?.total == 2)
        rules.resetCoverage()
        #expect(rules.coverageReport().counts.isEmpty)
    }

    /// Errors and non-boolean values are counted too.
    @Test func errorsAndValuesAreCounted() throws {
        let rules = try F.rules("match /t/{id} { allow get: if request.auth.uid == 'x'; }")
        _ = rules.authorize(F.request(.get, "t/a"), lookup: FakeDocumentLookup())
        _ = rules.authorize(F.request(.get, "t/a", auth: F.user("x")), lookup: FakeDocumentLookup())
        let report = rules.coverageReport()
        let root = try #require(report.file.matches.first?.matches.first?.allows.first?.condition)
        #expect(report.counts[root.id]?.errorCount == 1)
        #expect(report.counts[root.id]?.trueCount == 1)
        guard case .binary(_, let member, _) = root.kind else {
            Issue.record("unexpected shape")
            return
        }
        #expect(report.counts[member.id]?.otherCounts["string"] == 1)
    }

    /// The JSON has the emulator's shape: files, report entries with positions, values and children.
    @Test func jsonShape() throws {
        let rules = try rules()
        exercise(rules)
        let data = Data(rules.coverageReport().json.utf8)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try #require((object["rules"] as? [String: Any])?["files"] as? [[String: Any]])
        #expect(files.first?["name"] as? String == "firestore.rules")
        #expect(files.first?["content"] as? String == rules.source)
        let report = try #require(object["report"] as? [[String: Any]])
        #expect(report.count == 1)
        let root = try #require(report.first)
        let position = try #require(root["sourcePosition"] as? [String: Any])
        #expect(position["line"] as? Int == 4)
        #expect(position["column"] as? Int == 40)
        let values = try #require(root["values"] as? [[String: Any]])
        let trueEntry = values.first { ($0["value"] as? [String: Any])?["boolValue"] as? Bool == true }
        #expect(trueEntry?["count"] as? Int == 1)
        let children = try #require(root["children"] as? [[String: Any]])
        #expect(children.count == 2)
        let never = try F.rules("match /t/{id} { allow get: if false && true; }")
        let neverData = Data(never.coverageReport().json.utf8)
        let neverObject = try #require(try JSONSerialization.jsonObject(with: neverData) as? [String: Any])
        let neverRoot = try #require((neverObject["report"] as? [[String: Any]])?.first)
        #expect(neverRoot["values"] == nil)
    }

    /// The HTML page holds the escaped source with one span per expression.
    @Test func htmlShape() throws {
        let rules = try F.rules("""
            // <script>alert('x')</script> & friends
            match /t/{id} { allow get: if id == "<b>" || id != 'a&b'; }
            """)
        _ = rules.authorize(F.request(.get, "t/a"), lookup: FakeDocumentLookup())
        let html = rules.coverageReport().html
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; friends"))
        #expect(html.contains("&quot;&lt;b&gt;&quot;"))
        #expect(html.contains("class=\"cov-true\""))
        #expect(html.contains("class=\"cov-false\""))
        #expect(html.contains("title=\"evaluated 1 times: true ×1\""))
        let opened = html.components(separatedBy: "<span").count - 1
        let closed = html.components(separatedBy: "</span>").count - 1
        #expect(opened == closed && opened == 7)
        let stripped = html.replacingOccurrences(of: "<span[^>]*>", with: "", options: .regularExpression)
            .replacingOccurrences(of: "</span>", with: "")
        #expect(stripped.contains("allow get: if id == &quot;&lt;b&gt;&quot; || id != &#39;a&amp;b&#39;; }"))
    }

    /// Coverage is safe to accumulate from many threads at once.
    @Test func concurrentRequests() async throws {
        let rules = try rules()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask { self.exercise(rules) }
            }
        }
        let report = rules.coverageReport()
        let root = try #require(report.file.matches.first?.matches.first?.allows.first?.condition)
        #expect(report.counts[root.id]?.total == 60)
    }
}
