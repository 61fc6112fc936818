package import ArgumentParser
import Foundation
import HearthCore
import HearthTransfer

/// `hearth import`: loads an export (an emulator seed folder, a `gcloud firestore export`
/// folder, or a JSON Lines file; detected) into a data directory through the normal commit path.
package struct ImportCommand: AsyncParsableCommand {
    /// The subcommand's name and summary.
    package static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import an emulator export, a gcloud Firestore export or a JSON Lines file.",
        discussion: """
            By default the whole source is checked first and nothing is written when any record is
            invalid; documents with the same name are replaced, others kept. --replace empties the
            database first; --merge writes as it reads (an error keeps the batches already written).
            Without --project, documents go to the project their export names. Into a new data
            directory the import syncs once at the end and builds the index then, and a checked import
            writes as it reads and deletes what it wrote when a record is invalid; if the process or
            machine stops it, the directory refuses to open (delete it and import again).
            """)

    /// The data directory.
    @OptionGroup package var data: DataDirectoryOptions

    /// What to import.
    @Argument(help: ArgumentHelp("The export folder or .jsonl file.", valueName: "path"))
    package var path: String

    /// The project written.
    @Option(help: "The project to import into (default: the one the export names).")
    package var project: String?

    /// The database written.
    @Option(help: "The database id (with --project).")
    package var database: String?

    /// Write while reading.
    @Flag(help: "Write as the source is read; an error keeps what was written.")
    package var merge = false

    /// Empty the database first.
    @Flag(help: "Delete every document of the database before writing.")
    package var replace = false

    /// Databases made Enterprise edition before the import.
    @Option(
        help: ArgumentHelp(
            "Make these databases (ids, comma-separated or repeated) Enterprise edition first, as `hearth serve "
                + "--enterprise` does, so their BSON values (ObjectId, Int32, Decimal128, …) are accepted.",
            valueName: "db[,db…]"),
        transform: { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } })
    package var enterprise: [[String]] = []

    /// Skip invalid records.
    @Flag(help: "Skip (and count) invalid records, and pass over damaged framing in export files, instead of stopping.")
    package var skipInvalid = false

    /// Creates the command (ArgumentParser fills it in).
    package init() {}

    /// Checks the flags that exclude each other.
    package func validate() throws {
        if merge && replace { throw ValidationError("Pass at most one of --merge and --replace.") }
        if database != nil && project == nil { throw ValidationError("--database needs --project.") }
        for database in enterprise.joined() where !ServeCommand.isDatabaseID(database) {
            throw ValidationError("Invalid value for '--enterprise': '\(database)' is not a database id ('(default)' or 4-63 of a-z, 0-9, -).")
        }
    }

    /// Imports and prints one summary line.
    package func run() async throws {
        let interrupt = InterruptFlag()
        defer { interrupt.release() }
        // Into a new directory nothing is synced until the end (a marker file guards the gap);
        // into one with data, batches are synced without their meta page. `finishLoad()` makes
        // the whole import durable before it is reported.
        let engine = try Engine.openForLoad(directory: data.directory)
        defer { engine.close() }
        for database in enterprise.joined() { try engine.setEditionNow(.enterprise, project: nil, database: database) }
        let target = try project.map { try DatabaseID(project: $0, database: database ?? DatabaseID.defaultDatabase) }
        var importer = Importer(database: target)
        importer.mode = merge ? .merge : replace ? .replace : .checked
        importer.skipInvalid = skipInvalid
        let display = ProgressDisplay()
        let summary = try await Self.run(importer, path: path, engine: engine, display: display, interrupt: interrupt)
        try engine.finishLoad()
        if let accounts = try AuthFolders.importIfPresent(from: path, dataDirectory: data.directory, project: project) {
            ProgressDisplay.say("imported \(accounts) Auth accounts from \(path)/auth_export")
        }
        let rate = Int(Double(summary.documents) / max(display.elapsed, 0.001))
        display.finish(
            "imported \(summary.documents) documents (\(ProgressDisplay.bytes(summary.bytes))) from \(path) into "
                + "\(target.map(\.description) ?? "the projects it names") in \(String(format: "%.1f", display.elapsed)) s "
                + "(\(rate) docs/s), \(summary.skipped) skipped"
                + (summary.damaged > 0
                    ? ", \(summary.damaged) damaged \(summary.damaged == 1 ? "place" : "places") passed over "
                        + "(\(ProgressDisplay.bytes(summary.damagedBytes)) lost)" : ""))
    }

    /// Runs `importer`, stopping it between batches on Ctrl-C (`interrupt`).
    ///
    /// Into a new directory a checked (or replacing) import writes as it reads, like `--merge`,
    /// and on any error or interruption deletes what it wrote: the directory had nothing to keep,
    /// so the outcome is the one checking first gives, without reading the source twice.
    static func run(
        _ importer: Importer, path: String, engine: Engine, display: ProgressDisplay, interrupt: InterruptFlag
    ) async throws -> Importer.Summary {
        var importer = importer
        let abandonsOnFailure = engine.loadsIntoNewDirectory && importer.mode != .merge
        if abandonsOnFailure { importer.mode = .merge }
        let progress = display.handler
        let chosen = importer
        let task = Task { () async throws -> Importer.Summary in
            try await chosen.run(path: path, into: engine, progress: progress)
        }
        interrupt.whenRaised { task.cancel() }
        do {
            return try await task.value
        } catch {
            guard abandonsOnFailure else { throw error }
            engine.abandonLoad()
            if let stopped = error as? FirestoreError, stopped.code == .cancelled {
                throw FirestoreError(.cancelled, "Import stopped; nothing was kept (the new data directory holds no data again).")
            }
            throw error
        }
    }
}
