package import Foundation

/// The cases of `specs/cases/*.json`, read strictly: every key of a case and of each step must be
/// one the runners know, so a misspelled expectation fails instead of asserting nothing.
///
/// A file is `{"cases": [{"description", "steps": [...]}]}`; a step's kind is named by its first
/// key (`commit`, `get`, `query`, `listen`, `expectEvent`, `expectNoEvent`), and each kind allows
/// the keys of `SpecCases.allowedKeys`. Writes, queries and values stay in Firestore's proto3 JSON
/// (each door maps them as its own surface does).
package enum SpecCases {
    /// One case, kept as JSON text so that it can be a (Sendable) test argument.
    package struct Case: Sendable, CustomStringConvertible {
        /// The file it comes from.
        package let file: String
        /// What the case shows (its `description`).
        package let title: String
        /// The case's JSON object.
        package let json: String
        /// `file: title`.
        package var description: String { "\(file): \(title)" }

        /// A case of `file` titled `title` holding `json`.
        package init(file: String, title: String, json: String) {
            self.file = file
            self.title = title
            self.json = json
        }
    }

    /// What a malformed case file or step is refused with.
    package struct Malformed: Error, CustomStringConvertible {
        /// Which file, case and step, and what is wrong.
        package let description: String
    }

    /// The keys each kind of step may have (the kind's own key included).
    package static let allowedKeys: [String: Set<String>] = [
        "commit": ["commit", "expectError", "expectTransformResults"],
        "get": ["get", "expectFields", "expectMissing", "expectUpdateTimeOfStep"],
        "query": ["query", "parent", "expectPaths", "expectFields", "expectError"],
        "listen": ["listen", "query", "document"],
        "expectEvent": ["expectEvent", "paths", "changes", "exists"],
        "expectNoEvent": ["expectNoEvent"],
    ]

    /// The keys of an `expectError` object.
    static let errorKeys: Set<String> = ["code", "message"]

    /// Every case of every file in `directory`, each checked with `validate(_:)`.
    /// - Throws: `Malformed` for an unreadable file or a case with an unknown key.
    package static func load(from directory: URL) throws -> [Case] {
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
        var cases: [Case] = []
        for file in files {
            let name = file.lastPathComponent
            guard let root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any],
                  Set(root.keys) == ["cases"], let list = root["cases"] as? [[String: Any]]
            else { throw Malformed(description: "\(name): not {\"cases\": [...]}") }
            for item in list {
                let description = item["description"] as? String ?? "?"
                do {
                    try validate(item)
                } catch {
                    throw Malformed(description: "\(name): \(description): \(error)")
                }
                let text = String(decoding: try JSONSerialization.data(withJSONObject: item, options: [.sortedKeys]), as: UTF8.self)
                cases.append(Case(file: name, title: description, json: text))
            }
        }
        return cases
    }

    /// Checks one case: a description, steps, and only known keys in each step.
    /// - Throws: `Malformed` naming the step and the key.
    package static func validate(_ item: [String: Any]) throws {
        guard Set(item.keys) == ["description", "steps"], item["description"] is String,
              let steps = item["steps"] as? [[String: Any]], !steps.isEmpty
        else { throw Malformed(description: "a case has exactly a description and a non-empty list of steps (keys: \(item.keys.sorted()))") }
        for (index, step) in steps.enumerated() {
            let kind = try self.kind(of: step, at: index)
            let unknown = Set(step.keys).subtracting(allowedKeys[kind] ?? [])
            guard unknown.isEmpty else {
                throw Malformed(description: "step \(index) (\(kind)): unknown key(s) \(unknown.sorted()); allowed: \((allowedKeys[kind] ?? []).sorted())")
            }
            if let error = step["expectError"] {
                guard let object = error as? [String: Any], object["code"] is String, Set(object.keys).isSubset(of: errorKeys) else {
                    throw Malformed(description: "step \(index): expectError is {\"code\", \"message\"?}")
                }
            }
        }
    }

    /// The kind of `step`: the one kind key it holds (a `query` step has no other kind key, since
    /// a `listen` step also holds a query).
    /// - Throws: `Malformed` when it holds none or several.
    package static func kind(of step: [String: Any], at index: Int) throws -> String {
        let kinds = ["commit", "get", "listen", "expectEvent", "expectNoEvent"].filter { step[$0] != nil }
        if kinds.count == 1 { return kinds[0] }
        if kinds.isEmpty, step["query"] != nil { return "query" }
        throw Malformed(description: "step \(index): expected exactly one of commit, get, query, listen, expectEvent, expectNoEvent (keys: \(step.keys.sorted()))")
    }
}

/// One listener event of a spec case, flattened for comparison: a document listener's `exists`, a
/// query listener's ordered paths and its changes as `"kind path oldIndex newIndex"`.
package struct SpecEvent: Sendable, Equatable {
    /// Whether the listened document exists (document listeners).
    package var exists = true
    /// The result's document paths, in order (query listeners).
    package var paths: [String] = []
    /// The changes, as `"added c/a -1 0"`.
    package var changes: [String] = []

    /// An event with these parts.
    package init(exists: Bool = true, paths: [String] = [], changes: [String] = []) {
        self.exists = exists
        self.paths = paths
        self.changes = changes
    }
}

extension SpecCases {
    /// Waits for the event after the `consumed` ones in `log` and compares it with an
    /// `expectEvent` step: nil when it matches, else what is wrong ("no event" when none came).
    package static func checkNextEvent(in log: EventLog<SpecEvent>, consumed: inout Int, step: [String: Any]) async -> String? {
        let events = await log.wait(for: consumed + 1)
        guard events.count > consumed else { return "no event" }
        consumed += 1
        return mismatch(of: events[consumed - 1], with: step)
    }

    /// What in `event` differs from an `expectEvent` step (nil: it matches).
    package static func mismatch(of event: SpecEvent, with step: [String: Any]) -> String? {
        var problems: [String] = []
        if let exists = step["exists"] as? Bool, event.exists != exists { problems.append("exists \(event.exists), not \(exists)") }
        if let paths = step["paths"] as? [String], event.paths != paths { problems.append("paths \(event.paths), not \(paths)") }
        if let changes = step["changes"] as? [[Any]] {
            let expected = changes.map { $0.map { "\($0)" }.joined(separator: " ") }
            if event.changes != expected { problems.append("changes \(event.changes), not \(expected)") }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }
}
