import Foundation
package import HearthCore

/// Exports one database from one read snapshot, streaming each document straight to its file:
/// Firestore's format in the emulator's layout, or JSON Lines.
package struct Exporter: Sendable {
    /// The formats written.
    package enum Format: String, Sendable, CaseIterable {
        /// Firestore's export format (LevelDB-log-framed entities) in the emulator's folder layout.
        case firestore
        /// One JSON document per line.
        case jsonl
    }

    /// The database exported.
    package var database: DatabaseID
    /// For `.firestore`: the emulator's layout (`firebase-export-metadata.json` + `firestore_export/`),
    /// or a bare export folder as `gcloud firestore export` and the emulator's export endpoint write it.
    package var emulatorLayout = true
    /// The format written.
    package var format: Format = .firestore
    /// Only these collection ids (each in its own `kind_<id>` folder), or every document when nil.
    package var collectionIDs: [String]?
    /// Replace what is at the destination (else a non-empty destination is refused).
    package var overwrite = false
    /// Polled between documents: true stops the export (`CANCELLED`), leaving nothing at the destination.
    package var isCancelled: @Sendable () -> Bool = { false }
    /// Start a new output file once one holds this many bytes.
    package var maxOutputFileBytes: Int64 = 1 << 30

    /// An exporter of `database`.
    package init(database: DatabaseID) { self.database = database }

    /// The folder inside an emulator export that holds the Firestore export.
    package static let firestoreFolder = "firestore_export"

    /// Writes the export to `path` (a folder for `.firestore`, a file for `.jsonl`): first into a
    /// sibling `.partial` path, renamed into place when complete, so a stopped export leaves nothing half-written.
    /// - Throws: `ALREADY_EXISTS` when `path` is taken and `overwrite` is off; file errors by path.
    package func run(from engine: Engine, to path: String, progress: ProgressHandler? = nil) throws(FirestoreError) -> TransferProgress {
        let files = FileManager.default
        if files.fileExists(atPath: path) && !overwrite {
            let contents = (try? files.contentsOfDirectory(atPath: path)) ?? ["file"]
            if !contents.isEmpty {
                throw TransferError.at(path, offset: nil, .alreadyExists, "already exists; pass --force to replace it.")
            }
        }
        let partial = path + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
        try? files.removeItem(atPath: partial)
        let result: TransferProgress
        do {
            switch format {
            case .jsonl: result = try writeJSONLines(engine, to: partial, progress: progress)
            case .firestore:
                result = try writeFirestore(engine, to: partial, finalName: (path as NSString).lastPathComponent, progress: progress)
            }
            try? files.removeItem(atPath: path)
            try files.moveItem(atPath: partial, toPath: path)
        } catch let error as FirestoreError {
            try? files.removeItem(atPath: partial)
            throw error
        } catch {
            try? files.removeItem(atPath: partial)
            throw TransferError.io(path, error)
        }
        return result
    }

    private static func cancelled(_ documents: Int64) -> FirestoreError {
        FirestoreError(.cancelled, "Export stopped after \(documents) documents; nothing was written.")
    }

    private func selected(_ document: Document) -> Bool {
        guard let collectionIDs else { return true }
        return collectionIDs.contains(document.key.collectionID)
    }

    private func writeJSONLines(_ engine: Engine, to file: String, progress: ProgressHandler?) throws(FirestoreError) -> TransferProgress {
        let writer = try BufferedFileWriter(path: file)
        var state = TransferProgress()
        state.phase = "exporting"
        var reported = ContinuousClock.now
        try engine.forEachStoredDocument(in: database) { document throws(FirestoreError) in
            guard selected(document) else { return true }
            if state.documents % 1_024 == 0, isCancelled() { throw Self.cancelled(state.documents) }
            var line = JSONLinesCodec.line(document, database: database)
            line.append(0x0A)
            try writer.write(line)
            state.documents += 1
            state.bytes = writer.bytesWritten
            if let progress, ContinuousClock.now - reported > .milliseconds(200) {
                reported = ContinuousClock.now
                progress(state)
            }
            return true
        }
        try writer.finish()
        state.bytes = writer.bytesWritten
        progress?(state)
        return state
    }

    private func writeFirestore(
        _ engine: Engine, to folder: String, finalName: String, progress: ProgressHandler?
    ) throws(FirestoreError) -> TransferProgress {
        let start = Timestamp(microseconds: Int64(Date().timeIntervalSince1970 * 1_000_000))
        let exportRoot = emulatorLayout ? (folder as NSString).appendingPathComponent(Self.firestoreFolder) : folder
        let exportName = emulatorLayout ? Self.firestoreFolder : finalName
        let namespaces = (exportRoot as NSString).appendingPathComponent("all_namespaces")
        let kinds: [String?] = collectionIDs.map { $0.map(Optional.some) } ?? [nil]
        var outputs: [String: KindOutput] = [:]
        for kind in kinds {
            let kindPath = (namespaces as NSString).appendingPathComponent(ExportLayout.kindFolder(collectionID: kind))
            do {
                try FileManager.default.createDirectory(atPath: kindPath, withIntermediateDirectories: true)
            } catch {
                throw TransferError.io(kindPath, error)
            }
            outputs[kind ?? ""] = KindOutput(folder: kindPath, maxBytes: maxOutputFileBytes)
        }
        var state = TransferProgress()
        state.phase = "exporting"
        var reported = ContinuousClock.now
        let app = "dev~" + database.project
        var written: Int64 = 0
        try engine.forEachStoredDocument(in: database) { document throws(FirestoreError) in
            if state.documents % 1_024 == 0, isCancelled() { throw Self.cancelled(state.documents) }
            guard selected(document), let output = outputs[collectionIDs == nil ? "" : document.key.collectionID] else { return true }
            let entity = EntityEncoder.encode(document, app: app, database: database.database)
            try output.append(entity)
            written += Int64(entity.count)
            state.documents += 1
            state.bytes = written
            if let progress, ContinuousClock.now - reported > .milliseconds(200) {
                reported = ContinuousClock.now
                progress(state)
            }
            return true
        }
        let end = Timestamp(microseconds: Int64(Date().timeIntervalSince1970 * 1_000_000))
        var entries: [ExportMetadata.KindEntry] = []
        for kind in kinds {
            guard let output = outputs[kind ?? ""] else { continue }
            try output.finish()
            let folderName = ExportLayout.kindFolder(collectionID: kind)
            let metadataName = "all_namespaces_\(folderName).export_metadata"
            try ExportMetadata.writeKind(
                (output.folder as NSString).appendingPathComponent(metadataName), exportName: exportName,
                start: start, end: end, kind: kind, files: output.fileNames)
            entries.append(ExportMetadata.KindEntry(
                metadataPath: "all_namespaces/\(folderName)/\(metadataName)", documents: output.documents, bytes: output.bytes))
        }
        try ExportMetadata.writeOverall(
            (exportRoot as NSString).appendingPathComponent("\(exportName)\(ExportLayout.overallSuffix)"), entries: entries)
        if emulatorLayout { try EmulatorMetadata.write(folder: folder, firestorePath: Self.firestoreFolder) }
        progress?(state)
        return state
    }
}

/// The output files of one kind folder: `output-0`, `output-1`, … rolled over by size.
private final class KindOutput {
    let folder: String
    let maxBytes: Int64
    private(set) var fileNames: [String] = []
    private(set) var documents: Int64 = 0
    private var finishedBytes: Int64 = 0
    private var writer: LogWriter?

    init(folder: String, maxBytes: Int64) {
        self.folder = folder
        self.maxBytes = maxBytes
    }

    /// Bytes written to every output file.
    var bytes: Int64 { finishedBytes + (writer?.bytesWritten ?? 0) }

    func append(_ entity: [UInt8]) throws(FirestoreError) {
        if let current = writer, current.bytesWritten >= maxBytes {
            try current.finish()
            finishedBytes += current.bytesWritten
            writer = nil
        }
        let current: LogWriter
        if let existing = writer {
            current = existing
        } else {
            let name = "output-\(fileNames.count)"
            current = try LogWriter(path: (folder as NSString).appendingPathComponent(name))
            fileNames.append(name)
            writer = current
        }
        try current.append(entity)
        documents += 1
    }

    func finish() throws(FirestoreError) {
        if writer == nil && fileNames.isEmpty {
            // An empty kind still gets its (empty) output file, as Google's tools write one.
            let name = "output-0"
            writer = try LogWriter(path: (folder as NSString).appendingPathComponent(name))
            fileNames.append(name)
        }
        if let writer {
            try writer.finish()
            finishedBytes += writer.bytesWritten
        }
        writer = nil
    }
}
