import Foundation
import HearthCore
import HearthTransfer

/// What `serve --import` and `serve --export-on-exit` do around the emulator's run.
enum SeedTransfer {
    /// Imports `path` into the data directory when it holds no documents yet (unsynced until the
    /// end into a new directory, as `hearth import`); prints one line.
    static func importIfEmpty(_ path: String, directory: String, project: String?, syncs: Bool) async throws {
        let interrupt = InterruptFlag()
        defer { interrupt.release() }
        let engine = syncs
            ? try Engine.openForLoad(directory: directory)
            : try Engine(directory: directory, options: EngineOptions(durability: .none))
        defer { engine.close() }
        guard try engine.storedDatabases().isEmpty else {
            ProgressDisplay.say("--import: \(directory) already holds data; \(path) was not imported.")
            return
        }
        if let accounts = try AuthFolders.importIfPresent(from: path, dataDirectory: directory, project: project) {
            ProgressDisplay.say("imported \(accounts) Auth accounts from \(path)/auth_export")
        }
        let target = try project.map { try DatabaseID(project: $0) }
        let display = ProgressDisplay()
        let summary = try await ImportCommand.run(
            Importer(database: target), path: path, engine: engine, display: display, interrupt: interrupt)
        try engine.finishLoad()
        display.finish("imported \(summary.documents) documents from \(path) in \(String(format: "%.1f", display.elapsed)) s")
    }

    /// Exports the project's `(default)` database (or the only project's) in the emulator's layout,
    /// replacing what is at `path`; prints one line.
    static func export(to path: String, directory: String, project: String?) throws {
        let engine = try Engine(directory: directory)
        defer { engine.close() }
        let stored = try engine.storedDatabases()
        let chosen = project ?? (Set(stored.map(\.project)).count == 1 ? stored.first?.project : nil)
        guard let chosen else {
            ProgressDisplay.say("--export-on-exit: nothing exported (\(stored.isEmpty ? "no documents" : "several projects; pass --project")).")
            return
        }
        var exporter = Exporter(database: try DatabaseID(project: chosen))
        exporter.overwrite = true
        let display = ProgressDisplay()
        let result = try exporter.run(from: engine, to: path, progress: display.handler)
        display.finish("exported \(result.documents) documents of \(exporter.database) to \(path)")
        let accounts = try AuthFolders.export(to: path, dataDirectory: directory, project: chosen)
        if accounts > 0 { ProgressDisplay.say("exported \(accounts) Auth accounts to \(path)/auth_export") }
    }
}
