import Foundation
package import HearthCore

/// Streams the documents of an export (either format), one record at a time, across its files.
package final class DocumentSource {
    /// The detected layout.
    package let kind: ExportLayout.Kind
    /// The total size of the files to read (for progress).
    package let totalBytes: Int64
    private var files: [String]
    private var log: LogReader?
    private var lines: LineReader?
    private var finishedBytes: Int64 = 0
    /// Whether damaged framing is passed over (`LogReader.resynchronizes`) rather than fatal.
    private let passingDamage: Bool
    /// Bytes of damaged framing dropped in files already finished.
    private var finishedDamagedBytes: Int64 = 0

    /// Opens the export at `path` (a folder or a `.jsonl` file); with `passingDamage`, damaged
    /// framing in an export's log files is reported as `.damaged` and reading resumes after it.
    /// - Throws: `NOT_FOUND` or `DATA_LOSS` from `ExportLayout.detect`.
    package init(path: String, passingDamage: Bool = false) throws(FirestoreError) {
        self.passingDamage = passingDamage
        kind = try ExportLayout.detect(path)
        switch kind {
        case .firestore(let outputFiles): files = outputFiles
        case .jsonLines(let file): files = [file]
        }
        totalBytes = files.reduce(0) { total, file in
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value ?? 0
            return total + size
        }
        files.reverse()
    }

    /// Bytes of damaged framing dropped so far (with `passingDamage`).
    package var damagedBytes: Int64 { finishedDamagedBytes + (log?.droppedBytes ?? 0) }

    /// Bytes consumed so far.
    package var bytesRead: Int64 { finishedBytes + (log?.bytesRead ?? 0) + (lines?.bytesRead ?? 0) }

    /// What one record of the source held.
    package enum Item: Sendable {
        /// A document.
        case document(ImportRecord)
        /// A record that could be read but not taken (bad path, unknown field, bad value):
        /// skippable with `--skip-invalid`.
        case invalid(FirestoreError)
        /// Damaged framing passed over (only with `passingDamage`): the records it held are lost.
        case damaged(FirestoreError)
    }

    /// The next record, or nil when every file is read.
    /// - Throws: the file's error (named with its offset) when the framing itself is damaged
    ///   (bad checksum, truncated file): reading cannot go on past it.
    package func next() throws(FirestoreError) -> Item? {
        while true {
            if let log {
                if let entry = try log.nextEntry() {
                    guard case .record(let record) = entry else {
                        if case .damage(let error) = entry { return .damaged(error) }
                        continue
                    }
                    let origin = WireReader.Origin(file: log.path, offset: log.recordOffset)
                    let entity: ExportedEntity
                    do {
                        entity = try EntityDecoder.decode(record, origin: origin)
                    } catch {
                        return .invalid(error)
                    }
                    let database = entity.project.map {
                        DatabaseID(uncheckedProject: $0, database: entity.database)
                    }
                    return .document(ImportRecord(
                        key: entity.key, fields: entity.fields, sourceDatabase: database,
                        file: log.path, offset: log.recordOffset))
                }
                finishedBytes += log.bytesRead
                finishedDamagedBytes += log.droppedBytes
                self.log = nil
            }
            if let lines {
                while let line = try lines.next() {
                    if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                    do {
                        return .document(try JSONLinesCodec.record(line, file: lines.path, offset: lines.lineOffset))
                    } catch {
                        return .invalid(error)
                    }
                }
                finishedBytes += lines.bytesRead
                self.lines = nil
            }
            guard let file = files.popLast() else { return nil }
            if case .jsonLines = kind {
                lines = try LineReader(path: file)
            } else {
                let reader = try LogReader(path: file)
                reader.resynchronizes = passingDamage
                log = reader
            }
        }
    }
}
