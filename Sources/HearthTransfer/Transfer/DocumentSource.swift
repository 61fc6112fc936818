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

    /// The byte range of the JSON Lines file this source reads (nil: all of it).
    private let lineRange: Range<Int64>?

    /// Opens the export at `path` (a folder or a `.jsonl` file); with `passingDamage`, damaged
    /// framing in an export's log files is reported as `.damaged` and reading resumes after it.
    /// - Throws: `NOT_FOUND` or `DATA_LOSS` from `ExportLayout.detect`.
    package convenience init(path: String, passingDamage: Bool = false) throws(FirestoreError) {
        let kind = try ExportLayout.detect(path)
        let files = Self.files(of: kind)
        self.init(kind: kind, files: files, sizes: files.map(Self.size(of:)), lineRange: nil, passingDamage: passingDamage)
    }

    private init(kind: ExportLayout.Kind, files: [String], sizes: [Int64], lineRange: Range<Int64>?, passingDamage: Bool) {
        self.kind = kind
        self.passingDamage = passingDamage
        self.lineRange = lineRange
        self.files = files.reversed()
        totalBytes = lineRange.map { $0.upperBound - $0.lowerBound } ?? sizes.reduce(0, +)
    }

    /// A part of an export that one `DocumentSource` reads (see `parts(of:count:)`).
    package struct Part: Sendable {
        fileprivate let kind: ExportLayout.Kind
        fileprivate let files: [String]
        fileprivate let sizes: [Int64]
        fileprivate let lineRange: Range<Int64>?

        /// The bytes this part covers.
        package var bytes: Int64 { lineRange.map { $0.upperBound - $0.lowerBound } ?? sizes.reduce(0, +) }
    }

    /// Opens one part of an export (see `parts(of:count:)`).
    package convenience init(part: Part, passingDamage: Bool = false) {
        self.init(kind: part.kind, files: part.files, sizes: part.sizes, lineRange: part.lineRange, passingDamage: passingDamage)
    }

    /// The export at `path` as up to `count` parts that can be read at the same time and
    /// together hold every record once, in order: the first part's records come first. An
    /// export's output files are divided into runs of whole files; a JSON Lines file into byte
    /// ranges whose lines are cut at line breaks. No part is smaller than `minimumBytes`.
    /// - Throws: `NOT_FOUND` or `DATA_LOSS` from `ExportLayout.detect`.
    package static func parts(
        of path: String, count: Int, minimumBytes: Int64 = minimumPartBytes
    ) throws(FirestoreError) -> [Part] {
        let kind = try ExportLayout.detect(path)
        let files = Self.files(of: kind)
        let sizes = files.map(Self.size(of:))
        let total = sizes.reduce(0, +)
        let wanted = max(1, min(count, Int(total / max(1, minimumBytes))))
        guard wanted > 1 else {
            return [Part(kind: kind, files: files, sizes: sizes, lineRange: nil)]
        }
        if case .jsonLines(let file) = kind {
            return (0..<wanted).map { index in
                let range = total * Int64(index) / Int64(wanted)..<total * Int64(index + 1) / Int64(wanted)
                return Part(kind: kind, files: [file], sizes: sizes, lineRange: range)
            }
        }
        // Runs of whole files of about equal size: a file joins the current run until the runs
        // so far reach their share of the bytes.
        var parts: [Part] = []
        var runFiles: [String] = []
        var runSizes: [Int64] = []
        var taken: Int64 = 0
        for (file, size) in zip(files, sizes) {
            runFiles.append(file)
            runSizes.append(size)
            taken += size
            if taken >= total * Int64(parts.count + 1) / Int64(wanted), parts.count < wanted - 1 {
                parts.append(Part(kind: kind, files: runFiles, sizes: runSizes, lineRange: nil))
                runFiles = []
                runSizes = []
            }
        }
        if !runFiles.isEmpty {
            parts.append(Part(kind: kind, files: runFiles, sizes: runSizes, lineRange: nil))
        }
        return parts
    }

    /// Exports are not divided into parts smaller than this (the threads would cost more than
    /// they save).
    package static let minimumPartBytes: Int64 = 4 << 20

    private static func files(of kind: ExportLayout.Kind) -> [String] {
        switch kind {
        case .firestore(let outputFiles): return outputFiles
        case .jsonLines(let file): return [file]
        }
    }

    private static func size(of file: String) -> Int64 {
        (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.int64Value ?? 0
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
                if let lineRange {
                    lines = try LineReader(path: file, range: lineRange)
                } else {
                    lines = try LineReader(path: file)
                }
            } else {
                let reader = try LogReader(path: file)
                reader.resynchronizes = passingDamage
                log = reader
            }
        }
    }
}
