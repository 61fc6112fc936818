import Foundation
import HearthCore
import HearthRules
import HearthTransfer

/// The emulator's own endpoints: clear a database, load a project's rules, read rules coverage,
/// export a database (what `firebase emulators:export` calls).
struct EmulatorRoutes {
    /// What the endpoints act on.
    let controls: EmulatorControls

    /// The response, or nil when no endpoint matches.
    func respond(to request: RESTRequest, target: RESTTarget) async throws(FirestoreError) -> RESTResponse? {
        if target.path == "/emulator/v1/listens", request.method == "GET" {
            return .json("{\"activeStreams\": \(controls.listens.count)}")
        }
        let segments = target.path.dropFirst("/emulator/v1/".count).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard segments.count >= 2, segments[0] == "projects" else { return nil }
        if segments.count == 5, segments[2] == "databases", segments[4] == "documents", request.method == "DELETE" {
            let database = try DatabaseID(project: segments[1], database: segments[3])
            try await controls.engine.clearDatabase(database)
            return .json("{}")
        }
        guard segments.count == 2, let colon = segments[1].lastIndex(of: ":") else { return nil }
        let project = String(segments[1][..<colon])
        let verb = String(segments[1][segments[1].index(after: colon)...])
        switch (request.method, verb) {
        case ("POST", "export"):
            return try export(request.body, project: project)
        case ("PUT", "securityRules"):
            return try loadRules(request.body, project: project)
        case ("GET", "ruleCoverage"), ("GET", "ruleCoverage.html"):
            guard let rules = controls.rules.rules(for: project) else {
                throw FirestoreError(.notFound, "No security rules are loaded for project \(project).")
            }
            let report = rules.coverageReport()
            if verb == "ruleCoverage.html" {
                return RESTResponse(status: 200, contentType: "text/html; charset=utf-8", body: Data(report.html.utf8))
            }
            return .json(report.json)
        default:
            return nil
        }
    }

    /// Firebase's shape: `{"rules": {"files": [{"name": "firestore.rules", "content": "…"}]}}`.
    private func loadRules(_ body: Data, project: String) throws(FirestoreError) -> RESTResponse {
        guard let request = try? JSONDecoder().decode(RulesRequest.self, from: body), let file = request.rules.files.first else {
            throw FirestoreError(
                .invalidArgument, "Expected {\"rules\": {\"files\": [{\"name\": …, \"content\": …}]}}.")
        }
        do {
            let rules = try SecurityRules(source: file.content, fileName: file.name ?? "firestore.rules")
            controls.rules.setRules(rules, for: project)
        } catch {
            throw FirestoreError(.invalidArgument, "\(file.name ?? "firestore.rules"):\(error.line):\(error.column): \(error.message)")
        }
        return .json(String(decoding: body, as: UTF8.self))
    }

    /// Firebase's shape: `{"database": "projects/p/databases/d", "export_directory": "/dir",
    /// "export_name": "firestore_export"}`; writes `<export_directory>/<export_name>/` as a bare
    /// Firestore export folder (the caller writes `firebase-export-metadata.json`).
    private func export(_ body: Data, project: String) throws(FirestoreError) -> RESTResponse {
        struct ExportRequest: Decodable {
            let database: String?
            let export_directory: String
            let export_name: String?
        }
        guard let request = try? JSONDecoder().decode(ExportRequest.self, from: body) else {
            throw FirestoreError(.invalidArgument, "Expected {\"database\": …, \"export_directory\": …, \"export_name\": …}.")
        }
        var database = try DatabaseID(project: project)
        if let name = request.database {
            let parts = name.split(separator: "/").map(String.init)
            guard parts.count == 4, parts[0] == "projects", parts[2] == "databases" else {
                throw FirestoreError(.invalidArgument, "Invalid database name '\(name)'.")
            }
            database = try DatabaseID(project: parts[1], database: parts[3])
        }
        let name = request.export_name ?? Exporter.firestoreFolder
        guard !name.isEmpty, !name.contains("/"), name != "..", name != "." else {
            throw FirestoreError(.invalidArgument, "Invalid export_name '\(name)'.")
        }
        var exporter = Exporter(database: database)
        exporter.emulatorLayout = false
        exporter.overwrite = true
        try FileManager.default.createDirectoryIfMissing(request.export_directory)
        let result = try exporter.run(from: controls.engine, to: (request.export_directory as NSString).appendingPathComponent(name))
        return .json("{\"documents\": \(result.documents)}")
    }

    private struct RulesRequest: Decodable {
        struct Rules: Decodable { let files: [File] }
        struct File: Decodable {
            let name: String?
            let content: String
        }
        let rules: Rules
    }
}

extension FileManager {
    /// Creates `path` (and its parents) unless it exists.
    fileprivate func createDirectoryIfMissing(_ path: String) throws(FirestoreError) {
        do {
            try createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FirestoreError(.invalidArgument, "Cannot create export_directory '\(path)': \(error.localizedDescription)")
        }
    }
}
