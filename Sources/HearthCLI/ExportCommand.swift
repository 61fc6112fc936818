package import ArgumentParser
import Foundation
import HearthCore
import HearthTransfer

/// `hearth export`: writes databases of a data directory as Firestore's export format (the
/// emulator's folder layout, which `firebase emulators:start --import` and `hearth import` read)
/// or as JSON Lines, streaming from one snapshot.
package struct ExportCommand: AsyncParsableCommand {
    /// The subcommand's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export databases as Firestore's export format or JSON Lines.",
        discussion: """
            The export reads one consistent snapshot and may run while `hearth serve` uses the same
            directory. With --all-databases, OUT is a folder holding <project>/<database> for each.
            """)

    /// The data directory.
    @OptionGroup package var data: DataDirectoryOptions

    /// Where to write.
    @Option(help: ArgumentHelp("The export folder (firestore) or file (jsonl).", valueName: "path"))
    package var out: String

    /// The project whose database is exported.
    @Option(help: "The project (default: the only project the directory holds).")
    package var project: String?

    /// The database exported.
    @Option(help: "The database id.")
    package var database: String = DatabaseID.defaultDatabase

    /// Export every database.
    @Flag(help: "Export every database (of --project when given).")
    package var allDatabases = false

    /// Only these collection ids.
    @Option(help: ArgumentHelp("Only documents of these collection ids, comma-separated.", valueName: "a,b"))
    package var collectionIds: String?

    /// The format written: `firestore` or `jsonl`.
    @Option(help: "firestore (the emulator's export layout) or jsonl (one document per line).")
    package var format: String = "firestore"

    /// Replace an existing destination.
    @Flag(help: "Replace what is already at --out.")
    package var force = false

    /// Creates the command (ArgumentParser fills it in).
    package init() {}

    /// Refuses a data directory that does not exist (exporting must not create one).
    package func validate() throws {
        guard Exporter.Format(rawValue: format) != nil else {
            throw ValidationError("Invalid value for '--format': \(format); use firestore or jsonl.")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: data.directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("Invalid value for '--data': no data directory at \(data.directory).")
        }
    }

    /// Runs the export(s) and prints one summary line per database.
    package func run() async throws {
        let interrupt = InterruptFlag()
        defer { interrupt.release() }
        let engine = try Engine(directory: data.directory)
        defer { engine.close() }
        let databases = try selectedDatabases(engine)
        let format = Exporter.Format(rawValue: self.format) ?? .firestore
        for database in databases {
            var exporter = Exporter(database: database)
            exporter.format = format
            exporter.overwrite = force
            exporter.collectionIDs = collectionIds.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
            exporter.isCancelled = { interrupt.isRaised }
            let destination = allDatabases
                ? ((out as NSString).appendingPathComponent(database.project) as NSString)
                    .appendingPathComponent(database.database + (format == .jsonl ? ".jsonl" : ""))
                : out
            let parent = (destination as NSString).deletingLastPathComponent
            if !parent.isEmpty { try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) }
            let display = ProgressDisplay()
            let result = try exporter.run(from: engine, to: destination, progress: display.handler)
            let rate = Int(Double(result.documents) / max(display.elapsed, 0.001))
            display.finish(
                "exported \(result.documents) documents (\(ProgressDisplay.bytes(result.bytes))) of \(database) to \(destination) "
                    + "in \(String(format: "%.1f", display.elapsed)) s (\(rate) docs/s)")
            if format == .firestore, !allDatabases {
                let accounts = try AuthFolders.export(to: destination, dataDirectory: data.directory, project: database.project)
                if accounts > 0 { ProgressDisplay.say("exported \(accounts) Auth accounts to \(destination)/auth_export") }
            }
        }
    }

    private func selectedDatabases(_ engine: Engine) throws -> [DatabaseID] {
        let stored = try engine.storedDatabases()
        if allDatabases {
            let chosen = stored.filter { project == nil || $0.project == project }
            guard !chosen.isEmpty else { throw ValidationError("No databases to export in \(data.directory).") }
            return chosen
        }
        if let project {
            let chosen = try DatabaseID(project: project, database: database)
            guard stored.contains(chosen) else {
                throw ValidationError(
                    "\(data.directory) has no database \(chosen); it holds: "
                        + (stored.isEmpty ? "nothing" : stored.map(\.description).joined(separator: ", ")) + ".")
            }
            return [chosen]
        }
        let projects = Set(stored.map(\.project))
        guard projects.count == 1, let only = projects.first else {
            throw ValidationError(
                projects.isEmpty ? "\(data.directory) holds no documents."
                    : "\(data.directory) holds several projects (\(projects.sorted().joined(separator: ", "))); pass --project.")
        }
        return [try DatabaseID(project: only, database: database)]
    }
}
